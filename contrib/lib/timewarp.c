// timewarp: an LD_PRELOAD library that moves one process's wall clock forward at run time, so
// that contrib/week.sh can run outpostd through a week in minutes on the sandbox's clock.
//
// Only the wall clock moves (CLOCK_REALTIME and its coarse twin, gettimeofday, time): the
// monotonic and boot clocks stay real, so durations (retry back-offs, timeouts, Task.sleep) are
// real durations, as they are on a user's machine whose clock is set forward. What makes a
// reminder at 19:00 fire when the simulated clock reaches 19:00 is libdispatch's wall-time
// timer, a CLOCK_REALTIME timerfd armed with an absolute deadline: this library translates
// those deadlines into real time, and re-arms them whenever the offset moves.
//
// The offset comes from the file named by OUTPOST_TIMEWARP_FILE: 16 bytes, the offset in
// nanoseconds as a little-endian int64, twice (a reader that sees two different values read
// during a write and reads again). The driver rewrites it in place; every process that maps it
// sees the new value at once. Without the variable the library changes nothing.
//
//   cc -shared -fPIC -O2 -o timewarp.so contrib/lib/timewarp.c -ldl -lpthread
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define NSEC 1000000000LL
#define MAX_TIMERS 4096

static int64_t *shared;  // the mapped file, or NULL
static int (*real_clock_gettime)(clockid_t, struct timespec *);
static int (*real_gettimeofday)(struct timeval *, void *);
static int (*real_timerfd_create)(int, int);
static int (*real_timerfd_settime)(int, int, const struct itimerspec *, struct itimerspec *);

// The CLOCK_REALTIME timerfds armed with an absolute deadline, in simulated time.
struct wall_timer {
  int wall;      // created on CLOCK_REALTIME
  int armed;     // armed with TFD_TIMER_ABSTIME
  int flags;
  struct itimerspec simulated;
};
static struct wall_timer timers[MAX_TIMERS];
static pthread_mutex_t timers_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t watcher_once = PTHREAD_ONCE_INIT;

static int64_t offset_ns(void) {
  if (!shared) return 0;
  for (;;) {
    int64_t first = __atomic_load_n(&shared[0], __ATOMIC_ACQUIRE);
    int64_t second = __atomic_load_n(&shared[1], __ATOMIC_ACQUIRE);
    if (first == second) return first;
  }
}

static struct timespec shifted(struct timespec time, int64_t by) {
  int64_t total = (int64_t)time.tv_sec * NSEC + time.tv_nsec + by;
  if (total < 1) total = 1;  // never 0: that would disarm the timer
  struct timespec result = {.tv_sec = total / NSEC, .tv_nsec = total % NSEC};
  return result;
}

// The real functions, looked up on first use: another library's constructor may read the clock
// before this library's constructor has run.
static void resolve(void) {
  if (__atomic_load_n(&real_timerfd_settime, __ATOMIC_ACQUIRE)) return;
  real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
  real_gettimeofday = dlsym(RTLD_NEXT, "gettimeofday");
  real_timerfd_create = dlsym(RTLD_NEXT, "timerfd_create");
  __atomic_store_n(&real_timerfd_settime, dlsym(RTLD_NEXT, "timerfd_settime"), __ATOMIC_RELEASE);
}

__attribute__((constructor)) static void timewarp_init(void) {
  resolve();
  const char *path = getenv("OUTPOST_TIMEWARP_FILE");
  if (!path || !*path) return;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  void *map = mmap(NULL, 16, PROT_READ, MAP_SHARED, fd, 0);
  close(fd);
  if (map != MAP_FAILED) shared = map;
}

static void arm(int fd, struct wall_timer *timer, int64_t offset) {
  struct itimerspec real = timer->simulated;
  real.it_value = shifted(timer->simulated.it_value, -offset);
  real_timerfd_settime(fd, timer->flags, &real, NULL);
}

// Re-arms the wall timers when the offset moves: a deadline the simulated clock has passed
// fires at once, as a real timer does when the clock is set past it.
static void *watch(void *unused) {
  (void)unused;
  int64_t last = offset_ns();
  struct timespec pause = {.tv_sec = 0, .tv_nsec = 2000000};
  for (;;) {
    nanosleep(&pause, NULL);
    int64_t now = offset_ns();
    if (now == last) continue;
    last = now;
    pthread_mutex_lock(&timers_lock);
    for (int fd = 0; fd < MAX_TIMERS; fd++) {
      if (timers[fd].wall && timers[fd].armed) arm(fd, &timers[fd], now);
    }
    pthread_mutex_unlock(&timers_lock);
  }
  return NULL;
}

static void start_watcher(void) {
  pthread_t thread;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_create(&thread, &attributes, watch, NULL);
  pthread_attr_destroy(&attributes);
}

int clock_gettime(clockid_t clock, struct timespec *time) {
  resolve();
  int result = real_clock_gettime(clock, time);
  if (result == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) {
    *time = shifted(*time, offset_ns());
  }
  return result;
}

int gettimeofday(struct timeval *time, void *zone) {
  resolve();
  int result = real_gettimeofday(time, zone);
  if (result == 0) {
    struct timespec moved = shifted((struct timespec){time->tv_sec, time->tv_usec * 1000}, offset_ns());
    time->tv_sec = moved.tv_sec;
    time->tv_usec = moved.tv_nsec / 1000;
  }
  return result;
}

time_t time(time_t *out) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  if (out) *out = now.tv_sec;
  return now.tv_sec;
}

int timerfd_create(int clock, int flags) {
  resolve();
  int fd = real_timerfd_create(clock, flags);
  if (fd >= 0 && fd < MAX_TIMERS) {
    pthread_mutex_lock(&timers_lock);
    timers[fd] = (struct wall_timer){.wall = clock == CLOCK_REALTIME && shared != NULL};
    pthread_mutex_unlock(&timers_lock);
    if (timers[fd].wall) pthread_once(&watcher_once, start_watcher);
  }
  return fd;
}

int timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
  resolve();
  if (fd < 0 || fd >= MAX_TIMERS || !value) return real_timerfd_settime(fd, flags, value, old);
  pthread_mutex_lock(&timers_lock);
  int result;
  struct wall_timer *timer = &timers[fd];
  int disarm = value->it_value.tv_sec == 0 && value->it_value.tv_nsec == 0;
  if (timer->wall && (flags & TFD_TIMER_ABSTIME) && !disarm) {
    timer->armed = 1;
    timer->flags = flags;
    timer->simulated = *value;
    struct itimerspec real = *value;
    real.it_value = shifted(value->it_value, -offset_ns());
    result = real_timerfd_settime(fd, flags, &real, old);
  } else {
    timer->armed = 0;
    result = real_timerfd_settime(fd, flags, value, old);
  }
  pthread_mutex_unlock(&timers_lock);
  return result;
}

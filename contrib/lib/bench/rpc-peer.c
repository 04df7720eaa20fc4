// rpc-peer: the C side of contrib/bench-peers.sh, which measures Outpost next to C and Python
// peers in one run. Every mode speaks Outpost's wire format: one JSON-RPC object per line,
// '\n'-terminated, over a Unix stream socket, replies one line each. No JSON is parsed: a
// request is whatever line the caller passes, a reply is whatever line comes back.
//
//   rpc-peer serve SOCKET REPLYFILE
//       The physical floor: a single-threaded poll() server that answers every request line
//       with the same canned reply. Whatever outpostd takes beyond this is outpostd's own cost.
//   rpc-peer oneshot SOCKET REQUEST
//       Connect, send one request, print the reply line. The C one-shot client that
//       `outpost status` is compared to (timed from outside, by hyperfine).
//   rpc-peer latency SOCKET REQUEST N [CPU]
//       Round-trip latency over one connection (optionally pinned to CPU), after 200 warm-ups:
//       {"n":N,"p50_us":..,"p90_us":..,"p99_us":..,"mean_us":..}
//   rpc-peer throughput SOCKET REQUEST CONNECTIONS SECONDS
//       CONNECTIONS threads, one connection and one request in flight each, for SECONDS after
//       a 0.5 s warm-up: {"connections":C,"seconds":S,"requests":R,"rps":..,"p50_us":..,
//       "p99_us":..}. "seconds" is the measured window (SECONDS give or take a scheduler tick).
//   rpc-peer activate SOCKET REQUEST -- PROGRAM [ARGS...]
//       Socket-activated start-to-ready: bind SOCKET, start PROGRAM with it as fd 3 the way
//       systemd does (LISTEN_FDS, LISTEN_PID, LISTEN_FDNAMES), time from fork to the first
//       reply line: {"ready_ms":..}. PROGRAM's stdout goes to our stderr, so that the JSON line
//       is all there is on stdout.
//
// Percentiles are nearest-rank over the sorted samples. Errors (refused connection, EOF before
// a reply line) go to stderr with exit status 1.
//
//   cc -O2 -pthread -Wall -Wextra -o rpc-peer contrib/lib/bench/rpc-peer.c
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WARMUP_ROUND_TRIPS 200

// activate's child, killed by die() so that a failed measurement leaves no daemon behind.
static pid_t child_pid;

static void die(const char *fmt, ...) {
  if (child_pid > 0) kill(child_pid, SIGKILL);
  va_list ap;
  va_start(ap, fmt);
  fputs("rpc-peer: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static void *xrealloc(void *p, size_t n) {
  p = realloc(p, n);
  if (!p) die("out of memory");
  return p;
}

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static long parse_long(const char *s, const char *what, long min) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < min) die("bad %s: %s", what, s);
  return v;
}

static struct sockaddr_un socket_address(const char *path) {
  struct sockaddr_un addr = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof addr.sun_path) die("socket path too long: %s", path);
  strcpy(addr.sun_path, path);
  return addr;
}

static int connect_unix(const char *path) {
  struct sockaddr_un addr = socket_address(path);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) die("socket: %s", strerror(errno));
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0)
    die("connect %s: %s", path, strerror(errno));
  return fd;
}

// Unlinks PATH and binds a listening socket there. Called before anything is forked, so
// SOCK_CLOEXEC only matters to stray children; activate clears it on the child's fd 3.
static int listen_unix(const char *path, int flags) {
  struct sockaddr_un addr = socket_address(path);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | flags, 0);
  if (fd < 0) die("socket: %s", strerror(errno));
  if (unlink(path) < 0 && errno != ENOENT) die("unlink %s: %s", path, strerror(errno));
  if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0)
    die("bind %s: %s", path, strerror(errno));
  if (listen(fd, 128) < 0) die("listen %s: %s", path, strerror(errno));
  return fd;
}

static void write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      die("write: %s", strerror(errno));
    }
    p += w;
    n -= (size_t)w;
  }
}

// The request as sent: the caller's string plus '\n', built once so that a round trip is one
// write().
static char *request_line(const char *request, size_t *len) {
  size_t n = strlen(request);
  char *line = xrealloc(NULL, n + 1);
  memcpy(line, request, n);
  line[n] = '\n';
  *len = n + 1;
  return line;
}

// --- Client-side line reader -------------------------------------------------------------------

// A growable read buffer: replies may be up to a mebibyte, arriving in many reads. `scanned`
// is how far '\n' has already been looked for, so a long reply is not rescanned on every read.
struct reader {
  char *data;
  size_t len, cap, scanned;
};

static void reader_init(struct reader *r) {
  r->cap = 64 * 1024;
  r->data = xrealloc(NULL, r->cap);
  r->len = r->scanned = 0;
}

// Reads until the buffer holds a whole line; returns its length including the '\n', or 0 at
// EOF before one (or on a read error, reported through errno != 0).
static size_t read_line(int fd, struct reader *r) {
  for (;;) {
    char *nl = memchr(r->data + r->scanned, '\n', r->len - r->scanned);
    if (nl) return (size_t)(nl - r->data) + 1;
    r->scanned = r->len;
    if (r->cap - r->len < 16 * 1024) {
      r->cap *= 2;
      r->data = xrealloc(r->data, r->cap);
    }
    ssize_t n = read(fd, r->data + r->len, r->cap - r->len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = 0;
      return 0;
    }
    r->len += (size_t)n;
  }
}

// Drops the first `n` bytes (a line returned by read_line), keeping anything read past it.
static void reader_consume(struct reader *r, size_t n) {
  memmove(r->data, r->data + n, r->len - n);
  r->len -= n;
  r->scanned = 0;
}

static void round_trip(int fd, const char *req, size_t req_len, struct reader *r) {
  write_all(fd, req, req_len);
  size_t n = read_line(fd, r);
  if (n == 0) {
    if (errno) die("read: %s", strerror(errno));
    die("connection closed before a reply line");
  }
  reader_consume(r, n);
}

// --- Percentiles --------------------------------------------------------------------------------

static int compare_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

// Nearest rank: the smallest sample with at least p% of the samples at or below it.
// Integer arithmetic (rank = ceil(p * n / 100)), so that no libm is needed.
static double percentile(const float *sorted, size_t n, unsigned p) {
  if (n == 0) return 0;
  size_t rank = (p * n + 99) / 100;
  if (rank < 1) rank = 1;
  if (rank > n) rank = n;
  return sorted[rank - 1];
}

// --- serve --------------------------------------------------------------------------------------

// The server never looks inside a request: all it needs is how many lines have ended, so it
// counts '\n' bytes as they arrive (a line split over reads, or many lines in one read, both
// come out right) and owes that many replies. Since every reply is the same bytes, the output
// "buffer" of a connection is a count of replies owed plus an offset into the current one, and
// a write is a writev of up to REPLY_IOVS copies of the one reply: no copying, constant memory
// per connection, however far a client pipelines ahead.
#define REPLY_IOVS 64
// A client this many replies behind is not read from until it catches up (back-pressure, so
// that a client that never reads cannot keep the server busy writing forever).
#define OWED_HIGH_WATER 4096

struct conn {
  int fd;
  int eof;             // the peer has finished sending; close once nothing is owed
  uint64_t owed;       // replies not yet fully written
  size_t offset;       // bytes of the first owed reply already written
};

static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig) {
  (void)sig;
  stop_requested = 1;
}

// Writes what the socket takes of the replies owed; returns -1 when the connection is dead.
static int flush_replies(struct conn *c, const char *reply, size_t reply_len) {
  while (c->owed > 0) {
    struct iovec iov[REPLY_IOVS];
    int count = c->owed < REPLY_IOVS ? (int)c->owed : REPLY_IOVS;
    for (int i = 0; i < count; i++) {
      iov[i].iov_base = (void *)reply;
      iov[i].iov_len = reply_len;
    }
    iov[0].iov_base = (char *)reply + c->offset;
    iov[0].iov_len = reply_len - c->offset;
    ssize_t w = writev(c->fd, iov, count);
    if (w < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
      return -1;  // EPIPE, ECONNRESET: the client is gone
    }
    // The stream position within the run of replies is offset + w.
    size_t position = c->offset + (size_t)w;
    c->owed -= position / reply_len;
    c->offset = position % reply_len;
  }
  return 0;
}

// One read per wake-up, so a busy connection cannot starve the others; poll is level-triggered
// and reports whatever is left. Returns -1 when the connection is dead.
static int read_requests(struct conn *c) {
  char buf[64 * 1024];
  ssize_t n = read(c->fd, buf, sizeof buf);
  if (n < 0) {
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    return -1;
  }
  if (n == 0) {
    c->eof = 1;
    return 0;
  }
  for (char *p = buf, *end = buf + n; (p = memchr(p, '\n', (size_t)(end - p))); p++) c->owed++;
  return 0;
}

// The reply, read once: exactly one line, ending in exactly one '\n'.
static char *load_reply(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) die("%s: %s", path, strerror(errno));
  size_t cap = 4096, n = 0;
  char *data = xrealloc(NULL, cap);
  size_t got;
  while ((got = fread(data + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n - 1 == 0) data = xrealloc(data, cap *= 2);
  }
  if (ferror(f)) die("%s: read error", path);
  fclose(f);
  while (n > 0 && (data[n - 1] == '\n' || data[n - 1] == '\r')) n--;
  if (n == 0) die("%s: empty reply", path);
  // A newline inside the reply would make clients see two replies to one request.
  if (memchr(data, '\n', n)) die("%s: the reply must be a single line", path);
  data[n++] = '\n';
  *len = n;
  return data;
}

static int serve(const char *path, const char *reply_path) {
  size_t reply_len;
  char *reply = load_reply(reply_path, &reply_len);

  // SIGTERM/SIGINT stay blocked except inside ppoll, so a stop request can only arrive while
  // the loop is waiting, and interrupts that wait with EINTR: no window in which it is missed.
  sigset_t stop_signals, during_poll;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  sigprocmask(SIG_BLOCK, &stop_signals, &during_poll);
  sigdelset(&during_poll, SIGTERM);
  sigdelset(&during_poll, SIGINT);
  struct sigaction sa = {.sa_handler = on_stop_signal};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);

  int listener = listen_unix(path, SOCK_NONBLOCK);

  struct conn *conns = NULL;
  struct pollfd *pfds = NULL;
  size_t nconns = 0, cap = 0;

  while (!stop_requested) {
    if (cap < nconns + 1) {
      cap = cap ? cap * 2 : 64;
      conns = xrealloc(conns, cap * sizeof *conns);
      pfds = xrealloc(pfds, (cap + 1) * sizeof *pfds);
    }
    pfds[0] = (struct pollfd){.fd = listener, .events = POLLIN};
    for (size_t i = 0; i < nconns; i++) {
      short events = 0;
      if (!conns[i].eof && conns[i].owed < OWED_HIGH_WATER) events |= POLLIN;
      if (conns[i].owed > 0) events |= POLLOUT;
      pfds[i + 1] = (struct pollfd){.fd = conns[i].fd, .events = events};
    }
    size_t polled = nconns;
    if (ppoll(pfds, polled + 1, NULL, &during_poll) < 0) {
      if (errno == EINTR) continue;
      die("poll: %s", strerror(errno));
    }

    for (size_t i = 0; i < polled; i++) {
      struct conn *c = &conns[i];
      short rev = pfds[i + 1].revents;
      int dead = 0;
      // The read tells a hang-up (0) from an error (-1) from data. A connection not read
      // from (far behind, or at EOF) owes replies or is closed below, so a dead one is found
      // by the write.
      if ((rev & (POLLIN | POLLHUP | POLLERR)) && !c->eof && c->owed < OWED_HIGH_WATER)
        dead = read_requests(c) < 0;
      // Write straight away rather than waiting for the next POLLOUT: the usual case is one
      // small reply that fits the socket buffer.
      if (!dead) dead = flush_replies(c, reply, reply_len) < 0;
      if (dead || (c->eof && c->owed == 0)) {
        close(c->fd);
        c->fd = -1;
      }
    }
    size_t kept = 0;
    for (size_t i = 0; i < nconns; i++)
      if (conns[i].fd >= 0) conns[kept++] = conns[i];
    nconns = kept;

    if (pfds[0].revents & POLLIN) {
      for (;;) {
        int fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
          if (errno == EINTR || errno == ECONNABORTED) continue;
          if (errno != EAGAIN && errno != EWOULDBLOCK)
            fprintf(stderr, "rpc-peer: accept: %s\n", strerror(errno));
          break;
        }
        if (nconns == cap) {
          cap *= 2;
          conns = xrealloc(conns, cap * sizeof *conns);
          pfds = xrealloc(pfds, (cap + 1) * sizeof *pfds);
        }
        conns[nconns++] = (struct conn){.fd = fd};
      }
    }
  }

  for (size_t i = 0; i < nconns; i++) close(conns[i].fd);
  close(listener);
  unlink(path);
  free(conns);
  free(pfds);
  free(reply);
  return 0;
}

// --- oneshot ------------------------------------------------------------------------------------

static int oneshot(const char *path, const char *request) {
  size_t req_len;
  char *req = request_line(request, &req_len);
  int fd = connect_unix(path);
  write_all(fd, req, req_len);
  struct reader r;
  reader_init(&r);
  size_t n = read_line(fd, &r);
  if (n == 0) {
    if (errno) die("read: %s", strerror(errno));
    die("connection closed before a reply line");
  }
  fwrite(r.data, 1, n, stdout);
  if (fflush(stdout) != 0) die("write stdout: %s", strerror(errno));
  close(fd);
  return 0;
}

// --- latency ------------------------------------------------------------------------------------

static int latency(const char *path, const char *request, long n, const char *cpu_arg) {
  if (cpu_arg) {
    long cpu = parse_long(cpu_arg, "CPU", 0);
    if (cpu >= CPU_SETSIZE) die("bad CPU: %s", cpu_arg);
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET((int)cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) < 0) die("sched_setaffinity: %s", strerror(errno));
  }
  size_t req_len;
  char *req = request_line(request, &req_len);
  int fd = connect_unix(path);
  struct reader r;
  reader_init(&r);
  for (int i = 0; i < WARMUP_ROUND_TRIPS; i++) round_trip(fd, req, req_len, &r);

  float *samples = xrealloc(NULL, (size_t)n * sizeof *samples);
  double sum = 0;
  for (long i = 0; i < n; i++) {
    int64_t t0 = now_ns();
    round_trip(fd, req, req_len, &r);
    double us = (double)(now_ns() - t0) / 1000.0;
    samples[i] = (float)us;
    sum += us;
  }
  qsort(samples, (size_t)n, sizeof *samples, compare_float);
  printf("{\"n\":%ld,\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f,\"mean_us\":%.1f}\n", n,
         percentile(samples, (size_t)n, 50), percentile(samples, (size_t)n, 90),
         percentile(samples, (size_t)n, 99), sum / (double)n);
  close(fd);
  return 0;
}

// --- throughput ---------------------------------------------------------------------------------

enum { PHASE_WARMUP, PHASE_MEASURE, PHASE_STOP };
static atomic_int phase = PHASE_WARMUP;

// Samples are floats (microseconds): a 64 Mi-sample budget across all threads is 256 MiB at
// most. A thread past its share keeps counting requests but stops recording latencies, so the
// percentiles then describe the first part of the window.
#define SAMPLE_BUDGET (64u << 20)

struct worker {
  pthread_t thread;
  int fd;
  const char *req;
  size_t req_len;
  size_t max_samples;
  float *samples;
  size_t nsamples, cap;
  uint64_t requests;
};

static void *worker_main(void *arg) {
  struct worker *w = arg;
  struct reader r;
  reader_init(&r);
  for (;;) {
    int ph = atomic_load_explicit(&phase, memory_order_acquire);
    if (ph == PHASE_STOP) break;
    int64_t t0 = now_ns();
    round_trip(w->fd, w->req, w->req_len, &r);
    // A request counts when it started inside the window; one that straddles the start is
    // warm-up, one that straddles the end is in (at most one per connection).
    if (ph != PHASE_MEASURE) continue;
    w->requests++;
    if (w->nsamples == w->max_samples) continue;
    if (w->nsamples == w->cap) {
      w->cap = w->cap ? w->cap * 2 : 64 * 1024;
      if (w->cap > w->max_samples) w->cap = w->max_samples;
      w->samples = xrealloc(w->samples, w->cap * sizeof *w->samples);
    }
    w->samples[w->nsamples++] = (float)((double)(now_ns() - t0) / 1000.0);
  }
  free(r.data);
  return NULL;
}

static void sleep_seconds(double s) {
  struct timespec ts = {.tv_sec = (time_t)s, .tv_nsec = (long)((s - (double)(time_t)s) * 1e9)};
  while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
  }
}

static int throughput(const char *path, const char *request, long nconn, const char *seconds_arg) {
  char *end;
  double seconds = strtod(seconds_arg, &end);
  if (end == seconds_arg || *end || !(seconds > 0)) die("bad SECONDS: %s", seconds_arg);
  size_t req_len;
  char *req = request_line(request, &req_len);

  struct worker *workers = calloc((size_t)nconn, sizeof *workers);
  if (!workers) die("out of memory");
  // All connections are made before any thread starts, so that a refused connection is
  // reported plainly and the warm-up runs at full concurrency from its first moment.
  for (long i = 0; i < nconn; i++) {
    workers[i].fd = connect_unix(path);
    workers[i].req = req;
    workers[i].req_len = req_len;
    workers[i].max_samples = SAMPLE_BUDGET / (size_t)nconn;
  }
  for (long i = 0; i < nconn; i++) {
    int err = pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]);
    if (err) die("pthread_create: %s", strerror(err));
  }
  sleep_seconds(0.5);
  int64_t t_start = now_ns();
  atomic_store_explicit(&phase, PHASE_MEASURE, memory_order_release);
  sleep_seconds(seconds);
  atomic_store_explicit(&phase, PHASE_STOP, memory_order_release);
  int64_t t_end = now_ns();

  uint64_t requests = 0;
  size_t total = 0;
  for (long i = 0; i < nconn; i++) {
    pthread_join(workers[i].thread, NULL);
    requests += workers[i].requests;
    total += workers[i].nsamples;
  }
  float *all = xrealloc(NULL, (total ? total : 1) * sizeof *all);
  size_t k = 0;
  for (long i = 0; i < nconn; i++) {
    memcpy(all + k, workers[i].samples, workers[i].nsamples * sizeof *all);
    k += workers[i].nsamples;
    free(workers[i].samples);
    close(workers[i].fd);
  }
  qsort(all, total, sizeof *all, compare_float);
  double window = (double)(t_end - t_start) / 1e9;
  printf("{\"connections\":%ld,\"seconds\":%.3f,\"requests\":%llu,\"rps\":%.1f,"
         "\"p50_us\":%.1f,\"p99_us\":%.1f}\n",
         nconn, window, (unsigned long long)requests, (double)requests / window,
         percentile(all, total, 50), percentile(all, total, 99));
  free(all);
  free(workers);
  return 0;
}

// --- activate -----------------------------------------------------------------------------------

// Waits up to `timeout_ms` for the child to exit; returns 1 if it did (and was reaped).
static int wait_child(pid_t pid, int timeout_ms, int *status) {
  int64_t deadline = now_ns() + (int64_t)timeout_ms * 1000000;
  for (;;) {
    pid_t got = waitpid(pid, status, WNOHANG);
    if (got == pid) return 1;
    if (got < 0 && errno != EINTR) return 1;  // not our child any more: nothing to wait for
    if (now_ns() >= deadline) return 0;
    sleep_seconds(0.01);
  }
}

#define ACTIVATE_TIMEOUT_S 60

// Most often a failed connect or read means the program failed to start: say how it ended
// rather than only "connection refused" or "reset".
static void activate_failed(pid_t pid, const char *program, const char *what) {
  int status;
  if (wait_child(pid, 200, &status)) {
    child_pid = 0;
    if (WIFEXITED(status))
      die("%s exited with status %d before replying (%s)", program, WEXITSTATUS(status), what);
    if (WIFSIGNALED(status))
      die("%s was killed by signal %d before replying (%s)", program, WTERMSIG(status), what);
  }
  die("%s", what);
}

static int activate(const char *path, const char *request, char **argv) {
  size_t req_len;
  char *req = request_line(request, &req_len);
  int listener = listen_unix(path, 0);
  fflush(NULL);  // nothing buffered may be written twice, by the child too

  // SIGPIPE stays ignored in the child, as systemd leaves it for a service (IgnoreSIGPIPE=
  // defaults to yes).
  int64_t t0 = now_ns();
  pid_t pid = fork();
  if (pid < 0) die("fork: %s", strerror(errno));
  if (pid == 0) {
    // The child: the listening socket becomes fd 3 without FD_CLOEXEC, as systemd passes it.
    if (listener != 3) {
      if (dup2(listener, 3) < 0) _exit(127);
      close(listener);
    }
    int flags = fcntl(3, F_GETFD);
    if (flags < 0 || fcntl(3, F_SETFD, flags & ~FD_CLOEXEC) < 0) _exit(127);
    // LISTEN_PID must be the pid of the process that will read it, so it is known only here;
    // sd_listen_fds ignores the sockets otherwise.
    char pid_text[32];
    snprintf(pid_text, sizeof pid_text, "%ld", (long)getpid());
    setenv("LISTEN_FDS", "1", 1);
    setenv("LISTEN_PID", pid_text, 1);
    setenv("LISTEN_FDNAMES", "outpost.sock", 1);
    dup2(2, 1);  // keep our stdout for the one JSON line
    execvp(argv[0], argv);
    fprintf(stderr, "rpc-peer: exec %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }

  // The parent gives up its copy of the listener: if the child dies without serving, the
  // queued connection is then reset and the read below ends, instead of waiting forever on a
  // socket that only this process still holds.
  close(listener);
  child_pid = pid;
  // Queued in the backlog: succeeds before the child accepts, unless the child has already
  // exited and taken the only listener with it.
  struct sockaddr_un addr = socket_address(path);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) die("socket: %s", strerror(errno));
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0)
    activate_failed(pid, argv[0], strerror(errno));
  // A program that never answers must not hang the benchmark.
  struct timeval limit = {.tv_sec = ACTIVATE_TIMEOUT_S};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  write_all(fd, req, req_len);
  struct reader r;
  reader_init(&r);
  size_t n = read_line(fd, &r);
  int64_t t1 = now_ns();
  if (n == 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      die("no reply from %s within %d s", argv[0], ACTIVATE_TIMEOUT_S);
    activate_failed(pid, argv[0],
                    errno ? strerror(errno) : "connection closed before a reply line");
  }
  child_pid = 0;
  printf("{\"ready_ms\":%.3f}\n", (double)(t1 - t0) / 1e6);
  fflush(stdout);

  int status;
  close(fd);
  kill(pid, SIGTERM);
  if (!wait_child(pid, 10000, &status)) {
    fprintf(stderr, "rpc-peer: %s did not exit within 10 s of SIGTERM; killing it\n", argv[0]);
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  unlink(path);
  return 0;
}

// --- main ---------------------------------------------------------------------------------------

static void usage(void) {
  fputs("usage: rpc-peer serve SOCKET REPLYFILE\n"
        "       rpc-peer oneshot SOCKET REQUEST\n"
        "       rpc-peer latency SOCKET REQUEST N [CPU]\n"
        "       rpc-peer throughput SOCKET REQUEST CONNECTIONS SECONDS\n"
        "       rpc-peer activate SOCKET REQUEST -- PROGRAM [ARGS...]\n",
        stderr);
  exit(2);
}

int main(int argc, char **argv) {
  // A peer that goes away must show up as an error from write(), not kill the process.
  signal(SIGPIPE, SIG_IGN);
  if (argc < 2) usage();
  const char *mode = argv[1];
  if (!strcmp(mode, "serve") && argc == 4) return serve(argv[2], argv[3]);
  if (!strcmp(mode, "oneshot") && argc == 4) return oneshot(argv[2], argv[3]);
  if (!strcmp(mode, "latency") && (argc == 5 || argc == 6))
    return latency(argv[2], argv[3], parse_long(argv[4], "N", 1), argc == 6 ? argv[5] : NULL);
  if (!strcmp(mode, "throughput") && argc == 6)
    return throughput(argv[2], argv[3], parse_long(argv[4], "CONNECTIONS", 1), argv[5]);
  if (!strcmp(mode, "activate") && argc >= 6 && !strcmp(argv[4], "--"))
    return activate(argv[2], argv[3], argv + 5);
  usage();
  return 2;
}

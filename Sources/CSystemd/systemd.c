#define _GNU_SOURCE
#include "CSystemd.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

// MARK: The service protocol, by hand (sd_notify(3), sd_listen_fds(3), sd_watchdog_enabled(3))

/// A decimal number with no sign, spaces or trailing bytes, as systemd writes them; 0 or -EINVAL.
static int parse_decimal(const char *text, uint64_t *value) {
  if (*text == '\0') return -EINVAL;
  uint64_t result = 0;
  for (const char *digit = text; *digit != '\0'; digit++) {
    if (*digit < '0' || *digit > '9') return -EINVAL;
    unsigned next = (unsigned)(*digit - '0');
    if (result > (UINT64_MAX - next) / 10) return -EINVAL;
    result = result * 10 + next;
  }
  *value = result;
  return 0;
}

/// 1 when the variable names this process, 0 when it names another, -EINVAL when it is not a
/// process id.
static int names_this_process(const char *pid_text) {
  uint64_t pid;
  if (parse_decimal(pid_text, &pid) < 0 || pid == 0 || pid > INT_MAX) return -EINVAL;
  return (pid_t)pid == getpid();
}

int outpost_notify(const char *message) { return outpost_notify_to(getenv("NOTIFY_SOCKET"), message); }

int outpost_notify_to(const char *socket_path, const char *message) {
  size_t message_length = message != NULL ? strlen(message) : 0;
  if (message_length == 0) return -EINVAL;
  if (socket_path == NULL) return 0;
  if (socket_path[0] != '/' && socket_path[0] != '@') return -EAFNOSUPPORT;

  struct sockaddr_un address = {.sun_family = AF_UNIX};
  size_t path_length = strlen(socket_path);
  if (path_length >= sizeof(address.sun_path)) return -E2BIG;
  memcpy(address.sun_path, socket_path, path_length);
  if (address.sun_path[0] == '@') address.sun_path[0] = '\0';  // an abstract socket

  int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -errno;
  int result = 1;
  socklen_t address_length = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + path_length);
  ssize_t sent = sendto(fd, message, message_length, MSG_NOSIGNAL, (struct sockaddr *)&address, address_length);
  if (sent < 0)
    result = -errno;
  else if ((size_t)sent != message_length)
    result = -EPROTO;
  close(fd);
  return result;
}

int outpost_listen_fds(void) {
  int result = outpost_listen_fds_from(getenv("LISTEN_PID"), getenv("LISTEN_FDS"), SD_LISTEN_FDS_START);
  unsetenv("LISTEN_PID");
  unsetenv("LISTEN_FDS");
  unsetenv("LISTEN_FDNAMES");
  return result;
}

int outpost_listen_fds_from(const char *pid_text, const char *count_text, int first_fd) {
  // In sd_listen_fds' order: LISTEN_PID is read first, LISTEN_FDS only when it names us.
  if (pid_text == NULL) return 0;
  int ours = names_this_process(pid_text);
  if (ours <= 0 || count_text == NULL) return ours <= 0 ? ours : 0;
  uint64_t count;
  if (parse_decimal(count_text, &count) < 0 || count == 0 || count > (uint64_t)(INT_MAX - first_fd)) return -EINVAL;
  for (int fd = first_fd; fd < first_fd + (int)count; fd++) {
    int flags = fcntl(fd, F_GETFD);
    if (flags < 0 || fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0) return -errno;
  }
  return (int)count;
}

int outpost_watchdog_usec(uint64_t *usec) {
  return outpost_watchdog_usec_from(getenv("WATCHDOG_USEC"), getenv("WATCHDOG_PID"), usec);
}

int outpost_watchdog_usec_from(const char *usec_text, const char *pid_text, uint64_t *usec) {
  if (usec_text == NULL) return 0;
  uint64_t interval;
  if (parse_decimal(usec_text, &interval) < 0 || interval == 0 || interval == UINT64_MAX) return -EINVAL;
  if (pid_text != NULL) {
    int ours = names_this_process(pid_text);
    if (ours <= 0) return ours;
  }
  if (usec != NULL) *usec = interval;
  return 1;
}

// MARK: sd-bus, loaded at the first call

static struct {
  char *failure;  // why libsystemd could not be loaded; NULL once loaded
  __typeof__(&sd_bus_open_user) open_user;
  __typeof__(&sd_bus_open_system) open_system;
  __typeof__(&sd_bus_new) new_bus;
  __typeof__(&sd_bus_set_address) set_address;
  __typeof__(&sd_bus_set_bus_client) set_bus_client;
  __typeof__(&sd_bus_start) start;
  __typeof__(&sd_bus_close_unref) close_unref;
  __typeof__(&sd_bus_is_open) is_open;
  __typeof__(&sd_bus_process) process;
  __typeof__(&sd_bus_get_fd) get_fd;
  __typeof__(&sd_bus_get_events) get_events;
  __typeof__(&sd_bus_get_timeout) get_timeout;
  __typeof__(&sd_bus_add_match) add_match;
  __typeof__(&sd_bus_call_async) call_async;
  __typeof__(&sd_bus_message_new_method_call) message_new_method_call;
  __typeof__(&sd_bus_message_unref) message_unref;
  __typeof__(&sd_bus_message_is_method_error) message_is_method_error;
  __typeof__(&sd_bus_message_get_error) message_get_error;
  __typeof__(&sd_bus_message_get_member) message_get_member;
  __typeof__(&sd_bus_message_append_basic) message_append_basic;
  __typeof__(&sd_bus_message_read_basic) message_read_basic;
  __typeof__(&sd_bus_message_open_container) message_open_container;
  __typeof__(&sd_bus_message_close_container) message_close_container;
  __typeof__(&sd_bus_message_enter_container) message_enter_container;
  __typeof__(&sd_bus_message_exit_container) message_exit_container;
} lib;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

static void fail_loading(const char *what) {
  const char *format = "libsystemd cannot be loaded (%s); install it (Debian: apt install libsystemd0)";
  size_t size = strlen(format) + strlen(what) + 1;
  lib.failure = malloc(size);
  if (lib.failure == NULL) lib.failure = (char *)"libsystemd cannot be loaded";
  else snprintf(lib.failure, size, format, what);
}

static void load(void) {
  // Never closed: sd-bus connections and their slots point into it.
  void *handle = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    fail_loading(reason != NULL ? reason : "libsystemd.so.0 was not found");
    return;
  }
#define RESOLVE(field, symbol)                                 \
  do {                                                         \
    lib.field = (__typeof__(lib.field))dlsym(handle, #symbol); \
    if (lib.field == NULL) {                                   \
      fail_loading(#symbol " is missing from libsystemd");     \
      return;                                                  \
    }                                                          \
  } while (0)
  RESOLVE(open_user, sd_bus_open_user);
  RESOLVE(open_system, sd_bus_open_system);
  RESOLVE(new_bus, sd_bus_new);
  RESOLVE(set_address, sd_bus_set_address);
  RESOLVE(set_bus_client, sd_bus_set_bus_client);
  RESOLVE(start, sd_bus_start);
  RESOLVE(close_unref, sd_bus_close_unref);
  RESOLVE(is_open, sd_bus_is_open);
  RESOLVE(process, sd_bus_process);
  RESOLVE(get_fd, sd_bus_get_fd);
  RESOLVE(get_events, sd_bus_get_events);
  RESOLVE(get_timeout, sd_bus_get_timeout);
  RESOLVE(add_match, sd_bus_add_match);
  RESOLVE(call_async, sd_bus_call_async);
  RESOLVE(message_new_method_call, sd_bus_message_new_method_call);
  RESOLVE(message_unref, sd_bus_message_unref);
  RESOLVE(message_is_method_error, sd_bus_message_is_method_error);
  RESOLVE(message_get_error, sd_bus_message_get_error);
  RESOLVE(message_get_member, sd_bus_message_get_member);
  RESOLVE(message_append_basic, sd_bus_message_append_basic);
  RESOLVE(message_read_basic, sd_bus_message_read_basic);
  RESOLVE(message_open_container, sd_bus_message_open_container);
  RESOLVE(message_close_container, sd_bus_message_close_container);
  RESOLVE(message_enter_container, sd_bus_message_enter_container);
  RESOLVE(message_exit_container, sd_bus_message_exit_container);
#undef RESOLVE
}

const char *outpost_sd_bus_failure(void) {
  pthread_once(&loading, load);
  return lib.failure;
}

// Each call loads libsystemd first. Only the calls that make a connection or a message can
// be the first: the others take one, which cannot exist unless loading worked.
#define LOADED_OR(failed) \
  if (outpost_sd_bus_failure() != NULL) return failed

int outpost_sd_bus_open_user(sd_bus **ret) {
  LOADED_OR(-ELIBACC);
  return lib.open_user(ret);
}
int outpost_sd_bus_open_system(sd_bus **ret) {
  LOADED_OR(-ELIBACC);
  return lib.open_system(ret);
}
int outpost_sd_bus_new(sd_bus **ret) {
  LOADED_OR(-ELIBACC);
  return lib.new_bus(ret);
}
int outpost_sd_bus_set_address(sd_bus *bus, const char *address) {
  LOADED_OR(-ELIBACC);
  return lib.set_address(bus, address);
}
int outpost_sd_bus_set_bus_client(sd_bus *bus, int b) {
  LOADED_OR(-ELIBACC);
  return lib.set_bus_client(bus, b);
}
int outpost_sd_bus_start(sd_bus *bus) {
  LOADED_OR(-ELIBACC);
  return lib.start(bus);
}
sd_bus *outpost_sd_bus_close_unref(sd_bus *bus) {
  LOADED_OR(NULL);
  return lib.close_unref(bus);
}
int outpost_sd_bus_is_open(sd_bus *bus) {
  LOADED_OR(-ELIBACC);
  return lib.is_open(bus);
}
int outpost_sd_bus_process(sd_bus *bus, sd_bus_message **r) {
  LOADED_OR(-ELIBACC);
  return lib.process(bus, r);
}
int outpost_sd_bus_get_fd(sd_bus *bus) {
  LOADED_OR(-ELIBACC);
  return lib.get_fd(bus);
}
int outpost_sd_bus_get_events(sd_bus *bus) {
  LOADED_OR(-ELIBACC);
  return lib.get_events(bus);
}
int outpost_sd_bus_get_timeout(sd_bus *bus, uint64_t *timeout_usec) {
  LOADED_OR(-ELIBACC);
  return lib.get_timeout(bus, timeout_usec);
}
int outpost_sd_bus_add_match(
    sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, void *userdata) {
  LOADED_OR(-ELIBACC);
  return lib.add_match(bus, slot, match, callback, userdata);
}
int outpost_sd_bus_call_async(
    sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata,
    uint64_t usec) {
  LOADED_OR(-ELIBACC);
  return lib.call_async(bus, slot, m, callback, userdata, usec);
}
int outpost_sd_bus_message_new_method_call(
    sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface,
    const char *member) {
  LOADED_OR(-ELIBACC);
  return lib.message_new_method_call(bus, m, destination, path, interface, member);
}
sd_bus_message *outpost_sd_bus_message_unref(sd_bus_message *m) {
  LOADED_OR(NULL);
  return lib.message_unref(m);
}
int outpost_sd_bus_message_is_method_error(sd_bus_message *m, const char *name) {
  LOADED_OR(-ELIBACC);
  return lib.message_is_method_error(m, name);
}
const sd_bus_error *outpost_sd_bus_message_get_error(sd_bus_message *m) {
  LOADED_OR(NULL);
  return lib.message_get_error(m);
}
const char *outpost_sd_bus_message_get_member(sd_bus_message *m) {
  LOADED_OR(NULL);
  return lib.message_get_member(m);
}
int outpost_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) {
  LOADED_OR(-ELIBACC);
  return lib.message_append_basic(m, type, p);
}
int outpost_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) {
  LOADED_OR(-ELIBACC);
  return lib.message_read_basic(m, type, p);
}
int outpost_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents) {
  LOADED_OR(-ELIBACC);
  return lib.message_open_container(m, type, contents);
}
int outpost_sd_bus_message_close_container(sd_bus_message *m) {
  LOADED_OR(-ELIBACC);
  return lib.message_close_container(m);
}
int outpost_sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
  LOADED_OR(-ELIBACC);
  return lib.message_enter_container(m, type, contents);
}
int outpost_sd_bus_message_exit_container(sd_bus_message *m) {
  LOADED_OR(-ELIBACC);
  return lib.message_exit_container(m);
}

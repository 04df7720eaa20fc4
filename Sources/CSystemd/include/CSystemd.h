#ifndef OUTPOST_CSYSTEMD_H
#define OUTPOST_CSYSTEMD_H

// The parts of systemd outpostd uses: readiness, status and watchdog notifications, socket
// activation, and sd-bus (desktop notifications, logind's sleep signal).
//
// Nothing here is linked against libsystemd. Loading it (and libgcrypt, libcap, lz4, zstd and
// lzma with it) was 0.5 to 0.7 ms of every start, before the socket is served
// (docs/performance.md). The service protocol's three calls are done by hand, as sd_notify(3)
// and sd_listen_fds(3) describe them (the protocol is stable; sd_notify(3) gives a standalone
// implementation for this reason), and sd-bus is loaded with dlopen at the first bus call, once
// the daemon serves. sd-bus's header is read for its types only: calling one of its functions
// directly would not link.
//
// Every call is non-variadic, so it imports into Swift (sd-bus messages are built with
// new_method_call + append_basic + open/close_container, never the variadic calls).

#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>

/// A non-blocking, close-on-exec eventfd: wakes the sd-bus thread when work is queued.
static inline int outpost_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

// MARK: The service protocol, by hand

/// sd_notify(0, message): sends the message to $NOTIFY_SOCKET (a path, or an abstract socket
/// when it begins with '@'). 1 when sent, 0 when NOTIFY_SOCKET is unset, a negative errno
/// otherwise (-EAFNOSUPPORT for an address that is neither, such as a vsock).
int outpost_notify(const char *message);

/// outpost_notify with the socket's address given (NULL: unset) rather than read from the
/// environment.
int outpost_notify_to(const char *socket_path, const char *message);

/// sd_listen_fds(1): how many sockets socket activation passed, from fd 3 (each made
/// close-on-exec); 0 when LISTEN_PID is unset or names another process; -EINVAL when
/// LISTEN_PID or LISTEN_FDS is not a number in range. LISTEN_PID, LISTEN_FDS and
/// LISTEN_FDNAMES are removed from the environment either way, so that children do not
/// inherit them.
int outpost_listen_fds(void);

/// outpost_listen_fds' reading of LISTEN_PID and LISTEN_FDS (NULL: unset), with the first
/// descriptor given, and without touching the environment.
int outpost_listen_fds_from(const char *pid_text, const char *count_text, int first_fd);

/// sd_watchdog_enabled(0, usec): 1 with *usec set from WATCHDOG_USEC when the service manager
/// expects keep-alive pings from this process; 0 when WATCHDOG_USEC is unset or WATCHDOG_PID
/// names another process; -EINVAL when either is not a number in range or WATCHDOG_USEC is 0
/// or infinity.
int outpost_watchdog_usec(uint64_t *usec);

/// outpost_watchdog_usec's reading of WATCHDOG_USEC and WATCHDOG_PID (NULL: unset).
int outpost_watchdog_usec_from(const char *usec_text, const char *pid_text, uint64_t *usec);

// MARK: sd-bus, loaded at the first call

/// NULL once libsystemd is loaded (loading it now if it was not); otherwise why it could not
/// be. Every outpost_sd_bus_ call below loads it first and fails with -ELIBACC (or returns
/// NULL) when it cannot.
const char *outpost_sd_bus_failure(void);

int outpost_sd_bus_open_user(sd_bus **ret);
int outpost_sd_bus_open_system(sd_bus **ret);
int outpost_sd_bus_new(sd_bus **ret);
int outpost_sd_bus_set_address(sd_bus *bus, const char *address);
int outpost_sd_bus_set_bus_client(sd_bus *bus, int b);
int outpost_sd_bus_start(sd_bus *bus);
sd_bus *outpost_sd_bus_close_unref(sd_bus *bus);
int outpost_sd_bus_is_open(sd_bus *bus);
int outpost_sd_bus_process(sd_bus *bus, sd_bus_message **r);
int outpost_sd_bus_get_fd(sd_bus *bus);
int outpost_sd_bus_get_events(sd_bus *bus);
int outpost_sd_bus_get_timeout(sd_bus *bus, uint64_t *timeout_usec);
int outpost_sd_bus_add_match(
    sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback, void *userdata);
int outpost_sd_bus_call_async(
    sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback, void *userdata,
    uint64_t usec);
int outpost_sd_bus_message_new_method_call(
    sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface,
    const char *member);
sd_bus_message *outpost_sd_bus_message_unref(sd_bus_message *m);
int outpost_sd_bus_message_is_method_error(sd_bus_message *m, const char *name);
const sd_bus_error *outpost_sd_bus_message_get_error(sd_bus_message *m);
const char *outpost_sd_bus_message_get_member(sd_bus_message *m);
int outpost_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p);
int outpost_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p);
int outpost_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents);
int outpost_sd_bus_message_close_container(sd_bus_message *m);
int outpost_sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents);
int outpost_sd_bus_message_exit_container(sd_bus_message *m);

#endif

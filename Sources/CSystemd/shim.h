// The parts of libsystemd outpostd uses: readiness/status/watchdog notifications, socket
// activation, and sd-bus (desktop notifications, logind's sleep signal). All of them are
// non-variadic, so they import into Swift directly (sd-bus messages are built with
// sd_bus_message_new_method_call + append_basic + open/close_container, never the variadic calls).
#include <poll.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>

/// A non-blocking, close-on-exec eventfd: wakes the sd-bus thread when work is queued.
static inline int outpost_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

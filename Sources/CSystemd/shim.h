// The parts of libsystemd outpostd uses: readiness/status/watchdog notifications and socket
// activation. All of them are non-variadic, so they import into Swift directly.
#include <systemd/sd-daemon.h>

#!/usr/bin/python3
"""A headless org.freedesktop.Notifications server for Outpost's tests.

Owns the name on the bus in DBUS_SESSION_BUS_ADDRESS, records every call as one JSON line in
--log, and can "click" a notification's action through a control interface:

  org.outpost.TestNotifications at /org/outpost/TestNotifications
    Click(u id, s action_key)  ActionInvoked(id, key), then NotificationClosed(id, 2)
    Dismiss(u id)              NotificationClosed(id, 2)
    PrepareForSleep(b start)   with --logind: logind's PrepareForSleep(start) signal

--no-actions drops "actions" from the capabilities; --logind also owns org.freedesktop.login1
(a fake logind that only sends PrepareForSleep). Prints "ready" once the names are owned.
Run with /usr/bin/python3 (python3-dbus, python3-gi).
"""

import argparse
import json
import signal
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
CONTROL = "org.outpost.TestNotifications"
LOGIND = "org.freedesktop.login1"
LOGIND_MANAGER = "org.freedesktop.login1.Manager"


def plain(value):
    """A D-Bus value as plain JSON (bytes become numbers, booleans stay booleans)."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Byte, int)):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return repr(value)


class Server(dbus.service.Object):
    def __init__(self, bus, log, capabilities):
        super().__init__(bus, PATH)
        self.log = log
        self.capabilities = capabilities
        self.next_id = 1
        self.open = set()

    def record(self, entry):
        if self.log:
            with open(self.log, "a") as f:
                f.write(json.dumps(entry) + "\n")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, icon, summary, body, actions, hints, expire_timeout):
        if replaces_id != 0 and replaces_id in self.open:
            nid = int(replaces_id)
        else:
            nid = self.next_id
            self.next_id += 1
        self.open.add(nid)
        self.record({
            "method": "Notify", "app_name": str(app_name), "replaces_id": int(replaces_id), "id": nid,
            "app_icon": str(icon), "summary": str(summary), "body": str(body),
            "actions": [str(a) for a in actions], "hints": plain(hints),
            "expire_timeout": int(expire_timeout),
        })
        return dbus.UInt32(nid)

    @dbus.service.method(NAME, out_signature="as")
    def GetCapabilities(self):
        self.record({"method": "GetCapabilities"})
        return dbus.Array(self.capabilities, signature="s")

    @dbus.service.method(NAME, out_signature="ssss")
    def GetServerInformation(self):
        self.record({"method": "GetServerInformation"})
        return ("outpost-test-notifications", "Outpost", "1.0", "1.2")

    @dbus.service.method(NAME, in_signature="u")
    def CloseNotification(self, nid):
        self.record({"method": "CloseNotification", "id": int(nid)})
        self.close(int(nid), 3)

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, nid, action_key):
        pass

    def close(self, nid, reason):
        self.open.discard(nid)
        self.NotificationClosed(dbus.UInt32(nid), dbus.UInt32(reason))


class Control(dbus.service.Object):
    def __init__(self, bus, server, logind):
        super().__init__(bus, "/org/outpost/TestNotifications")
        self.server = server
        self.logind = logind

    @dbus.service.method(CONTROL, in_signature="us")
    def Click(self, nid, action_key):
        self.server.record({"method": "Click", "id": int(nid), "action": str(action_key)})
        self.server.ActionInvoked(dbus.UInt32(nid), action_key)
        self.server.close(int(nid), 2)

    @dbus.service.method(CONTROL, in_signature="u")
    def Dismiss(self, nid):
        self.server.record({"method": "Dismiss", "id": int(nid)})
        self.server.close(int(nid), 2)

    @dbus.service.method(CONTROL, in_signature="b")
    def PrepareForSleep(self, start):
        if self.logind is None:
            raise dbus.exceptions.DBusException("start the server with --logind", name=CONTROL + ".Error")
        self.logind.PrepareForSleep(dbus.Boolean(start))


class Logind(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/login1")

    @dbus.service.signal(LOGIND_MANAGER, signature="b")
    def PrepareForSleep(self, start):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log")
    parser.add_argument("--no-actions", action="store_true")
    parser.add_argument("--logind", action="store_true")
    args = parser.parse_args()

    capabilities = ["actions", "body", "body-markup", "icon-static", "persistence"]
    if args.no_actions:
        capabilities.remove("actions")

    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    loop = GLib.MainLoop()
    names = [dbus.service.BusName(NAME, bus, do_not_queue=True)]
    logind = None
    if args.logind:
        names.append(dbus.service.BusName(LOGIND, bus, do_not_queue=True))
        logind = Logind(bus)
    server = Server(bus, args.log, capabilities)
    control = Control(bus, server, logind)
    for signum in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, loop.quit)
    bus.call_on_disconnection(lambda _: loop.quit())
    print("ready", flush=True)
    loop.run()
    del names, control


if __name__ == "__main__":
    try:
        main()
    except dbus.exceptions.NameExistsException as error:
        print("name taken: %s" % error, file=sys.stderr)
        sys.exit(2)

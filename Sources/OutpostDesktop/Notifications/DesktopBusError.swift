/// Which D-Bus bus a connection goes to.
public enum DesktopBus: Sendable, Equatable, CustomStringConvertible {
  /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
  case session
  /// The system bus (logind lives there).
  case system
  /// A bus at an explicit address (tests use a private `dbus-daemon`).
  case address(String)

  public var description: String {
    switch self {
    case .session: "the D-Bus session bus"
    case .system: "the D-Bus system bus"
    case .address(let address): "the D-Bus bus at \(address)"
    }
  }
}

/// Why a call on a desktop bus failed, in words a user can act on.
public enum DesktopBusError: Error, Equatable, CustomStringConvertible {
  /// No connection to the bus could be made (no session bus, a bad address, no dbus-daemon).
  case busUnavailable(DesktopBus, reason: String)
  /// Nobody owns `org.freedesktop.Notifications` on the session bus.
  case serverUnavailable
  /// The connection to the bus was lost before the reply came; the next call reconnects.
  case disconnected
  /// The method call got no reply in time.
  case timedOut(method: String)
  /// The peer answered with a D-Bus error.
  case failed(method: String, name: String, message: String)
  /// The reply did not have the expected shape, or sd-bus refused to build a message.
  case invalidMessage(String)
  /// The connection was shut down (the owner is going away).
  case shutDown

  public var description: String {
    switch self {
    case .busUnavailable(let bus, let reason):
      switch bus {
      case .session:
        "cannot connect to the D-Bus session bus (\(reason)); desktop notifications are unavailable: run Outpost "
          + "inside your desktop session, where DBUS_SESSION_BUS_ADDRESS (or $XDG_RUNTIME_DIR/bus) leads to the bus"
      case .system:
        "cannot connect to the D-Bus system bus (\(reason)); suspend is not announced by logind, only the wall-clock "
          + "check notices it: is dbus (the system bus daemon) running?"
      case .address(let address):
        "cannot connect to the D-Bus bus at \(address) (\(reason)); check that address"
      }
    case .serverUnavailable:
      "no notification server is running on the session bus (nobody owns org.freedesktop.Notifications); reminders "
        + "cannot pop up until one runs: your desktop shell, or dunst, mako, swaync or xfce4-notifyd"
    case .disconnected:
      "the D-Bus connection was lost before the reply came; the next attempt reconnects"
    case .timedOut(let method):
      "\(method) got no reply in time: the peer on the bus is not responding"
    case .failed(let method, let name, let message):
      "\(method) failed: \(name): \(message)"
    case .invalidMessage(let detail):
      "unexpected D-Bus message: \(detail)"
    case .shutDown:
      "the D-Bus connection was shut down"
    }
  }
}

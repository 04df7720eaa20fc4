import CSystemd

#if canImport(Glibc)
  import Glibc
#endif

/// The parts of systemd's service protocol outpostd speaks, by hand (`CSystemd`: libsystemd is
/// not loaded for them). Every call is safe without systemd: a notification does nothing when
/// `NOTIFY_SOCKET` is unset, and no descriptors are passed.
public enum Systemd {
  /// Sends one or more `KEY=value` lines to the service manager, if there is one.
  public static func notify(_ lines: String...) {
    _ = outpost_notify(lines.joined(separator: "\n"))
  }

  /// `READY=1` plus a status line: systemd considers the service started.
  public static func ready(status: String) { notify("READY=1", "STATUS=\(status)") }

  public static func status(_ text: String) { notify("STATUS=\(text)") }

  public static func stopping(status: String) { notify("STOPPING=1", "STATUS=\(status)") }

  public static func watchdogPing() { notify("WATCHDOG=1") }

  /// How often to send `WATCHDOG=1` (half the unit's `WatchdogSec=`), or nil when the unit does
  /// not ask for it.
  public static func watchdogInterval() -> Duration? {
    var microseconds: UInt64 = 0
    guard outpost_watchdog_usec(&microseconds) > 0 else { return nil }
    return .microseconds(Int64(microseconds / 2))
  }

  /// Listening sockets passed by socket activation (`LISTEN_FDS`), starting at fd 3. The
  /// environment variables are removed so that child processes do not inherit them.
  public static func listenDescriptors() -> [CInt] {
    let count = outpost_listen_fds()
    guard count > 0 else { return [] }
    return (0..<count).map { SD_LISTEN_FDS_START + $0 }
  }

  /// True when stderr is connected to the journal (systemd sets `JOURNAL_STREAM` to its
  /// device:inode), so log lines should carry `<N>` priority prefixes.
  public static func stderrIsJournal(environment: [String: String]) -> Bool {
    guard let stream = environment["JOURNAL_STREAM"] else { return false }
    var info = stat()
    guard fstat(2, &info) == 0 else { return false }
    return stream == "\(info.st_dev):\(info.st_ino)"
  }
}

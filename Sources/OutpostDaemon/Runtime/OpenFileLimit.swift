#if canImport(Glibc)
  import Glibc
#endif

/// Lets the daemon hold as many connections as `rpc.max_connections` allows. systemd and most
/// shells start a process with a soft limit of 1,024 open files and a far higher hard limit, and
/// expect a program that needs more to raise its own soft limit. Left alone, 1,000 clients would
/// run the daemon out of descriptors before the connection limit refused anyone, and the store,
/// the keyring, D-Bus and HTTP would fail with them.
enum OpenFileLimit {
  /// Descriptors kept for everything but clients: the store and its WAL, D-Bus, HTTP
  /// connections, calendar and snapshot files, a refused client's socket.
  static let reserve = 128

  /// Raises the soft limit as far as `connections` need (never above the hard limit) and
  /// returns the number of connections the daemon can really hold.
  static func raise(toHold connections: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return connections }
    let wanted = rlim_t(connections + reserve)
    if limit.rlim_cur < wanted {
      var raised = limit
      raised.rlim_cur = min(wanted, limit.rlim_max)
      if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    let available = limit.rlim_cur == rlim_t.max ? connections : Int(clamping: limit.rlim_cur) - reserve
    return max(1, min(connections, available))
  }
}

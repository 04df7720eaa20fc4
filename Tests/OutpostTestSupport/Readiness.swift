import Foundation

/// The one way the tests wait for a peer they started (Radicale, Glewlwyd, outpostd) to be
/// ready: a check that the peer answers (its socket accepts a connection), tried on a thread of
/// the caller's own, never on the cooperative pool. Between tries it waits on the child's exit,
/// so a peer that dies ends the wait at once and the helper can say why, with its log.
///
/// On the pool, a poll loop cannot run while other tests hold the pool's threads: ten Radicale
/// servers "did not answer within 60 s" together because the loop itself was never scheduled
/// (issue 54). The limit here is only the last resort for a peer that hangs.
public enum Readiness {
  public enum Outcome: Sendable, Equatable {
    case ready
    /// The child exited first, with this status.
    case exited(Int32)
    /// Neither within the limit; the child still runs.
    case timedOut
  }

  /// Blocks the calling thread until `isReady()` holds or `child` exits, for at most `limit`.
  /// Call it from a thread of its own (`waitOffThePool`, `.offThePool` tests), not the pool.
  public static func wait(
    for child: ChildProcess, limit: Duration = .seconds(60), until isReady: () -> Bool
  ) -> Outcome {
    // The retry interval, cut short by the child's exit.
    retrying(child, limit: limit, until: isReady) { left in child.wait(upTo: min(left, .milliseconds(10))) }
  }

  /// `wait` for a condition on what the child writes to a file (its log, its output): between
  /// tries it sleeps until the file at `path` (which must exist) changes or the child exits, not
  /// on a timer. Without inotify it falls back to `wait`'s 10 ms retries.
  public static func wait(
    for child: ChildProcess, onChangesTo path: String, limit: Duration = .seconds(60), until isReady: () -> Bool
  ) -> Outcome {
    guard let watch = FileWatch(path: path) else { return wait(for: child, limit: limit, until: isReady) }
    return retrying(child, limit: limit, until: isReady) { left in
      defer { watch.drain() }
      return child.wait(upTo: left, orUntilReadable: watch.descriptor)
    }
  }

  /// Tries `isReady` until it holds, the child exits or `limit` passes; `pause` waits between
  /// tries for at most the time left and returns the child's exit status if it ended meanwhile.
  private static func retrying(
    _ child: ChildProcess, limit: Duration, until isReady: () -> Bool, pause: (Duration) -> Int32?
  ) -> Outcome {
    let deadline = ContinuousClock.now + limit
    while true {
      if let status = child.poll() { return .exited(status) }
      if isReady() { return .ready }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return .timedOut }
      if let status = pause(left) { return .exited(status) }
    }
  }

  /// `wait` on a thread of its own, awaited without holding a thread of the pool: the peer is
  /// seen ready however busy the pool is, and the limit counts time spent waiting for the peer,
  /// not time spent waiting for a thread.
  public static func waitOffThePool(
    for child: ChildProcess, limit: Duration = .seconds(60), until isReady: @escaping @Sendable () -> Bool
  ) async -> Outcome {
    await blocking { wait(for: child, limit: limit, until: isReady) }
  }

  /// True when a TCP connection to 127.0.0.1:`port` is accepted now: a listener is bound there.
  public static func acceptsTCP(port: Int) -> Bool {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return accepts(family: AF_INET, &address)
  }

  /// True when a connection to the Unix socket at `path` is accepted now.
  public static func acceptsUnix(path: String) -> Bool {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    return accepts(family: AF_UNIX, &address)
  }

  /// A blocking connect on loopback: refused or accepted at once, never a wait.
  private static func accepts<Address>(family: CInt, _ address: inout Address) -> Bool {
    let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    let length = socklen_t(MemoryLayout<Address>.size)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, length) == 0 }
    }
  }
}

/// An inotify watch on one path: `descriptor` becomes readable when the file is written to,
/// closed after writing, or replaced, or (for a directory) when an entry is created or moved in.
public final class FileWatch: Sendable {
  public let descriptor: CInt

  public init?(path: String) {
    let descriptor = inotify_init1(CInt(IN_CLOEXEC) | CInt(IN_NONBLOCK))
    guard descriptor >= 0 else { return nil }
    let events = UInt32(
      IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
    guard inotify_add_watch(descriptor, path, events) >= 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  /// Reads away the events seen so far, so the descriptor next becomes readable on a new one.
  public func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }

  /// Blocks until `isReady()` holds, checked again on every change, for at most `limit`: true
  /// when it held. Set the watch up before what it waits for can happen, or check first.
  public func wait(limit: Duration, until isReady: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while true {
      if isReady() { return true }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return false }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&entry, 1, CInt(min(left / .milliseconds(1), Double(CInt.max)).rounded(.up)))
      drain()
    }
  }

  deinit { close(descriptor) }
}

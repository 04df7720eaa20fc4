import Synchronization

/// The last requests the sandbox answered, for `GET /__admin/log`: a test or script checks what
/// a client actually sent (how often it logged in, whether it retried) without a packet capture.
///
/// Only the method, the path without its query, the status and the module are kept. Bodies,
/// headers and query strings carry passwords, tokens and API keys, and a log is exactly where
/// those must never end up; modules also mask secrets that live in paths (`loggedPath`).
final class SandboxRequestLog: Sendable {
  struct Entry: Sendable {
    /// 1 for the first request the sandbox answered; never reused, so `since=` paging works
    /// even after old entries were dropped.
    var sequence: Int
    var method: String
    var path: String
    var status: Int
    /// The module's name, `admin` for `/__admin/…`, or `none` when nothing was mounted there.
    var service: String
  }

  /// Enough to hold a whole test's traffic; bounded so a long demo cannot grow memory.
  static let capacity = 1000

  private struct Storage {
    var entries: [Entry] = []
    /// Where the oldest entry sits once the ring is full.
    var start = 0
    var lastSequence = 0
  }

  private let storage = Mutex(Storage())

  func append(method: String, path: String, status: Int, service: String) {
    storage.withLock { storage in
      storage.lastSequence += 1
      let entry = Entry(
        sequence: storage.lastSequence, method: method, path: path, status: status, service: service)
      if storage.entries.count < Self.capacity {
        storage.entries.append(entry)
      } else {
        storage.entries[storage.start] = entry
        storage.start = (storage.start + 1) % Self.capacity
      }
    }
  }

  /// The kept entries numbered above `sequence`, oldest first, and the last number handed out
  /// (the `since` to use next time).
  func entries(after sequence: Int) -> (entries: [Entry], last: Int) {
    storage.withLock { storage in
      let ordered = storage.entries[storage.start...] + storage.entries[..<storage.start]
      return (ordered.filter { $0.sequence > sequence }, storage.lastSequence)
    }
  }

  static func json(_ entries: [Entry], last: Int) -> SandboxJSON {
    .object([
      (
        "entries",
        .array(
          entries.map {
            .object([
              ("seq", .int($0.sequence)), ("method", .string($0.method)), ("path", .string($0.path)),
              ("status", .int($0.status)), ("service", .string($0.service)),
            ])
          })
      ),
      ("last", .int(last)),
    ])
  }
}

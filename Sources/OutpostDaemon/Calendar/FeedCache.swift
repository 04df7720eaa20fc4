import NIOCore
import Synchronization

/// One calendar as the feed serves it: the bytes, ready to write, and their strong ETag.
struct FeedBody: Sendable, Equatable {
  let bytes: ByteBuffer
  /// Quotes included, as sent and compared: `"<16 hex digits>-<length in hex>"`.
  let etag: String

  init(_ bytes: [UInt8]) {
    self.bytes = ByteBuffer(bytes: bytes)
    etag = Self.etag(of: bytes)
  }

  /// FNV-1a 64 of the bytes, and their length. Deterministic across restarts (the writer is, so
  /// an unchanged calendar keeps its tag and subscribers get 304s after a restart too). Not a
  /// cryptographic hash: a tag only has to change when the bytes do, and an accidental 64-bit
  /// collision between two versions of one calendar of the same length is not a concern.
  static func etag(of bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    let digits = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "-" + String(bytes.count, radix: 16)
      + "\""
  }
}

/// The feed's rendered calendars, so that a client polling with If-None-Match (or a thousand
/// of them) costs a dictionary look-up, not a render. Emptied by `invalidate()` when the items
/// change (`CalendarFiles.regenerateNow`); an entry also expires after `timeToLive`, because a
/// render depends on the clock too (past events lose their alarms, past cancelled ones leave).
/// Concurrent misses for one calendar share a single render.
final class FeedCache: Sendable {
  /// Names are chosen by whoever holds the token; a cap keeps odd spellings from piling up.
  static let maximumEntries = 64

  let timeToLive: Duration

  private struct Ready {
    var body: FeedBody
    var expires: ContinuousClock.Instant
  }

  private struct State {
    var generation = 0
    var ready: [String: Ready] = [:]
    var loading: [String: Task<FeedBody?, any Error>] = [:]
  }

  private enum Lookup {
    case hit(FeedBody)
    case wait(Task<FeedBody?, any Error>, generation: Int)
  }

  private let state = Mutex(State())

  init(timeToLive: Duration = .seconds(60)) {
    self.timeToLive = timeToLive
  }

  /// The cached body, if there is a fresh one. Never waits: called on the event loop.
  func cached(_ name: String) -> FeedBody? {
    state.withLock { state in
      guard let entry = state.ready[name], entry.expires > .now else { return nil }
      return entry.body
    }
  }

  /// The cached body, or the result of `render` (nil: no such calendar, which is not cached).
  func body(_ name: String, render: @escaping @Sendable () async throws -> FeedBody?) async throws -> FeedBody? {
    let lookup = state.withLock { state -> Lookup in
      if let entry = state.ready[name], entry.expires > .now { return .hit(entry.body) }
      if let task = state.loading[name] { return .wait(task, generation: state.generation) }
      let task = Task { try await render() }
      state.loading[name] = task
      return .wait(task, generation: state.generation)
    }
    let task: Task<FeedBody?, any Error>
    let generation: Int
    switch lookup {
    case .hit(let body): return body
    case .wait(let waited, let started):
      task = waited
      generation = started
    }
    let result = await task.result
    state.withLock { state in
      // A render that started before an invalidation may miss the change: it answers the
      // requests that were waiting for it, but is not kept.
      guard state.generation == generation, state.loading[name] == task else { return }
      state.loading[name] = nil
      guard case .success(let body?) = result else { return }
      if state.ready.count >= Self.maximumEntries { state.ready.removeAll() }
      state.ready[name] = Ready(body: body, expires: .now + timeToLive)
    }
    return try result.get()
  }

  /// Forgets everything: the next request renders again.
  func invalidate() {
    state.withLock { state in
      state.generation += 1
      state.ready.removeAll()
      state.loading.removeAll()
    }
  }
}

import Dispatch
import Foundation

/// How work on many events, items or bytes is cut: into at most `parts` consecutive ranges, none
/// shorter than `minimumChunk`. Small work stays on the calling thread, where waking another would
/// cost more than it saves. Used by the calendars, the vdir, the feed parser and the store.
public struct Parallelism: Sendable {
  public var parts: Int
  public var minimumChunk: Int

  public init(parts: Int, minimumChunk: Int) {
    self.parts = parts
    self.minimumChunk = minimumChunk
  }

  /// One part per active core, none under 1,000 events: a 10,000-event calendar on two cores
  /// is built and written in nearly half the time (issue 20).
  public static var machine: Parallelism {
    Parallelism(parts: ProcessInfo.processInfo.activeProcessorCount, minimumChunk: 1000)
  }

  /// Everything on the calling thread.
  public static let serial = Parallelism(parts: 1, minimumChunk: 1)

  /// How many ranges `0..<count` is cut into: at least one.
  public func chunkCount(_ count: Int) -> Int { max(1, min(parts, count / max(1, minimumChunk))) }
}

/// Consecutive ranges of work run at the same time, then used in order.
public enum ParallelChunks {
  /// `body(chunk, range)` for each of `parallelism.chunkCount(count)` consecutive ranges covering
  /// `0..<count`, at the same time. The calling thread takes a range itself
  /// (`DispatchQueue.concurrentPerform`), so this never waits for a free thread; with one range
  /// it is a plain call.
  ///
  /// `body` runs on several threads at once: it may read what it captures but write only what
  /// belongs to its own chunk (its range of a buffer, its own part). The compiler cannot check
  /// that of a closure that writes through a pointer, hence `nonisolated(unsafe)`.
  public static func forEach(_ count: Int, _ parallelism: Parallelism, _ body: (Int, Range<Int>) -> Void) {
    let chunks = parallelism.chunkCount(count)
    guard chunks > 1 else { return body(0, 0..<count) }
    withoutActuallyEscaping(body) { body in
      nonisolated(unsafe) let body = body
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        body(chunk, count * chunk / chunks..<count * (chunk + 1) / chunks)
      }
    }
  }

  /// `body(chunk, range)` of each range `forEach` cuts, in chunk order.
  public static func map<Part>(_ count: Int, _ parallelism: Parallelism, _ body: (Int, Range<Int>) -> Part) -> [Part] {
    let chunks = parallelism.chunkCount(count)
    return [Part](unsafeUninitializedCapacity: chunks) { parts, initialized in
      // Each chunk initialises its own part and nothing else.
      forEach(count, parallelism) { chunk, range in (parts.baseAddress! + chunk).initialize(to: body(chunk, range)) }
      initialized = chunks
    }
  }

  /// `[element(0), …, element(count - 1)]`, each range of it built by its own thread straight
  /// into the array (no parts joined and copied afterwards).
  public static func array<Element>(_ count: Int, _ parallelism: Parallelism, _ element: (Int) -> Element) -> [Element]
  {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      forEach(count, parallelism) { _, range in
        // Each range initialises its own elements and nothing else.
        for index in range { (buffer.baseAddress! + index).initialize(to: element(index)) }
      }
      initialized = count
    }
  }
}

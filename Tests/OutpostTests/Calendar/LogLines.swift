import Logging
import Synchronization

/// The lines a logger was given, and a way to wait until one arrives: a test waits on the event
/// the code under test logs instead of polling with a deadline.
final class LogLines: Sendable {
  private struct State {
    var lines: [String] = []
    var waiters: [(text: String, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Mutex(State())

  /// A logger whose every message comes here (and nowhere else).
  func logger(label: String = "test") -> Logger {
    Logger(label: label) { _ in Handler(lines: self) }
  }

  var all: [String] { state.withLock { $0.lines } }

  /// Returns once a line containing `text` was logged, at once if one already was.
  func waitFor(_ text: String) async {
    await withCheckedContinuation { continuation in
      let found = state.withLock { state in
        guard !state.lines.contains(where: { $0.contains(text) }) else { return true }
        state.waiters.append((text, continuation))
        return false
      }
      if found { continuation.resume() }
    }
  }

  fileprivate func append(_ line: String) {
    let ready = state.withLock { state in
      state.lines.append(line)
      let ready = state.waiters.filter { line.contains($0.text) }.map(\.continuation)
      state.waiters.removeAll { line.contains($0.text) }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  private struct Handler: LogHandler {
    let lines: LogLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) { lines.append(event.message.description) }
  }
}

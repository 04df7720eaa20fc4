import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A chart a store view drew (the `svg` of its answer, a standalone document) written to the
/// file the user named (a service command's `--output`).
enum ChartFile {
  /// Writes `answer["svg"]` to `path` atomically; exit 76 when the daemon sent none, 1 when
  /// the file cannot be written.
  static func write(_ answer: JSONValue, to path: String) throws {
    guard let svg = answer["svg"]?.stringValue else {
      throw CLIFailure(.protocolError, localized(.chartNotSent))
    }
    do {
      try Data(svg.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CLIFailure(.daemonError, localized(.chartCannotWrite, path, "\(error)"))
    }
  }

  /// The answer for `--json`: everything but the drawing itself, which is in the file (or,
  /// without one, left out: a script that wants it asks `queries.run` directly).
  static func withoutDrawing(_ answer: JSONValue, file: String?) -> JSONValue {
    guard case .object(var members) = answer else { return answer }
    members["svg"] = nil
    if let file { members["file"] = .string(file) }
    return .object(members)
  }
}

import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// swift-log backend for outpostd: one line per record on stderr. Under systemd the line starts
/// with the syslog priority in angle brackets (`<6>…`), which journald turns into the record's
/// priority; elsewhere it starts with a UTC timestamp and the level.
///
/// Never given secrets: callers log ids and states, not credentials or tokens.
public struct OutpostLogHandler: LogHandler {
  public enum Style: Sendable { case journal, terminal }

  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]
  private let label: String
  private let style: Style

  public init(label: String, level: Logger.Level, style: Style) {
    self.label = label
    self.logLevel = level
    self.style = style
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var line: String
    switch style {
    case .journal:
      line = "<\(Self.priority(event.level))>"
    case .terminal:
      line =
        Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true)) + " "
        + Self.levelName(event.level) + " "
    }
    line += event.message.description.replacingOccurrences(of: "\n", with: " ")
    let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
    for key in merged.keys.sorted() { line += " \(key)=\(merged[key]!)" }
    line += "\n"
    // One write(2) per line, so lines from concurrent tasks never interleave.
    line.withCString { pointer in _ = write(2, pointer, strlen(pointer)) }
  }

  static func priority(_ level: Logger.Level) -> Int {
    switch level {
    case .trace, .debug: 7
    case .info: 6
    case .notice: 5
    case .warning: 4
    case .error: 3
    case .critical: 2
    }
  }

  static func levelName(_ level: Logger.Level) -> String {
    switch level {
    case .trace: "trace"
    case .debug: "debug"
    case .info: "info"
    case .notice: "notice"
    case .warning: "warning"
    case .error: "error"
    case .critical: "critical"
    }
  }

  /// Parses a `--log-level` / `log_level` value.
  public static func level(named name: String) -> Logger.Level? {
    Logger.Level(rawValue: name.lowercased())
  }

  public static let levelNames = Logger.Level.allCases.map(\.rawValue)
}

/// A parsed TOML document: values keep the line they were defined on, so configuration errors
/// can say where to look.
public indirect enum TOMLValue: Equatable, Sendable {
  case string(String)
  case integer(Int64)
  case float(Double)
  case bool(Bool)
  /// Offset or local date-times, dates and times, kept as written (validated for shape only).
  case datetime(String)
  case array([TOMLValue])
  case table(TOMLTable)

  public var typeName: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .float: "a float"
    case .bool: "a boolean"
    case .datetime: "a date-time"
    case .array: "an array"
    case .table: "a table"
    }
  }
}

public struct TOMLTable: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var value: TOMLValue
    public var line: Int
  }

  public internal(set) var entries: [String: Entry] = [:]
  /// Keys in the order they were defined.
  public internal(set) var keys: [String] = []
  /// Line of the header or first key that defined the table.
  public var line: Int
  /// Defined by a `[header]` (may not be defined twice) rather than implicitly by a dotted key
  /// or a deeper header.
  var explicitlyDefined = false
  /// Inline tables are complete once written.
  var sealed = false
  /// Created by `[[header]]`: an element of an array of tables.
  var isArrayElement = false

  init(line: Int) { self.line = line }

  public subscript(key: String) -> Entry? { entries[key] }

  mutating func set(_ key: String, _ entry: Entry) {
    if entries[key] == nil { keys.append(key) }
    entries[key] = entry
  }
}

public struct TOMLError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String
  public var description: String { "line \(line): \(message)" }
}

import OutpostModel

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The service types loosely: numbers as strings, booleans as "0"/"1", dates with microseconds
/// and any offset, `""` for null. These readers accept every form seen and return nil, never
/// throw, for anything else.
extension JSONValue {
  subscript(path path: String) -> JSONValue? {
    var current: JSONValue? = self
    for key in path.split(separator: ".") { current = current?[String(key)] }
    if case .null? = current { return nil }
    return current
  }

  var lenientString: String? {
    switch self {
    case .string(let text): text.isEmpty ? nil : text
    case .int(let number): "\(number)"
    case .double(let number): "\(number)"
    default: nil
    }
  }

  var lenientInt: Int64? {
    switch self {
    case .int(let number): number
    case .double(let number): Int64(exactly: number)  // nil for fractions and for 1e300 (which trapped)
    case .string(let text): Int64(text.trimmingCharacters(in: .whitespaces))
    default: nil
    }
  }

  var lenientBool: Bool? {
    switch self {
    case .bool(let flag): flag
    case .int(let number): number != 0
    case .string(let text):
      switch text.lowercased() {
      case "1", "true", "yes": true
      case "0", "false", "no", "": false
      default: nil
      }
    default: nil
    }
  }

  var lenientDate: Date? { lenientString.flatMap(UTCTimestamp.parse) }
}

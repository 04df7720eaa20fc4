import OutpostModel

/// Ways the connector targets read one fuzz input.
public enum FuzzInput {
  /// The first byte chooses among variants (a status code, a mode); the rest is the body.
  public static func split(_ bytes: [UInt8]) -> (selector: UInt8, body: [UInt8])? {
    guard let first = bytes.first else { return nil }
    return (first, Array(bytes.dropFirst()))
  }

  /// The status codes replies are read under, picked by a selector.
  public static func status(_ selector: UInt8) -> Int {
    let statuses = [200, 201, 204, 304, 400, 401, 403, 404, 409, 412, 422, 428, 429, 500, 502, 503]
    return statuses[Int(selector) % statuses.count]
  }

  /// Everything in a reply that a connector might read as one record: the value, its elements
  /// when it is an array, and the elements of the usual envelope members.
  public static func records(_ value: JSONValue) -> [JSONValue] {
    var found = [value]
    if case .array(let elements) = value { found += elements }
    if case .object(let members) = value {
      for key in ["items", "data", "rows", "nodes", "edges", "orders", "messages", "conversations", "changes"] {
        if case .array(let elements)? = members[key] { found += elements }
        if case .object(let nested)? = members[key] {
          for case .array(let elements) in nested.values { found += elements }
        }
      }
    }
    return found
  }
}

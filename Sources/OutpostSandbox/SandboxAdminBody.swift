import NIOHTTP1

/// A refused admin request: a message, and the accepted names when the mistake was a name, so a
/// typo in a test script fails loudly and says what would have worked.
struct SandboxAdminError: Error {
  var status: HTTPResponseStatus = .badRequest
  var message: String
  var allowed: [String]?

  init(_ message: String, allowed: [String]? = nil, status: HTTPResponseStatus = .badRequest) {
    self.message = message
    self.allowed = allowed
    self.status = status
  }

  var response: SandboxResponse {
    var members: [(String, SandboxJSON)] = [("error", .string(message))]
    if let allowed { members.append(("allowed", .array(allowed.map { .string($0) }))) }
    return .json(status, .object(members))
  }
}

/// The JSON object body of an admin request, read strictly: unknown keys and wrong types are
/// refused before anything changes, so a bad request leaves the sandbox as it was.
struct SandboxAdminBody {
  let members: [String: SandboxJSON]

  init(members: [String: SandboxJSON]) {
    self.members = members
  }

  init(parsing bytes: [UInt8]) throws(SandboxAdminError) {
    guard let members = SandboxJSON.parse(bytes)?.members else {
      throw SandboxAdminError("the body must be a JSON object")
    }
    self.members = members
  }

  /// Refuses any key outside `allowed`, naming the allowed ones.
  func requireOnly(_ allowed: [String]) throws(SandboxAdminError) {
    let unknown = Set(members.keys).subtracting(allowed)
    guard unknown.isEmpty else {
      throw SandboxAdminError("unknown keys: \(unknown.sorted().joined(separator: ", "))", allowed: allowed.sorted())
    }
  }

  func has(_ key: String) -> Bool { members[key] != nil }

  func string(_ key: String) throws(SandboxAdminError) -> String? {
    try value(key, "a string") { $0.stringValue }
  }

  func requiredString(_ key: String) throws(SandboxAdminError) -> String {
    guard let text = try string(key) else { throw SandboxAdminError("\(key) is required") }
    return text
  }

  func int(_ key: String) throws(SandboxAdminError) -> Int? {
    try value(key, "a whole number") { $0.intValue }
  }

  func requiredInt(_ key: String) throws(SandboxAdminError) -> Int {
    guard let number = try int(key) else { throw SandboxAdminError("\(key) is required") }
    return number
  }

  func double(_ key: String) throws(SandboxAdminError) -> Double? {
    try value(key, "a number") { $0.doubleValue }
  }

  func bool(_ key: String) throws(SandboxAdminError) -> Bool? {
    try value(key, "true or false") { $0.boolValue }
  }

  private func value<Value>(
    _ key: String, _ expected: String, _ read: (SandboxJSON) -> Value?
  ) throws(SandboxAdminError) -> Value? {
    guard let raw = members[key] else { return nil }
    guard let value = read(raw) else { throw SandboxAdminError("\(key) must be \(expected)") }
    return value
  }
}

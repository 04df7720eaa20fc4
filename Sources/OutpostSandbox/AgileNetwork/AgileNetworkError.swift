/// An error a resolver throws: the executor adds its path and locations, the reply writer its
/// `extensions.code` (agile-network.md §5's table) and any extra extension members.
struct AgileGraphError: Error, Sendable {
  let message: String
  /// nil for a redacted subgraph failure, which Apollo Router reports without a code.
  let code: String?
  var extensions: [(String, SandboxJSON)] = []

  static func badInput(_ message: String) -> AgileGraphError {
    AgileGraphError(message: message, code: "BAD_USER_INPUT")
  }

  static func notFound(_ what: String) -> AgileGraphError {
    AgileGraphError(message: "\(what) not found", code: "NOT_FOUND")
  }

  static let subgraphDown = AgileGraphError(message: "Subgraph errors redacted", code: nil)
  static let cursorExpired = AgileGraphError(message: "Cursor too old", code: "CURSOR_EXPIRED")
}

import Foundation

/// A GraphQL-over-HTTP request as read off the wire: a JSON body for POST, query parameters for
/// GET (`variables` and `extensions` JSON-encoded), as the GraphQL-over-HTTP draft defines.
struct AgileGraphQLRequest: Sendable {
  var query: String?
  var operationName: String?
  var variables: [(String, SandboxJSON)] = []
  /// `extensions.persistedQuery.sha256Hash` (automatic persisted queries).
  var persistedHash: String?

  enum Failure: Error {
    case malformed(String)
  }

  static func read(_ request: SandboxRequest) throws(Failure) -> AgileGraphQLRequest {
    let fields: [String: SandboxJSON]
    if request.method == .GET {
      let query = request.queryFields
      var members: [String: SandboxJSON] = [:]
      if let text = query["query"] { members["query"] = .string(text) }
      if let text = query["operationName"] { members["operationName"] = .string(text) }
      for key in ["variables", "extensions"] {
        guard let text = query[key] else { continue }
        guard let parsed = SandboxJSON.parse(Array(text.utf8)) else { throw .malformed("\(key) is not JSON") }
        members[key] = parsed
      }
      fields = members
    } else {
      guard let body = SandboxJSON.parse(request.body), let members = body.members else {
        throw .malformed("The body must be a JSON object")
      }
      fields = members
    }
    var parsed = AgileGraphQLRequest()
    switch fields["query"] {
    case .string(let text): parsed.query = text
    case nil, .null: break
    default: throw .malformed("query must be a string")
    }
    parsed.operationName = fields["operationName"]?.stringValue
    switch fields["variables"] {
    case .object(let members): parsed.variables = members
    case nil, .null: break
    default: throw .malformed("variables must be an object")
    }
    if let extensions = fields["extensions"]?.members, let persisted = extensions["persistedQuery"]?.members {
      guard let hash = persisted["sha256Hash"]?.stringValue else { throw .malformed("persistedQuery needs sha256Hash") }
      parsed.persistedHash = hash.lowercased()
    }
    return parsed
  }
}

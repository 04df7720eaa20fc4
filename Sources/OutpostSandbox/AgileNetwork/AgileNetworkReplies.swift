import Foundation
import GraphQL
import NIOHTTP1

/// How the gateway answers (agile-network.md §5): the GraphQL response shape, and its status
/// by `Accept` mode. With `application/graphql-response+json` a request that never executed
/// (parse, validation, variables) is 400 and a rejected token 401; with plain
/// `application/json` a well-formed GraphQL response is always 200.
enum AgileResponseMode: Sendable {
  case graphQLResponse
  case json

  var contentType: String {
    switch self {
    case .graphQLResponse: "application/graphql-response+json; charset=utf-8"
    case .json: "application/json; charset=utf-8"
    }
  }

  /// Picks by the `Accept` header; nil when neither type is acceptable (406). No header, or
  /// `*/*`, means plain JSON, as the GraphQL-over-HTTP draft's legacy clients expect.
  init?(accept: String?) {
    guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else {
      self = .json
      return
    }
    var best: (quality: Double, mode: AgileResponseMode)?
    for item in accept.split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      let quality =
        parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      guard quality > 0, let type = parts.first else { continue }
      let mode: AgileResponseMode
      switch type {
      case "application/graphql-response+json": mode = .graphQLResponse
      case "application/json", "application/*", "*/*": mode = .json
      default: continue
      }
      if best == nil || quality > best!.quality { best = (quality, mode) }
    }
    guard let best else { return nil }
    self = best.mode
  }
}

enum AgileNetworkReplies {
  /// One error as §5 writes it: message, locations, path, extensions.code and friends.
  static func error(
    _ message: String, code: String?, path: [SandboxJSON] = [], locations: [SandboxJSON] = [],
    extensions: [(String, SandboxJSON)] = []
  ) -> SandboxJSON {
    var members: [(String, SandboxJSON)] = [("message", .string(message))]
    if !locations.isEmpty { members.append(("locations", .array(locations))) }
    if !path.isEmpty { members.append(("path", .array(path))) }
    var extra = extensions
    if let code { extra.insert(("code", .string(code)), at: 0) }
    if !extra.isEmpty { members.append(("extensions", .object(extra))) }
    return .object(members)
  }

  /// A reply with errors and no `data` (the request never executed).
  static func requestError(
    _ status: HTTPResponseStatus, _ mode: AgileResponseMode, _ errors: [SandboxJSON]
  ) -> SandboxResponse {
    .json(mode == .json ? .ok : status, .object([("errors", .array(errors))]), contentType: mode.contentType)
  }

  /// An error the gateway answers with whatever the mode (405, 406, 429, 504, bad bodies).
  static func httpError(_ status: HTTPResponseStatus, _ message: String, code: String) -> SandboxResponse {
    .json(status, .object([("errors", .array([error(message, code: code)]))]))
  }

  /// The executor's errors in §5's shape, codes taken from what the resolvers threw.
  static func errors(_ errors: [GraphQLError], requestFailed: Bool) -> [SandboxJSON] {
    errors.map { error in
      let locations = error.locations.map {
        SandboxJSON.object([("line", .int($0.line)), ("column", .int($0.column))])
      }
      let path = error.path.elements.map { element -> SandboxJSON in
        switch element {
        case .index(let index): .int(index)
        case .key(let key): .string(key)
        }
      }
      if let thrown = error.originalError as? AgileGraphError {
        return Self.error(
          thrown.message, code: thrown.code, path: path, locations: locations, extensions: thrown.extensions)
      }
      return Self.error(
        error.message, code: requestFailed ? "BAD_USER_INPUT" : "INTERNAL_SERVER_ERROR", path: path,
        locations: locations)
    }
  }
}

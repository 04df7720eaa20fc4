import NIOHTTP1

/// The error bodies of rpp.md: the RPP API's envelope (§3.1) and Google's for Identity
/// Toolkit and Secure Token (§2.3).
enum RPPReplies {
  /// `{"error":{"code","message","status","requestId","details"}}`, with `X-Request-Id`.
  static func error(
    _ status: HTTPResponseStatus, _ code: String, _ message: String, requestID: String,
    details: [(String, SandboxJSON)] = []
  ) -> SandboxResponse {
    SandboxResponse.json(
      status,
      .object([
        (
          "error",
          .object([
            ("code", .string(code)), ("message", .string(message)), ("status", .int(Int(status.code))),
            ("requestId", .string(requestID)), ("details", .object(details)),
          ])
        )
      ])
    ).adding("X-Request-Id", requestID)
  }

  static func validation(_ field: String, _ issue: String, requestID: String) -> SandboxResponse {
    error(
      .badRequest, "VALIDATION_FAILED", "The request is not valid: \(field) \(issue).", requestID: requestID,
      details: [("fields", .array([.object([("field", .string(field)), ("issue", .string(issue))])]))])
  }

  static func notFound(requestID: String) -> SandboxResponse {
    error(.notFound, "NOT_FOUND", "No such resource.", requestID: requestID)
  }

  /// 401 with the header RFC 6750 asks for; `reason` is token_expired, token_invalid or token_revoked.
  static func unauthenticated(_ reason: String, requestID: String) -> SandboxResponse {
    error(
      .unauthorized, "UNAUTHENTICATED", "The ID token is missing, invalid, expired or revoked.",
      requestID: requestID, details: [("reason", .string(reason))]
    ).adding("WWW-Authenticate", #"Bearer error="invalid_token""#)
  }

  /// Google's error body: HTTP 400 unless told, `message` = `CODE` or `CODE : prose`.
  static func google(
    _ message: String, status: HTTPResponseStatus = .badRequest, reason: String = "invalid",
    statusText: String? = nil
  ) -> SandboxResponse {
    var members: [(String, SandboxJSON)] = [
      ("code", .int(Int(status.code))), ("message", .string(message)),
      (
        "errors",
        .array([.object([("message", .string(message)), ("domain", "global"), ("reason", .string(reason))])])
      ),
    ]
    if let statusText { members.append(("status", .string(statusText))) }
    return .json(status, .object([("error", .object(members))]))
  }

  static let badAPIKeyMessage = "API key not valid. Please pass a valid API key."

  static func badAPIKey() -> SandboxResponse {
    google(badAPIKeyMessage, reason: "badRequest", statusText: "INVALID_ARGUMENT")
  }

  /// No `key` at all: Google's 403 for unregistered callers.
  static func missingAPIKey() -> SandboxResponse {
    google(
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      status: .forbidden, reason: "forbidden", statusText: "PERMISSION_DENIED")
  }
}

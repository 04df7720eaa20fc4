import NIOHTTP1

/// A refused Data API request, with PostgREST's body `{code, details, hint, message}` and its
/// `Proxy-Status` header (supabase.md §4.3).
struct PostgRESTError: Error, Sendable {
  var status: HTTPResponseStatus
  var code: String
  var message: String
  var details: String?
  var hint: String?

  init(_ status: HTTPResponseStatus, _ code: String, _ message: String, details: String? = nil, hint: String? = nil) {
    self.status = status
    self.code = code
    self.message = message
    self.details = details
    self.hint = hint
  }

  static func parse(_ what: String, _ text: String) -> PostgRESTError {
    PostgRESTError(.badRequest, "PGRST100", "\"failed to parse \(what) (\(text))\"")
  }

  static func invalidBody(_ detail: String = "Empty or invalid json") -> PostgRESTError {
    PostgRESTError(.badRequest, "PGRST102", detail)
  }

  /// PostgreSQL's error as PostgREST maps it: the SQLSTATE decides the status (PostgREST's
  /// `Error.hs`), the body carries the database's own words. `authenticated`: a 42501 is 403
  /// for a signed-in caller and 401 for the anonymous role.
  static func database(
    sqlState: String, message: String, detail: String?, hint: String?, authenticated: Bool
  ) -> PostgRESTError {
    PostgRESTError(status(sqlState, authenticated: authenticated), sqlState, message, details: detail, hint: hint)
  }

  static func status(_ state: String, authenticated: Bool) -> HTTPResponseStatus {
    switch state {
    case "23503", "23505": return .conflict
    case "42501": return authenticated ? .forbidden : .unauthorized
    case "42P01", "42883": return .notFound
    case "25006": return .methodNotAllowed
    case "57014": return .internalServerError
    case "P0001": return .badRequest
    default: break
    }
    // PTxyz: a status chosen by the database code (RAISE … USING ERRCODE = 'PT409').
    if state.hasPrefix("PT"), let code = Int(state.dropFirst(2)), (100...599).contains(code) {
      return HTTPResponseStatus(statusCode: code)
    }
    switch state.prefix(2) {
    case "08", "53": return .serviceUnavailable
    case "22", "23", "42", "P0", "F0", "HV": return .badRequest
    case "28", "0L", "0P": return .forbidden
    default: return .internalServerError
    }
  }

  var response: SandboxResponse {
    func text(_ value: String?) -> SandboxJSON { value.map { .string($0) } ?? .null }
    let body: SandboxJSON = .object([
      ("code", .string(code)), ("details", text(details)), ("hint", text(hint)), ("message", .string(message)),
    ])
    var reply = SandboxResponse.json(status, body)
    reply.headers.append(("Proxy-Status", "PostgREST; error=\(code)"))
    return reply
  }
}

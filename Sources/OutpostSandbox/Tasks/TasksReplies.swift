import NIOHTTP1

/// The error bodies of the three layers of a Supabase project (supabase.md §2, §3.6, §4.3).
/// Clients must classify by status and code, never by message, so the codes are exact and the
/// messages are the real ones where known.
enum TasksReplies {
  // MARK: API gateway (no `code`)

  static func missingAPIKey() -> SandboxResponse {
    .json(
      .unauthorized,
      .object([
        ("message", "No API key found in request"),
        ("hint", "No `apikey` request header or url param was found."),
      ]))
  }

  static func invalidAPIKey() -> SandboxResponse {
    .json(
      .unauthorized,
      .object([
        ("message", "Invalid API key"), ("hint", "Double check your Supabase `anon` or `service_role` API key."),
      ]))
  }

  static func noRoute() -> SandboxResponse {
    .json(.notFound, .object([("message", "no Route matched with those values")]))
  }

  // MARK: Auth (GoTrue)

  /// A GoTrue error. `X-Supabase-Api-Version: 2024-01-01` (or later) selects the current shape
  /// `{"code","message"}`; without it the server answers the older `{"code":400,"error_code",
  /// "msg"}`. Both carry the `x-sb-error-code` header.
  static func auth(
    _ status: HTTPResponseStatus, _ code: String, _ message: String, request: SandboxRequest
  ) -> SandboxResponse {
    let version = request.headers.first(name: "x-supabase-api-version")
    let versioned = version.map { $0.wholeMatch(of: /\d{4}-\d\d-\d\d/) != nil && $0 >= "2024-01-01" } ?? false
    let body: SandboxJSON =
      versioned
      ? .object([("code", .string(code)), ("message", .string(message))])
      : .object([("code", .int(Int(status.code))), ("error_code", .string(code)), ("msg", .string(message))])
    var response = SandboxResponse.json(status, body).adding("x-sb-error-code", code)
    if versioned, let version { response = response.adding("X-Supabase-Api-Version", version) }
    return response
  }

  /// The OAuth shape some Auth paths still use (an empty refresh token, an unknown grant).
  static func oauth(_ error: String, _ description: String) -> SandboxResponse {
    .json(.badRequest, .object([("error", .string(error)), ("error_description", .string(description))]))
  }

  // MARK: Data API (PostgREST)

  /// `{"code","details","hint","message"}` plus the `Proxy-Status` header PostgREST adds.
  static func postgrest(
    _ status: HTTPResponseStatus, _ code: String, _ message: String, details: String? = nil, hint: String? = nil
  ) -> SandboxResponse {
    .json(
      status,
      .object([
        ("code", .string(code)), ("details", details.map { .string($0) } ?? .null),
        ("hint", hint.map { .string($0) } ?? .null), ("message", .string(message)),
      ])
    ).adding("Proxy-Status", "PostgREST; error=\(code)")
  }

  /// An expired access token on the Data API: 401 `PGRST301` "JWT expired" (PostgREST ≤ 12;
  /// newer servers say `PGRST303`, clients must accept both), with the Bearer challenge.
  static func jwtExpired() -> SandboxResponse {
    postgrest(.unauthorized, "PGRST301", "JWT expired")
      .adding("WWW-Authenticate", #"Bearer error="invalid_token", error_description="JWT expired""#)
  }

  static func jwtMalformed(partCount: Int) -> SandboxResponse {
    let message =
      partCount == 3
      ? "JWSError JWSInvalidSignature"
      : "JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got \(partCount))"
    return postgrest(.unauthorized, "PGRST301", message)
      .adding("WWW-Authenticate", #"Bearer error="invalid_token", error_description="\#(message)""#)
  }

  // MARK: Injected faults

  /// What a rate limit or an outage looks like on each layer. The 429 carries `Retry-After`
  /// (the fault is the sandbox's; the real Auth limiter sends none, supabase.md §3.7).
  static func fault(_ fault: SandboxFault, request: SandboxRequest, path: String) -> SandboxResponse {
    let isAuth = path.hasPrefix("/auth/")
    switch fault {
    case .rateLimited(let seconds):
      let response =
        isAuth
        ? auth(.tooManyRequests, "over_request_rate_limit", "Request rate limit reached", request: request)
        : .json(.tooManyRequests, .object([("message", "API rate limit exceeded")]))
      return response.adding("Retry-After", String(seconds))
    case .unavailable:
      return isAuth
        ? auth(.serviceUnavailable, "unexpected_failure", "Service temporarily unavailable", request: request)
        : postgrest(
          .serviceUnavailable, "PGRST001", "Database client error. Retrying the connection.",
          details: "no connection to the server")
    }
  }
}

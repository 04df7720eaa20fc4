import Foundation
import NIOHTTP1

/// What an rpp endpoint gets: the request, the live state, the instant it is judged at (one per
/// request, on the sandbox clock) and the request id its errors carry.
struct RPPContext {
  let request: SandboxRequest
  let sandbox: RPPSandbox
  let now: ContinuousClock.Instant
  let nowMs: Int64
  let requestID: String

  var nowSeconds: Int { Int(nowMs.flooredDivision(by: 1000)) }

  /// `Authorization: Bearer <token>`; nil when absent or not a bearer.
  var bearerToken: String? {
    guard let header = request.headers.first(name: "authorization") else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1]).trimmingCharacters(in: .whitespaces)
  }

  var jsonBody: [String: SandboxJSON]? { SandboxJSON.parse(request.body)?.members }
}

/// The "rpp" module. Mounted under four prefixes, the Firebase Auth Emulator's layout (the
/// Google host name is the first path segment) plus the API:
///
///     /identitytoolkit.googleapis.com/v1/accounts:signInWithPassword|sendOobCode|lookup
///     /securetoken.googleapis.com/v1/token          (and /v1/jwks)
///     /www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword|…   (legacy v3, pyrebase)
///     /www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com
///     /rpp/v1/…                                      the client API of rpp.md §4
struct RPPService: SandboxService {
  static let apiPrefix = "/rpp"
  static let prefixes = [
    "/identitytoolkit.googleapis.com", "/securetoken.googleapis.com", "/www.googleapis.com", apiPrefix,
  ]
  let sandbox: RPPSandbox

  var name: SandboxServiceName { .rpp }
  var pathPrefix: String { Self.apiPrefix }
  var pathPrefixes: [String] { Self.prefixes }
  var adminOperations: [String] { RPPAdmin.operations }

  func respond(to request: SandboxRequest) async -> SandboxResponse? {
    let now = sandbox.clock.now()
    let context = RPPContext(
      request: request, sandbox: sandbox, now: now, nowMs: sandbox.milliseconds(at: now),
      requestID: sandbox.nextRequestID())
    if request.path.hasPrefix(Self.apiPrefix + "/") { return await RPPAPI.respond(context) }
    return await RPPIdentity.respond(context)
  }

  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse {
    let api = request.path.hasPrefix(Self.apiPrefix + "/")
    let requestID = sandbox.nextRequestID()
    switch fault {
    case .rateLimited(let seconds):
      let response =
        api
        ? RPPReplies.error(.tooManyRequests, "RATE_LIMITED", "Too many requests.", requestID: requestID)
        : RPPReplies.google(
          "QUOTA_EXCEEDED : Quota exceeded.", status: .tooManyRequests, reason: "rateLimitExceeded",
          statusText: "RESOURCE_EXHAUSTED")
      return response.adding("Retry-After", String(seconds))
    case .unavailable:
      let response =
        api
        ? RPPReplies.error(.serviceUnavailable, "UNAVAILABLE", "The service is unavailable.", requestID: requestID)
        : RPPReplies.google(
          "The service is currently unavailable.", status: .serviceUnavailable, reason: "backendError",
          statusText: "UNAVAILABLE")
      return response.adding("Retry-After", "1")
    }
  }

  func adminState() -> SandboxJSON { RPPAdmin.state(sandbox) }

  func adminMutate(operation: String, body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    try RPPAdmin.mutate(operation, body, sandbox: sandbox)
  }
}

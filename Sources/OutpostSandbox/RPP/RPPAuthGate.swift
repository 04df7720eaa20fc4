/// The backend's checks of rpp.md §2.4, in order: signature and `kid`, `alg`, `aud`, `iss`,
/// `exp`, `iat`/`auth_time`, `sub` (else 401 UNAUTHENTICATED with a reason); the token not
/// revoked and the account enabled (401 token_revoked); `role == "client"` (403
/// ROLE_NOT_ALLOWED); `partnerId` present (403 TENANT_MISSING). Role and tenant come from the
/// token's claims, as on the real backend: a change reaches the API with the next ID token.
enum RPPAuthGate {
  struct Caller {
    var user: RPPUser
    var partner: RPPPartner
  }

  static func authenticate(_ context: RPPContext) async -> Result<Caller, RPPRefusal> {
    let requestID = context.requestID
    func unauthenticated(_ reason: String) -> Result<Caller, RPPRefusal> {
      context.sandbox.withState { $0.counters.unauthenticated += 1 }
      return .failure(RPPRefusal(RPPReplies.unauthenticated(reason, requestID: requestID)))
    }
    guard let token = context.bearerToken,
      case .verified(let claims) = await context.sandbox.tokens.verify(token)
    else { return unauthenticated("token_invalid") }
    let projectID = context.sandbox.withState { $0.settings.projectID }
    guard claims.aud == projectID, claims.iss == "https://securetoken.google.com/\(projectID)", !claims.sub.isEmpty
    else { return unauthenticated("token_invalid") }
    guard claims.exp > context.nowSeconds else { return unauthenticated("token_expired") }
    guard claims.iat <= context.nowSeconds, claims.authTime <= context.nowSeconds else {
      return unauthenticated("token_invalid")
    }
    let known = context.sandbox.withState { state -> (RPPUser?, Bool, RPPPartner?) in
      (state.users[claims.sub], state.revokedIDTokens.contains(token), claims.partnerId.flatMap { state.partners[$0] })
    }
    guard let user = known.0 else { return unauthenticated("token_invalid") }
    guard !known.1, !user.disabled else { return unauthenticated("token_revoked") }
    guard claims.role == "client" else {
      return .failure(
        RPPRefusal(
          RPPReplies.error(
            .forbidden, "ROLE_NOT_ALLOWED", "Only client accounts may use this API.", requestID: requestID)))
    }
    guard let partner = known.2 else {
      return .failure(
        RPPRefusal(
          RPPReplies.error(.forbidden, "TENANT_MISSING", "The account belongs to no partner.", requestID: requestID)))
    }
    return .success(Caller(user: user, partner: partner))
  }
}

/// An answer that ends a request early.
struct RPPRefusal: Error {
  var response: SandboxResponse

  init(_ response: SandboxResponse) { self.response = response }
}

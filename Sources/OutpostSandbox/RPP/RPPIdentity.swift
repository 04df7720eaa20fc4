/// Firebase Auth's REST surface (rpp.md §2): password sign-in, the password-reset mail, the
/// account lookup, the refresh grant and the public keys. Every call but the keys needs
/// `?key=<api key>`. Errors are Google's: HTTP 400 and `CODE : prose` messages (§2.3).
enum RPPIdentity {
  static let jwksPaths = [
    "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
    "/securetoken.googleapis.com/v1/jwks",
  ]

  static func respond(_ context: RPPContext) async -> SandboxResponse {
    let path = context.request.path
    if jwksPaths.contains(path) {
      guard context.request.method == .GET else { return notFound() }
      return .json(.ok, context.sandbox.tokens.jwks).adding("Cache-Control", "public, max-age=19302, must-revalidate")
    }
    let operation: String
    switch path {
    case "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
      "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyPassword":
      operation = "signIn"
    case "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode",
      "/www.googleapis.com/identitytoolkit/v3/relyingparty/getOobConfirmationCode":
      operation = "oob"
    case "/identitytoolkit.googleapis.com/v1/accounts:lookup",
      "/www.googleapis.com/identitytoolkit/v3/relyingparty/getAccountInfo":
      operation = "lookup"
    case "/securetoken.googleapis.com/v1/token": operation = "refresh"
    default: return notFound()
    }
    guard context.request.method == .POST else { return notFound() }
    guard let key = context.request.queryFields["key"] else { return RPPReplies.missingAPIKey() }
    guard key == context.sandbox.withState({ $0.settings.apiKey }) else { return RPPReplies.badAPIKey() }
    switch operation {
    case "signIn": return await signIn(context)
    case "oob": return sendOobCode(context)
    case "lookup": return await lookup(context)
    default: return await refresh(context)
    }
  }

  private static func notFound() -> SandboxResponse {
    RPPReplies.google("Not Found", status: .notFound, reason: "notFound", statusText: "NOT_FOUND")
  }

  private static func invalidJSON() -> SandboxResponse {
    RPPReplies.google("Invalid JSON payload received.", reason: "invalid", statusText: "INVALID_ARGUMENT")
  }

  // MARK: Sign-in

  private enum SignIn {
    case issued(RPPUser, refreshToken: String, lifetime: Int)
    case mfa(RPPUser)
    case refused(String)
  }

  private static func signIn(_ context: RPPContext) async -> SandboxResponse {
    guard let body = context.jsonBody else { return invalidJSON() }
    let email = body["email"]?.stringValue ?? ""
    let password = body["password"]?.stringValue ?? ""
    guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
      return RPPReplies.google("INVALID_EMAIL")
    }
    guard !password.isEmpty else { return RPPReplies.google("MISSING_PASSWORD") }
    let now = context.nowMs
    let outcome = context.sandbox.withState { state -> SignIn in
      let protection = state.settings.enumerationProtection
      guard var user = state.user(email: email) else {
        state.counters.failedSignIns += 1
        return .refused(
          protection
            ? "INVALID_LOGIN_CREDENTIALS"
            : "EMAIL_NOT_FOUND : There is no user record corresponding to this identifier. The user may have been deleted."
        )
      }
      defer { state.users[user.id] = user }
      guard user.lockedUntilMs <= now else {
        state.counters.failedSignIns += 1
        return .refused(
          "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later."
        )
      }
      guard user.password == password else {
        state.counters.failedSignIns += 1
        user.failedSignIns += 1
        if state.settings.maxFailedSignIns > 0 && user.failedSignIns >= state.settings.maxFailedSignIns {
          user.lockedUntilMs = now + Int64(state.settings.lockoutSeconds) * 1000
          user.failedSignIns = 0
        }
        return .refused(
          protection
            ? "INVALID_LOGIN_CREDENTIALS"
            : "INVALID_PASSWORD : The password is invalid or the user does not have a password.")
      }
      user.failedSignIns = 0
      guard !user.disabled else {
        state.counters.failedSignIns += 1
        return .refused("USER_DISABLED : The user account has been disabled by an administrator.")
      }
      if user.mfa {
        state.counters.mfaChallenges += 1
        return .mfa(user)
      }
      state.counters.signIns += 1
      let token = newRefreshToken()
      state.refreshTokens[token] = RPPRefreshToken(userID: user.id, authTime: Int(now / 1000))
      return .issued(user, refreshToken: token, lifetime: state.settings.idTokenLifetimeSeconds)
    }
    switch outcome {
    case .refused(let message): return RPPReplies.google(message)
    case .mfa(let user):
      return .json(
        .ok,
        .object([
          ("kind", "identitytoolkit#VerifyPasswordResponse"), ("localId", .string(user.id)),
          ("email", .string(user.email)), ("displayName", .string(user.name)), ("registered", true),
          ("mfaPendingCredential", .string(SandboxIdentifiers.stableCode("rpp-mfa:\(now)", count: 64))),
          (
            "mfaInfo",
            .array([
              .object([
                ("mfaEnrollmentId", .string(SandboxIdentifiers.stableCode("rpp-mfa-enrollment:\(user.id)", count: 28))),
                ("displayName", "Phone"), ("phoneInfo", "+*******0199"),
                ("enrolledAt", .string(RPPTime.utc(now - 200 * .dayMs))),
              ])
            ])
          ),
        ]))
    case .issued(let user, let refreshToken, let lifetime):
      guard let idToken = await mint(context, user: user, authTime: context.nowSeconds, lifetime: lifetime) else {
        return RPPReplies.google("INTERNAL_ERROR", status: .internalServerError, reason: "backendError")
      }
      return .json(
        .ok,
        .object([
          ("kind", "identitytoolkit#VerifyPasswordResponse"), ("localId", .string(user.id)),
          ("email", .string(user.email)), ("displayName", .string(user.name)), ("idToken", .string(idToken)),
          ("registered", true), ("refreshToken", .string(refreshToken)), ("expiresIn", .string(String(lifetime))),
        ]))
    }
  }

  /// Signs an ID token and remembers it, so a revocation can name it later.
  private static func mint(_ context: RPPContext, user: RPPUser, authTime: Int, lifetime: Int) async -> String? {
    let (projectID, role, partnerID) = context.sandbox.withState { state in
      (state.settings.projectID, user.role, user.partnerID)
    }
    let claims = RPPTokens.Claims(
      userID: user.id, email: user.email, role: role, partnerID: partnerID, authTime: authTime,
      issuedAt: context.nowSeconds, expiresAt: context.nowSeconds + lifetime)
    guard let token = try? await context.sandbox.tokens.mint(claims, projectID: projectID) else { return nil }
    // Claims to the second, signed deterministically: a sign-in in the second of a revocation
    // yields the very bytes that were revoked. Issued anew they are valid again (Firebase too
    // lets a token whose auth_time is not before the revocation through).
    context.sandbox.withState {
      $0.revokedIDTokens.remove(token)
      $0.issuedIDTokens[user.id, default: []].append(token)
    }
    return token
  }

  /// An opaque refresh token in Google's look (`AMf-vB…`), from the system RNG.
  private static func newRefreshToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    return "AMf-vB" + String((0..<150).map { _ in alphabet.randomElement(using: &generator)! })
  }

  // MARK: Password reset

  private static func sendOobCode(_ context: RPPContext) -> SandboxResponse {
    guard let body = context.jsonBody else { return invalidJSON() }
    guard body["requestType"]?.stringValue == "PASSWORD_RESET" else {
      return RPPReplies.google("INVALID_REQ_TYPE : Only PASSWORD_RESET is supported here.")
    }
    guard let email = body["email"]?.stringValue, !email.isEmpty else { return RPPReplies.google("MISSING_EMAIL") }
    guard email.contains("@") else { return RPPReplies.google("INVALID_EMAIL") }
    let outcome = context.sandbox.withState { state -> Bool? in
      if state.user(email: email) != nil {
        state.counters.passwordResetMails += 1
        return true
      }
      return state.settings.enumerationProtection ? false : nil
    }
    guard outcome != nil else {
      return RPPReplies.google(
        "EMAIL_NOT_FOUND : There is no user record corresponding to this identifier. The user may have been deleted.")
    }
    return .json(.ok, .object([("kind", "identitytoolkit#GetOobConfirmationCodeResponse"), ("email", .string(email))]))
  }

  // MARK: Account lookup

  private static func lookup(_ context: RPPContext) async -> SandboxResponse {
    guard let body = context.jsonBody else { return invalidJSON() }
    guard let token = body["idToken"]?.stringValue, !token.isEmpty else { return RPPReplies.google("MISSING_ID_TOKEN") }
    guard case .verified(let payload) = await context.sandbox.tokens.verify(token), payload.exp > context.nowSeconds,
      let user = context.sandbox.withState({ $0.users[payload.sub] })
    else { return RPPReplies.google("INVALID_ID_TOKEN") }
    let attributes = SandboxJSON.object(
      [("role", .string(user.role))] + (user.partnerID.map { [("partnerId", SandboxJSON.string($0))] } ?? []))
    return .json(
      .ok,
      .object([
        ("kind", "identitytoolkit#GetAccountInfoResponse"),
        (
          "users",
          .array([
            .object([
              ("localId", .string(user.id)), ("email", .string(user.email)), ("displayName", .string(user.name)),
              ("emailVerified", true), ("disabled", .bool(user.disabled)),
              (
                "providerUserInfo",
                .array([
                  .object([
                    ("providerId", "password"), ("email", .string(user.email)), ("federatedId", .string(user.email)),
                    ("rawId", .string(user.email)),
                  ])
                ])
              ),
              ("customAttributes", .string(attributes.serialized)),
              ("lastLoginAt", .string(String(Int64(payload.authTime) * 1000))),
            ])
          ])
        ),
      ]))
  }

  // MARK: Refresh

  private enum Refresh {
    case issued(RPPUser, refreshToken: String, authTime: Int, lifetime: Int)
    case refused(String)
  }

  private static func refresh(_ context: RPPContext) async -> SandboxResponse {
    // Form-encoded as the REST docs show; JSON (camelCase or snake_case) as the JS SDK and
    // pyrebase send it.
    let grant: String?
    let presented: String?
    if let json = context.jsonBody {
      grant = json["grant_type"]?.stringValue ?? json["grantType"]?.stringValue
      presented = json["refresh_token"]?.stringValue ?? json["refreshToken"]?.stringValue
    } else {
      let form = context.request.formFields
      grant = form?["grant_type"]
      presented = form?["refresh_token"]
    }
    guard let grant, !grant.isEmpty else { return secureTokenError("MISSING_GRANT_TYPE") }
    guard grant == "refresh_token" else { return secureTokenError("INVALID_GRANT_TYPE") }
    guard let presented, !presented.isEmpty else { return secureTokenError("MISSING_REFRESH_TOKEN") }
    let outcome = context.sandbox.withState { state -> Refresh in
      guard let record = state.refreshTokens[presented] else { return .refused("INVALID_REFRESH_TOKEN") }
      switch record.death {
      case .revoked?: return .refused("TOKEN_EXPIRED")
      case .rotated?: return .refused("INVALID_REFRESH_TOKEN")
      case nil: break
      }
      guard let user = state.users[record.userID] else { return .refused("USER_NOT_FOUND") }
      guard !user.disabled else { return .refused("USER_DISABLED") }
      state.counters.refreshes += 1
      state.counters.refreshesByUser[user.email, default: 0] += 1
      var token = presented
      if state.settings.rotateRefreshTokens {
        state.refreshTokens[presented]?.death = .rotated
        token = newRefreshToken()
        state.refreshTokens[token] = RPPRefreshToken(userID: user.id, authTime: record.authTime)
      }
      return .issued(
        user, refreshToken: token, authTime: record.authTime, lifetime: state.settings.idTokenLifetimeSeconds)
    }
    switch outcome {
    case .refused(let code): return secureTokenError(code)
    case .issued(let user, let refreshToken, let authTime, let lifetime):
      guard let idToken = await mint(context, user: user, authTime: authTime, lifetime: lifetime) else {
        return RPPReplies.google("INTERNAL_ERROR", status: .internalServerError, reason: "backendError")
      }
      return .json(
        .ok,
        .object([
          ("expires_in", .string(String(lifetime))), ("token_type", "Bearer"), ("refresh_token", .string(refreshToken)),
          ("id_token", .string(idToken)), ("user_id", .string(user.id)),
          ("project_id", .string(SandboxRPPConfiguration.projectNumber)), ("access_token", .string(idToken)),
        ]))
    }
  }

  private static func secureTokenError(_ code: String) -> SandboxResponse {
    RPPReplies.google(code, statusText: "INVALID_ARGUMENT")
  }
}

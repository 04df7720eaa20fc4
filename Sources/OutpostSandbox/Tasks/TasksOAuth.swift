import Foundation

/// Google sign-in through Supabase Auth with PKCE (supabase.md §3.5): `GET /auth/v1/authorize`
/// stands in for the whole trip through Google and answers at once with a 302 to
/// `redirect_to?code=…` for the project's Google-only user (one without a password; the
/// `login_hint` query field picks one by email), and `POST /auth/v1/token?grant_type=pkce`
/// trades that code and the verifier for the usual session. A code works once, for five
/// minutes, and only with the verifier whose S256 challenge came with it.
enum TasksOAuth {
  struct PendingCode: Sendable {
    var owner: String
    var challenge: String
    var expiresAtMicroseconds: Int64
  }

  static let codeLifetimeMicroseconds: Int64 = 300 * 1_000_000

  static func authorize(_ context: TasksContext) -> SandboxResponse {
    let fields = context.request.queryFields
    guard fields["provider"] == "google" else {
      return TasksReplies.auth(
        .badRequest, "validation_failed",
        "Unsupported provider: Provider \(fields["provider"] ?? "") could not be found",
        request: context.request)
    }
    guard let redirect = fields["redirect_to"],
      redirect.hasPrefix("http://127.0.0.1:") || redirect.hasPrefix("https://")
    else {
      return TasksReplies.auth(
        .badRequest, "validation_failed", "redirect_to is not an allowed redirect URL", request: context.request)
    }
    guard let challenge = fields["code_challenge"], challenge.count >= 43,
      fields["code_challenge_method"]?.lowercased() == "s256"
    else {
      return TasksReplies.auth(
        .badRequest, "validation_failed", "PKCE flow requires code_challenge and code_challenge_method=s256",
        request: context.request)
    }
    let hint = fields["login_hint"]?.lowercased()
    let code = context.sandbox.withState { state -> String? in
      guard
        let owner = state.userOrder.first(where: { email in
          state.users[email]?.password.isEmpty == true && (hint == nil || hint == email)
        })
      else { return nil }
      var generator = SystemRandomNumberGenerator()
      let code = SandboxIdentifiers.uuid(using: &generator)
      state.pendingCodes[code] = PendingCode(
        owner: owner, challenge: challenge,
        expiresAtMicroseconds: context.nowMicroseconds + codeLifetimeMicroseconds)
      return code
    }
    guard let code else {
      return TasksReplies.auth(
        .badRequest, "validation_failed", "Provider google is not enabled for this project", request: context.request)
    }
    let separator = redirect.contains("?") ? "&" : "?"
    return SandboxResponse(status: .found, headers: [("Location", redirect + separator + "code=" + code)])
  }

  /// The owner of a code presented with its verifier, spending the code; nil when it is
  /// unknown, spent, expired or the verifier does not match.
  static func redeem(code: String, verifier: String, in state: inout TasksState, nowMicroseconds: Int64) -> String? {
    guard let pending = state.pendingCodes.removeValue(forKey: code), pending.expiresAtMicroseconds > nowMicroseconds
    else { return nil }
    let digest = SandboxDigest.sha256(Array(verifier.utf8))
    let encoded = Data(digest).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    return encoded == pending.challenge ? pending.owner : nil
  }
}

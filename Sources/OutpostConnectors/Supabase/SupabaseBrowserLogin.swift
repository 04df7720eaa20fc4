import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Signing in with Google through Supabase Auth (supabase.md §3.5), for accounts that have no
/// password: the browser goes to `/auth/v1/authorize?provider=google` with a PKCE challenge and
/// a loopback `redirect_to` (RFC 8252: 127.0.0.1, a port the kernel picks, bound first); the
/// code it brings back is traded with the verifier for a session whose refresh token the
/// keeper keeps. The `state` rides in `redirect_to`, so a stray request to the listener cannot
/// end the sign-in.
extension SupabaseAuth {
  static let browserGiveUp: Duration = .seconds(600)

  public func beginBrowserLogin(provider: String, email: String?, clock: any Clock<Duration>)
    async throws(ConnectorError) -> InteractiveLoginFlow<SupabaseSession>
  {
    let pkce = PKCE()
    let listener = try await LoopbackRedirectListener.start(state: pkce.state)
    let redirect = listener.redirectURI + "?state=" + pkce.state
    var query = [
      ("provider", provider), ("redirect_to", redirect), ("code_challenge", pkce.challenge),
      ("code_challenge_method", "s256"),
    ]
    if let email, !email.isEmpty { query.append(("login_hint", email)) }
    let url =
      project.baseURL + "/auth/v1/authorize?"
      + query.map { "\($0.0)=\(FormEncoding.percentEncode($0.1))" }.joined(separator: "&")
    let prompt = InteractiveLoginPrompt(
      method: .browser, url: url,
      expiresAt: now().addingTimeInterval(TimeInterval(Self.browserGiveUp.components.seconds)))
    return InteractiveLoginFlow(prompt: prompt) {
      () async throws(InteractiveLoginError) -> LoginResult<SupabaseSession> in
      let callback = await OIDCProvider.first(await listener.callback(), orNilAfter: Self.browserGiveUp, on: clock)
      await listener.close()
      switch callback {
      case nil:
        throw Task.isCancelled ? .cancelled : .expired
      case .error(let error, let description)?:
        if error == "access_denied" { throw .denied(description ?? "the sign-in was declined") }
        throw .connector(.unexpectedReply("the sign-in ended with \(error)"))
      case .code(let code, _)?:
        do throws(ConnectorError) {
          let session = try await exchange(code: code, verifier: pkce.verifier)
          return LoginResult(
            session: session, identity: AccountIdentity(displayName: session.email ?? email, groups: []),
            rotatedSecret: SupabaseStoredSecret.storing(refreshToken: session.refreshToken))
        } catch .invalidCredentials(let detail) {
          throw .denied(detail)
        } catch {
          throw .connector(error)
        }
      }
    }
  }
}

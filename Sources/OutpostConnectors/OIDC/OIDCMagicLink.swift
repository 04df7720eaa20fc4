import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Magic-link sign-in as agile-network.md §3 [OP] has it: the brand's backend asks Keycloak for
/// a one-time action-token link carrying this request's PKCE challenge, state and nonce and
/// mails it; the link ends in `<scheme>://auth/callback?code=…&state=…`, which only the machine
/// holding the verifier can trade for tokens (a public client cannot call Keycloak's admin-only
/// magic-link resource itself).
extension OIDCProvider {
  /// How long a link lives when the backend does not say (its documented default, §3).
  static let magicLinkDefaultLifetime: Int64 = 900

  /// `POST {magicLinkURL}` with the request; the backend answers 202 whether or not the address
  /// exists, 400 for a malformed request and 429 (one mail per address a minute).
  func requestMagicLink(url magicLinkURL: String, email: String, redirectURI: String, locale: String?)
    async throws(ConnectorError) -> SignInLinkRequest
  {
    let pkce = PKCE()
    var fields: [String: JSONValue] = [
      "email": .string(email), "clientId": .string(clientID), "redirectUri": .string(redirectURI),
      "state": .string(pkce.state), "nonce": .string(pkce.nonce), "codeChallenge": .string(pkce.challenge),
      "codeChallengeMethod": .string(PKCE.method),
    ]
    if let locale { fields["locale"] = .string(locale) }
    let sent = now()
    let reply = try await send(
      HTTPRequest(
        method: "POST", url: magicLinkURL,
        headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
        body: JSONValue.object(fields).serialized))
    switch reply.status {
    case 200, 202:
      let lifetime = (try? JSONParser.parse(reply.body))?["expiresIn"]?.int64Value ?? Self.magicLinkDefaultLifetime
      return SignInLinkRequest(
        state: pkce.state,
        secrets: SignInLinkSecrets(verifier: pkce.verifier.reveal(), nonce: pkce.nonce, email: email),
        expiresAt: sent.addingTimeInterval(TimeInterval(max(1, min(lifetime, 86_400)))))
    case 400:
      let detail = (try? JSONParser.parse(reply.body))?["error_description"]?.stringValue ?? "a malformed request"
      throw .unsupported("the brand refused to send a sign-in link: \(detail)")
    case 404:
      throw .unsupported(
        "no sign-in link service at \(magicLinkURL) (HTTP 404): check api.magic_link_url of the brand")
    default:
      throw Self.classify(reply, during: "asking for a sign-in link")
    }
  }

  /// The link came back: the code, the stored verifier, the redirect the request named, and an
  /// ID token that must carry the stored nonce. A refused code (used, expired, or exchanged
  /// without the right verifier) is `.denied`.
  func completeMagicLink(code: String, redirectURI: String, secrets: SignInLinkSecrets)
    async throws(InteractiveLoginError) -> LoginResult<OIDCSession>
  {
    do throws(ConnectorError) {
      let endpoints = try await endpoints()
      let sent = now()
      let tokens = try await exchange(
        endpoints, code: code, redirectURI: redirectURI, verifier: SecretString(secrets.verifier))
      try await checkIDToken(tokens, endpoints: endpoints, nonce: secrets.nonce)
      let session = tokens.session(sentAt: sent)
      return LoginResult(session: session, identity: session.identity, rotatedSecret: session.refreshToken)
    } catch .invalidCredentials {
      throw .denied("the service did not accept the link's code (used already, or expired)")
    } catch {
      throw .connector(error)
    }
  }
}

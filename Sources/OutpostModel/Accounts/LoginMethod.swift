/// How a user signs in at a service's own pages, for services that never give Outpost a
/// password (OAuth 2.0 for native apps, RFC 8252): the account's connector declares which it
/// offers, and any client starts one with `accounts.login.begin`.
public enum LoginMethod: String, Codable, Sendable, CaseIterable {
  /// The system browser opens the service's sign-in page and comes back to a listener on
  /// 127.0.0.1 (authorization code with PKCE and a loopback redirect).
  case browser
  /// The user opens an address on any device and types a short code there (RFC 8628): for
  /// machines without a browser or a display.
  case device
  /// The service mails a one-time sign-in link (agile-network.md §3); the link comes back
  /// through the app's own scheme (`outpost open <scheme>://auth/callback?…`) on the machine
  /// that asked for it, which alone holds the request's PKCE verifier.
  case magicLink
}

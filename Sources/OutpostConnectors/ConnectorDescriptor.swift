/// What the daemon and the CLI need to know about a kind of connector before talking to it.
public struct ConnectorDescriptor: Sendable, Equatable {
  /// The kind users type: `outpost account add volleymanager`.
  public var kind: String
  public var displayName: String
  public var authentication: AuthenticationKind
  public var defaultBaseURL: String
  public var requiresUsername: Bool

  public init(
    kind: String, displayName: String, authentication: AuthenticationKind, defaultBaseURL: String,
    requiresUsername: Bool
  ) {
    self.kind = kind
    self.displayName = displayName
    self.authentication = authentication
    self.defaultBaseURL = defaultBaseURL
    self.requiresUsername = requiresUsername
  }
}

/// How a service authenticates, which decides what the keyring holds and how a session is
/// renewed.
public enum AuthenticationKind: String, Sendable, Codable, CaseIterable {
  /// Short sessions that cannot be extended (VolleyManager: 15–30 minutes): the keyring holds the
  /// password and Outpost logs in afresh whenever the session expires.
  case passwordRelogin = "password"
  /// OAuth/OIDC: the access token stays in memory, the refresh token is in the keyring and is
  /// used (and, when the service rotates it, replaced) to refresh silently.
  case oauthRefreshToken = "oauth"
  /// A long-lived API token in the keyring, sent with every call.
  case apiToken = "api-token"
  /// The address itself is the secret (a personal calendar feed such as VolleyManager's
  /// `/indoor/iCal/referee/<code>`): the keyring holds the whole URL, the database only a
  /// redacted form of it.
  case secretURL = "secret-url"

  /// What the CLI asks the user for.
  public var secretNoun: String {
    switch self {
    case .passwordRelogin: "password"
    case .oauthRefreshToken: "refresh token"
    case .apiToken: "API token"
    case .secretURL: "feed address"
    }
  }
}

import OutpostModel

/// What the daemon and the CLI need to know about a kind of connector before talking to it.
public struct ConnectorDescriptor: Sendable, Equatable {
  /// The kind users type: `outpost account add volleymanager`.
  public var kind: String
  public var displayName: String
  public var authentication: AuthenticationKind
  public var defaultBaseURL: String
  /// What to give as `--base-url` when the service has no address every user shares (a
  /// deployment of its own per customer): an account added without one is refused with this
  /// ("your RPP deployment's API address, e.g. https://api.example.com/v1"), never pointed at a
  /// default. Nil: `defaultBaseURL` is the public address.
  public var baseURLRequired: LocalizedText?
  public var requiresUsername: Bool
  /// The options an account of this kind takes (`--option KEY=VALUE`); any other is refused.
  public var options: [ConnectorOption]
  /// The kinds of item it brings, how each shows and what news each gives.
  public var itemKinds: [ItemKindDeclaration]
  /// The URL schemes of the service's own app, whose links Outpost opens.
  public var linkSchemes: [LinkScheme]
  /// The page under the account's base address that lists the user's items, opened for an item
  /// without a web page of its own (`/sportmanager.volleyball/main/dashboard`); nil: the base.
  public var webHome: String?
  /// How the user signs in at the service's own pages (first: the default), for connectors
  /// that are `InteractiveLoginConnector`s; empty for those that take a secret from the user.
  public var loginMethods: [LoginMethod]
  /// A question it answers from the store (`QueryDeclaration.fromStore`) whose answer holds a
  /// `bar` text and a `block` for the status bars (ViiRaa: the latest reading and time in
  /// range), and optionally `validUntil` (when the block changes by itself); nil for none.
  public var barView: String?
  /// Accounts of this kind each take one configured preset (a brand); nil for most kinds.
  public var presets: PresetDeclaration?

  public init(
    kind: String, displayName: String, authentication: AuthenticationKind, defaultBaseURL: String,
    requiresUsername: Bool, options: [ConnectorOption] = [], itemKinds: [ItemKindDeclaration] = [],
    linkSchemes: [LinkScheme] = [], webHome: String? = nil, loginMethods: [LoginMethod] = [], barView: String? = nil,
    presets: PresetDeclaration? = nil, baseURLRequired: LocalizedText? = nil
  ) {
    self.baseURLRequired = baseURLRequired
    self.presets = presets
    self.barView = barView
    self.loginMethods = loginMethods
    self.itemKinds = itemKinds
    self.linkSchemes = linkSchemes
    self.webHome = webHome
    self.kind = kind
    self.displayName = displayName
    self.authentication = authentication
    self.defaultBaseURL = defaultBaseURL
    self.requiresUsername = requiresUsername
    self.options = options
  }

  /// The options as given, with defaults filled in; refuses unknown names and missing required
  /// ones, each with what the kind takes.
  public func resolveOptions(_ given: [String: String]?) -> Result<[String: String], OptionProblem> {
    var result: [String: String] = [:]
    let known = Set(options.map(\.name))
    if let unknown = (given ?? [:]).keys.sorted().first(where: { !known.contains($0) }) {
      let takes = options.isEmpty ? "takes no options" : "takes \(options.map(\.name).joined(separator: ", "))"
      return .failure(OptionProblem(message: "\(kind) has no option \"\(unknown)\"; it \(takes)"))
    }
    for option in options {
      if let value = given?[option.name], !value.isEmpty {
        guard value.utf8.count <= 2048 else {
          return .failure(OptionProblem(message: "option \(option.name) is longer than 2048 bytes"))
        }
        result[option.name] = value
      } else if let value = option.defaultValue {
        result[option.name] = value
      } else if option.required {
        return .failure(OptionProblem(message: "\(kind) accounts need --option \(option.name)=…: \(option.summary)"))
      }
    }
    return .success(result)
  }
}

/// A setting of an account that is not a secret (an API key that apps ship publicly, a brand, a
/// project URL). Secrets never go here: they are the keyring's.
public struct ConnectorOption: Sendable, Equatable {
  public var name: String
  public var summary: String
  public var required: Bool
  public var defaultValue: String?

  public init(_ name: String, summary: String, required: Bool = false, defaultValue: String? = nil) {
    self.name = name
    self.summary = summary
    self.required = required
    self.defaultValue = defaultValue
  }
}

public struct OptionProblem: Error, Sendable, Equatable {
  public var message: String
}

/// How a service authenticates, which decides what the keyring holds and how a session is
/// renewed.
public enum AuthenticationKind: String, Sendable, Codable, CaseIterable {
  /// Short sessions that cannot be extended (VolleyManager: 15–30 minutes): the keyring holds the
  /// password and Outpost logs in afresh whenever the session expires.
  case passwordRelogin = "password"
  /// OAuth/OIDC: the access token stays in memory, the refresh token is in the keyring and is
  /// used (and, when the service rotates it, replaced) to refresh silently. The user signs in
  /// interactively (`loginMethods`: in the browser or with a device code), never through Outpost.
  case oauthRefreshToken = "oauth"
  /// A password used once to sign in; the keyring then keeps the refresh token the service
  /// issued (and replaces it before use whenever the service rotates it), and access tokens
  /// live only in memory (Supabase Auth, Firebase Auth). The password stays in the keyring too,
  /// for a silent sign-in when the session ends: as an item of its own when the connector hands
  /// it back (`LoginResult.password`), or packed beside the token in the one item by a connector
  /// that does so itself.
  case tokenSession = "token-session"
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
    case .tokenSession: "password"
    case .apiToken: "API token"
    case .secretURL: "feed address"
    }
  }
}

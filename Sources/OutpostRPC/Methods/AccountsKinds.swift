import OutpostModel

/// `accounts.kinds`: the kinds of account this Outpost knows (its compiled-in connectors), with
/// what adding one takes: a username, a secret or an interactive sign-in, and the options.
public enum AccountsKinds: RPCMethod {
  public static let name = "accounts.kinds"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var kinds: [AccountKind]
    public init(kinds: [AccountKind]) { self.kinds = kinds }
  }
}

/// One kind of account, as its connector declares it.
public struct AccountKind: Codable, Sendable, Equatable {
  /// What `accounts.add` takes as `kind`, e.g. `volleymanager`.
  public var kind: String
  public var displayName: String
  /// `password`, `oauth`, `token-session`, `api-token` or `secret-url`: what the keyring holds.
  public var authentication: String
  /// How its accounts sign in at the service's own pages (first: the default); empty when
  /// `accounts.add` and `accounts.login` take a secret instead.
  public var loginMethods: [LoginMethod]
  public var requiresUsername: Bool
  public var defaultBaseURL: String
  public var options: [Option]
  /// For a kind whose accounts each take one configured preset (a brand): the option that
  /// names it (`brand`) and the presets configured (shipped ones and config.toml's).
  public var presetOption: String?
  public var presets: [Preset]?

  public init(
    kind: String, displayName: String, authentication: String, loginMethods: [LoginMethod], requiresUsername: Bool,
    defaultBaseURL: String, options: [Option]
  ) {
    self.kind = kind
    self.displayName = displayName
    self.authentication = authentication
    self.loginMethods = loginMethods
    self.requiresUsername = requiresUsername
    self.defaultBaseURL = defaultBaseURL
    self.options = options
  }

  /// A configured preset: its id (what the option takes) and its name.
  public struct Preset: Codable, Sendable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
      self.id = id
      self.name = name
    }
  }

  /// A setting `accounts.add` takes in `options`; never a secret.
  public struct Option: Codable, Sendable, Equatable {
    public var name: String
    public var summary: String
    public var required: Bool
    public var defaultValue: String?

    public init(name: String, summary: String, required: Bool, defaultValue: String? = nil) {
      self.name = name
      self.summary = summary
      self.required = required
      self.defaultValue = defaultValue
    }
  }
}

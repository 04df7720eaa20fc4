import OutpostModel

/// A connector whose accounts each take one of several configured presets (the Agile Network's
/// brands, agile-network.md §1): the account's option `option` names a preset of the
/// configuration table `table`, whose values reach the connector as `ConnectorAccount.preset`.
/// The presets live in configuration only (`share/outpost/presets.toml` and the user's
/// `config.toml`), so no brand value is compiled in.
public struct PresetDeclaration: Sendable, Equatable {
  /// The account option that names the preset (`brand`).
  public var option: String
  /// The configuration's array of tables (`agile.brands`).
  public var table: String
  /// What one preset is called in messages ("brand").
  public var noun: String
  /// The preset value that is an account's base address when `--base-url` gives none.
  public var baseURLKey: String?
  /// The preset value that names it for people (`name`).
  public var nameKey: String
  /// The app links each preset brings, if any.
  public var linkScheme: PresetLinkScheme?

  public init(
    option: String, table: String, noun: String, baseURLKey: String? = nil, nameKey: String = "name",
    linkScheme: PresetLinkScheme? = nil
  ) {
    self.option = option
    self.table = table
    self.noun = noun
    self.baseURLKey = baseURLKey
    self.nameKey = nameKey
    self.linkScheme = linkScheme
  }

  /// The link scheme a preset brings: its name is the preset's value `schemeKey`, the app is
  /// called by its `nameKey` value; the paths and starts are the connector's.
  public func linkScheme(for preset: ServicePreset) -> LinkScheme? {
    guard let template = linkScheme, let scheme = preset[template.schemeKey]?.lowercased(), !scheme.isEmpty,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    let domain = template.domainKey.flatMap { preset[$0] }.map { [$0.lowercased()] }
    return LinkScheme(
      scheme, appName: preset[nameKey] ?? preset.id, paths: template.paths, starts: template.starts,
      webDomains: domain, webBase: template.webBaseKey.flatMap { preset[$0] }, signInCallback: template.signInCallback)
  }
}

/// The shape of the links every preset's app uses (`<scheme>://expert/<slug>`).
public struct PresetLinkScheme: Sendable, Equatable {
  /// The preset value holding the scheme (`deep_link.scheme`).
  public var schemeKey: String
  public var paths: [String]
  public var starts: [String: String]
  /// The preset value holding the app's web domain (`deep_link.universal_link_domain`).
  public var domainKey: String?
  /// The preset value holding its web address (`web_base_url`), for links to what the store
  /// does not hold.
  public var webBaseKey: String?
  /// The route mailed sign-in links come back on (`auth/callback`), for a connector that
  /// signs in with them (`SignInLinkConnector`).
  public var signInCallback: String?

  public init(
    schemeKey: String, paths: [String], starts: [String: String] = [:], domainKey: String? = nil,
    webBaseKey: String? = nil, signInCallback: String? = nil
  ) {
    self.signInCallback = signInCallback
    self.domainKey = domainKey
    self.webBaseKey = webBaseKey
    self.schemeKey = schemeKey
    self.paths = paths
    self.starts = starts
  }
}

/// A URL scheme a service's own app uses for its items (`volleykit://assignment/<id>`),
/// declared by its connector so that `outpost open`, the `.desktop` handler and notifications
/// take those links with no code per service.
public struct LinkScheme: Codable, Sendable, Equatable {
  /// Lower case, as in `volleykit`.
  public var name: String
  /// What the app calls it, for messages ("a VolleyKit link").
  public var appName: String
  /// The first path segments it uses (`assignment`, `exchange`, `compensation`); the second is
  /// the item's id.
  public var paths: [String]
  /// Links that start something instead of naming an item (`rpp://book?serviceId=…`): the
  /// path, and the `outpost` command that does it, where `{key}` takes the link's query value.
  public var starts: [String: String]
  /// The app's web domains (`brand.example`; `www.` is implied): their addresses with
  /// the same paths (`https://<domain>/content/<id>`) name the same items.
  public var webDomains: [String]?
  /// The web page for a link to something the store does not hold: `<webBase>/<path>/<id>`.
  public var webBase: String?
  /// The route a mailed sign-in link comes back on (`auth/callback` for
  /// `<scheme>://auth/callback?code=…&state=…`), when the app signs in that way.
  public var signInCallback: String?

  public init(
    _ name: String, appName: String, paths: [String], starts: [String: String] = [:], webDomains: [String]? = nil,
    webBase: String? = nil, signInCallback: String? = nil
  ) {
    self.signInCallback = signInCallback
    self.webDomains = webDomains
    self.webBase = webBase
    self.name = name
    self.appName = appName
    self.paths = paths
    self.starts = starts
  }

  /// `volleykit://assignment/ID (or exchange/, compensation/)`, for messages.
  public var pattern: String {
    let first = paths.first ?? "item"
    let others = paths.dropFirst().map { "\($0)/" }
    return "\(name)://\(first)/ID" + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))")
  }
}

extension LinkScheme {
  /// `https://<domain>/<path>/<id>` for one of the app's own links (`<scheme>://<path>/<id>`).
  public func webPage(for link: String) -> String? {
    guard let base = webBase, link.hasPrefix(name + "://") else { return nil }
    let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
    return trimmed + "/" + link.dropFirst(name.count + 3)
  }
}

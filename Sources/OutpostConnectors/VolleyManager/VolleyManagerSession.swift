/// A logged-in VolleyManager session: the rotating `Neos_Flow_Session` cookie, the CSRF token
/// every POST/PUT carries, and the user context the dashboard revealed. In memory only.
public struct VolleyManagerSession: Sendable, Equatable {
  public var cookies: CookieJar
  public var csrfToken: String
  /// The person's `__identity` (the active party), used to tell "mine" on the exchange board.
  public var personID: String
  public var displayName: String?
  /// The referee's associations (occupations), in the order the service lists them.
  public var associations: [VolleyManagerAssociation]
  /// The occupation the server-side "active party" is switched to; list calls return its data.
  public var activeAssociationID: String?
  /// The personal iCal code; it is a secret (anyone with it reads the feed), never logged.
  public var calendarCode: SecretString?
}

/// One association the referee works for (a referee "occupation").
public struct VolleyManagerAssociation: Sendable, Equatable, Codable {
  /// The occupation / attribute-value `__identity`, which `switchRoleAndAttribute` takes.
  public var occupationID: String
  public var name: String
  /// e.g. "SV" (national), "SVRZ".
  public var shortName: String
  /// 0 for the national association, above 0 for a regional one.
  public var originID: Int
}

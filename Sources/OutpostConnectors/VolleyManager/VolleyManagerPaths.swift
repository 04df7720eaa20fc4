/// The service's paths. JSON endpoints carry the `/api` prefix and a percent-encoded backslash
/// (`%5C`, Flow's namespace separator) that must reach the server still encoded; the HTML and
/// login pages have no prefix.
enum VolleyManagerPaths {
  static let login = "/login"
  static let authenticate = "/sportmanager.security/authentication/authenticate"
  static let dashboard = "/sportmanager.volleyball/main/dashboard"
  static let logout = "/logout"
  static let switchRole = api("sportmanager.security", "party", "switchRoleAndAttribute")
  static let activeSeason = api("sportmanager.indoorvolleyball", "indoorseason", "getActiveIndoorSeason")
  static let assignments = api("indoorvolleyball.refadmin", "refereeconvocation", "searchMyRefereeConvocations")
  static let compensations = api("indoorvolleyball.refadmin", "refereeconvocationcompensation", "search")
  static let exchanges = api("indoorvolleyball.refadmin", "refereegameexchange", "search")
  static let pick = api("indoorvolleyball.refadmin", "refereegameexchange", "pickFromRefereeGameExchange")
  static let offer = api(
    "indoorvolleyball.refadmin", "refereeconvocation", "putRefereeConvocationIntoRefereeGameExchange")
  static let withdraw = api("indoorvolleyball.refadmin", "refereeconvocation", "deleteFromRefereeGameExchange")
  static let compensation = "/api/indoorvolleyball.refadmin/api%5Cconvocationcompensation"

  static func api(_ package: String, _ controller: String, _ action: String) -> String {
    "/api/\(package)/api%5C\(controller)/\(action)"
  }

  /// The login form's field names.
  static let usernameField = "__authentication[Neos][Flow][Security][Authentication][Token][UsernamePassword][username]"
  static let passwordField = "__authentication[Neos][Flow][Security][Authentication][Token][UsernamePassword][password]"
}

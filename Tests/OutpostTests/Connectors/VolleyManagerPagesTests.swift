import OutpostModel
import Testing

@testable import OutpostConnectors

/// The page readers, on markup shaped like the real service's (see upstreams/volleymanager.md §1.2).
struct VolleyManagerPagesTests {
  static let loginPage = """
    <form action="/sportmanager.security/authentication/authenticate" method="post">
    <input type="hidden" name="__referrer[@package]" value="SportManager.Volleyball" />
    <input type="hidden" name="__referrer[@subpackage]" value="" />
    <input type="hidden" name="__referrer[arguments]" value="YTowOnt9abc&amp;def" />
    <input type='hidden' name='__trustedProperties' value='a:0:{}0123456789abcdef0123456789abcdef01234567'/>
    <input type="text" id="username" name="username" /><input type="password" id="password" />
    </form>
    """

  @Test func readsTheHiddenFieldsInOrderWithEntitiesDecoded() {
    let fields = VolleyManagerPages.hiddenFields(in: Self.loginPage)
    #expect(
      fields.map(\.0) == [
        "__referrer[@package]", "__referrer[@subpackage]", "__referrer[arguments]", "__trustedProperties",
      ])
    #expect(fields[2].1 == "YTowOnt9abc&def")
    #expect(fields[3].1.hasPrefix("a:0:{}"))
    #expect(VolleyManagerPages.isLoginPage(Self.loginPage))
  }

  @Test func classifiesTheTwoFailureStylesAndTwoFactor() throws {
    let snackbar = HTTPResponse(
      status: 200, headers: [:],
      body: Array((Self.loginPage + "<v-snackbar color=\"error\">Authentifizierung fehlgeschlagen!</v-snackbar>").utf8))
    #expect(throws: ConnectorError.invalidCredentials("wrong username or password")) {
      try VolleyManagerConnector.checkAuthenticated(snackbar)
    }
    let redirect = HTTPResponse(status: 303, headers: ["location": "https://host/login"], body: [])
    #expect(throws: ConnectorError.invalidCredentials("wrong username or password")) {
      try VolleyManagerConnector.checkAuthenticated(redirect)
    }
    let twoFactor = HTTPResponse(status: 200, headers: [:], body: Array("<input name=\"secondFactorToken\">".utf8))
    #expect(throws: ConnectorError.twoFactorRequired) { try VolleyManagerConnector.checkAuthenticated(twoFactor) }
    let success = HTTPResponse(
      status: 303, headers: ["location": "https://host/sportmanager.volleyball/main/dashboard"], body: [])
    try VolleyManagerConnector.checkAuthenticated(success)
    #expect(throws: ConnectorError.transient("logging in: HTTP 502")) {
      try VolleyManagerConnector.checkAuthenticated(HTTPResponse(status: 502, headers: [:], body: []))
    }
  }

  @Test func readsTheDashboardsEntityEncodedActiveParty() throws {
    let party = """
      {"__identity":"p-1","displayName":"Lena Graf","uniqueId":"AB12cd","groupedEligibleAttributeValues":[\
      {"__identity":"occ-sv","roleIdentifier":"Indoorvolleyball.RefAdmin:Referee","type":"AbstractAssociation",\
      "inflatedValue":{"name":"Swiss Volley","shortName":"SV","originId":0}},\
      {"__identity":"occ-player","roleIdentifier":"Indoorvolleyball.Core:Player","inflatedValue":{"shortName":"X"}}],\
      "eligibleAttributeValues":[{"__identity":"occ-rz","roleIdentifier":"Indoorvolleyball.RefAdmin:Referee",\
      "inflatedValue":{"name":"Regionalverband Zürich","shortName":"SVRZ","originId":"12"}},\
      {"__identity":"occ-sv","roleIdentifier":"Indoorvolleyball.RefAdmin:Referee","inflatedValue":{"shortName":"SV"}}]}
      """
    let encoded = party.replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "ü", with: "&#252;")
    let html = """
      <body data-csrf-token="csrf-777"><main-layout :active-party="$convertFromBackendToFrontend(\(encoded))"></main-layout>
      """
    let dashboard = try VolleyManagerDashboard.parse(html)
    #expect(dashboard.csrfToken == "csrf-777")
    #expect(dashboard.personID == "p-1")
    #expect(dashboard.displayName == "Lena Graf")
    #expect(dashboard.calendarCode == "AB12cd")
    #expect(dashboard.associations.map(\.shortName) == ["SV", "SVRZ"])
    #expect(dashboard.associations[1].name == "Regionalverband Zürich")
    #expect(dashboard.associations[1].originID == 12)
  }

  @Test func theJavaScriptFormOfTheActivePartyIsReadToo() {
    let html =
      #"<script>window.activeParty = JSON.parse('{\"__identity\":\"p-2\",\"displayName\":\"Jos\u00e9\"}');</script>"#
    #expect(VolleyManagerDashboard.activeParty(in: html)?["displayName"] == "José")
  }

  @Test func theLoginPageInsteadOfTheDashboardMeansNotLoggedIn() {
    #expect(throws: VolleyManagerDashboard.Problem.notLoggedIn) { try VolleyManagerDashboard.parse(Self.loginPage) }
    #expect(throws: VolleyManagerDashboard.Problem.missing("the active party (the user context)")) {
      try VolleyManagerDashboard.parse("<div data-csrf-token=\"x\"></div>")
    }
  }

  @Test func apiRepliesAreClassifiedByStatusNotByText() {
    func reply(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> HTTPResponse {
      HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }
    #expect(VolleyManagerClient.classify(reply(406), during: "x") == .sessionExpired)
    #expect(VolleyManagerClient.classify(reply(401), during: "x") == .sessionExpired)
    #expect(
      VolleyManagerClient.classify(reply(429, headers: ["retry-after": "60"]), during: "x")
        == .rateLimited(retryAfter: 60))
    #expect(
      VolleyManagerClient.classify(reply(400, "No resource specified"), during: "x") == .notFound("x: no such item"))
    #expect(VolleyManagerClient.classify(reply(503), during: "x") == .transient("x: HTTP 503"))
    // Good JSON labelled text/html is still JSON; a login page is an expired session.
    #expect(throws: Never.self) {
      try VolleyManagerClient.json(
        reply(200, "{\"name\":\"2026/27\"}", headers: ["content-type": "text/html"]), during: "x")
    }
    #expect(throws: ConnectorError.sessionExpired) {
      try VolleyManagerClient.json(reply(200, VolleyManagerPagesTests.loginPage), during: "x")
    }
  }
}

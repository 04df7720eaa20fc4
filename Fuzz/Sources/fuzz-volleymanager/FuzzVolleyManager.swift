import Foundation
import FuzzSupport
import OutpostModel

@testable import OutpostConnectors

/// VolleyManager's replies (volleymanager.md): the HTML of the login page and the dashboard
/// (hidden fields, CSRF token, the active party's JSON in an attribute or a script), and the
/// lenient JSON of its search replies turned into assignments, exchanges and compensations.
@_cdecl("fuzz_volleymanager_main")
public func fuzzVolleyManager(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let (selector, body) = FuzzInput.split(bytes) else { return }
    if selector & 1 == 0 {
      let html = String(decoding: body, as: UTF8.self)
      _ = try? VolleyManagerDashboard.parse(html)
      _ = VolleyManagerPages.hiddenFields(in: html)
      _ = VolleyManagerPages.isLoginPage(html)
      _ = VolleyManagerPages.showsLoginError(html)
      _ = VolleyManagerPages.asksForSecondFactor(html)
      _ = VolleyManagerPages.csrfToken(in: html)
      _ = HTMLEntities.decode(html)
      let reply = HTTPResponse(
        status: FuzzInput.status(selector >> 1), headers: ["content-type": "text/html", "location": "/"], body: body)
      _ = try? VolleyManagerConnector.checkAuthenticated(reply)
      return
    }
    let reply = HTTPResponse(
      status: FuzzInput.status(selector >> 1), headers: ["content-type": "application/json"], body: body)
    guard let json = try? VolleyManagerClient.json(reply, during: "fuzzing") else {
      _ = VolleyManagerClient.classify(reply, during: "fuzzing")
      return
    }
    let association = VolleyManagerAssociation(occupationID: "o-1", name: "Swiss Volley", shortName: "SV", originID: 0)
    for record in FuzzInput.records(json) {
      _ = VolleyManagerItems.assignment(record, association: association)
      _ = VolleyManagerItems.exchange(record, personID: "p-1", association: association)
      _ = VolleyManagerItems.compensation(record)
    }
  }
}

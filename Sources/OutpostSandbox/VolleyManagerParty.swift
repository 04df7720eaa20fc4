/// PUT /api/sportmanager.security/api%5Cparty/switchRoleAndAttribute: selects the association
/// every later data call is scoped to. Its quirks are the point: the URL-encoded body must be
/// labelled `text/plain`, as the real web app sends it.
enum VolleyManagerParty {
  static let switchRolePath = "/api/sportmanager.security/api%5Cparty/switchRoleAndAttribute"

  static func switchRoleAndAttribute(_ context: VolleyManagerContext) -> SandboxResponse {
    let request = context.request
    guard let session = context.session else { return VolleyManagerPages.staleSession(status: 406) }
    // Upstream answers a form content type (or any other) with an exception page.
    guard request.mediaType == "text/plain", let form = request.formFields else {
      return VolleyManagerPages.internalError(
        "The request body could not be mapped: expected text/plain, got \(request.mediaType ?? "nothing").")
    }
    guard let token = form["__csrfToken"], token == session.csrfToken else {
      return VolleyManagerPages.forbidden("CSRF token is missing or invalid.")
    }
    let switched = context.sandbox.withState { state -> Bool in
      guard let username = session.username, let user = state.users[username],
        let occupationID = form["attributeValueAsArray[0]"], user.occupation(withID: occupationID) != nil
      else { return false }
      state.setActiveOccupation(occupationID, sessionID: session.id)
      return true
    }
    guard switched else { return VolleyManagerPages.noResourceSpecified() }
    return SandboxResponse(status: .ok, headers: [("Content-Type", "text/html; charset=UTF-8")])
  }
}

extension VolleyManagerService {
  static let partyRoutes: [VolleyManagerRoute] = [
    VolleyManagerRoute(
      method: .PUT, path: VolleyManagerParty.switchRolePath, handler: VolleyManagerParty.switchRoleAndAttribute)
  ]
}

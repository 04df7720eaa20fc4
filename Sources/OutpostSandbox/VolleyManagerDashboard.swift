/// GET /sportmanager.volleyball/main/dashboard: the page clients scrape after login for the CSRF
/// token, the active party (person, referee occupations, active association) and the personal
/// iCal code.
enum VolleyManagerDashboard {
  static func show(_ context: VolleyManagerContext) -> SandboxResponse {
    let cookie = context.request.cookie(VolleyManagerLogin.sessionCookie)
    let page = context.sandbox.withState { state -> String? in
      guard let session = state.authenticatedSession(cookie, now: context.now),
        let username = session.username, let user = state.users[username]
      else { return nil }
      return render(user: user, session: session)
    }
    guard let page else {
      return .seeOther("http://\(context.request.authority)/login")
    }
    return .html(.ok, page)
  }

  /// The active party as the backend hands it to the Vue front end.
  static func activeParty(user: SandboxUser, session: VolleyManagerSession) -> SandboxJSON {
    let occupations = user.occupations
    let active = occupations.first { $0.id == session.activeOccupationID } ?? occupations.first
    return .object([
      ("__identity", .string(user.personID)),
      ("displayName", .string(user.displayName)),
      ("activeRoleIdentifier", .string(VolleyManagerOccupation.refereeRole)),
      ("activeAttributeValue", active?.json ?? .null),
      (
        "eligibleRoles",
        .object([
          (
            VolleyManagerOccupation.refereeRole,
            .object([
              ("identifier", .string(VolleyManagerOccupation.refereeRole)),
              ("name", "Schiedsrichter"),
              ("packageKey", "Indoorvolleyball.RefAdmin"),
            ])
          )
        ])
      ),
      ("eligibleAttributeValues", .array(occupations.map(\.json))),
      ("groupedEligibleAttributeValues", .array(occupations.map(\.json))),
      ("uniqueId", .string(user.calendarCode)),
    ])
  }

  static func render(user: SandboxUser, session: VolleyManagerSession) -> String {
    let party = HTML.escape(activeParty(user: user, session: session).serialized)
    let association = user.occupations.first { $0.id == session.activeOccupationID }?.association.shortName ?? ""
    return """
      <!DOCTYPE html>
      <html lang="de">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>VolleyManager - Dashboard</title>
      </head>
      <body>
      <div id="app" data-csrf-token="\(HTML.escape(session.csrfToken))">
        <main-layout :active-party="$convertFromBackendToFrontend(\(party))">
          <v-app-bar app>
            <v-toolbar-title>VolleyManager</v-toolbar-title>
            <span class="user-name">\(HTML.escape(user.displayName)) - Schiedsrichter: \(HTML.escape(association))</span>
            <a href="/logout">Abmelden</a>
          </v-app-bar>
          <v-main>
            <h1>Dashboard</h1>
          </v-main>
        </main-layout>
      </div>
      </body>
      </html>

      """
  }
}

extension VolleyManagerService {
  static let dashboardRoutes: [VolleyManagerRoute] = [
    VolleyManagerRoute(method: .GET, path: VolleyManagerLogin.dashboardPath, handler: VolleyManagerDashboard.show)
  ]
}

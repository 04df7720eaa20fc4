import NIOHTTP1

/// The HTML VolleyManager serves, trimmed to what clients read. Markup follows what VolleyKit's
/// parsers expect of the real pages: hidden inputs written `name="…" value="…"`, a Vuetify
/// snackbar for errors, Vue attributes carrying HTML-encoded JSON.
enum VolleyManagerPages {
  static let usernameField = "__authentication[Neos][Flow][Security][Authentication][Token][UsernamePassword][username]"
  static let passwordField = "__authentication[Neos][Flow][Security][Authentication][Token][UsernamePassword][password]"

  /// The hidden fields of the login form, in page order. The authenticate POST must echo every
  /// one unchanged.
  static func hiddenFields(trustedProperties: String, referrerArguments: String) -> [(String, String)] {
    [
      ("__referrer[@package]", "SportManager.Volleyball"),
      ("__referrer[@subpackage]", ""),
      ("__referrer[@controller]", "Public"),
      ("__referrer[@action]", "login"),
      ("__referrer[arguments]", referrerArguments),
      ("__trustedProperties", trustedProperties),
    ]
  }

  /// The login page. `failed` adds the error snackbar (always German upstream). `csrfToken` is
  /// set when the visitor is already logged in: the real layout then carries the token, which is
  /// how clients notice they can skip the login.
  static func login(hiddenFields: [(String, String)], failed: Bool, csrfToken: String? = nil) -> String {
    let hidden = hiddenFields.map { name, value in
      "          <input type=\"hidden\" name=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value))\" />"
    }
    let snackbar =
      failed
      ? "\n    <v-snackbar :value=\"true\" color=\"error\" :timeout=\"6000\" top>Authentifizierung fehlgeschlagen!</v-snackbar>"
      : ""
    let csrf = csrfToken.map { " data-csrf-token=\"\(HTML.escape($0))\"" } ?? ""
    return """
      <!DOCTYPE html>
      <html lang="de">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>VolleyManager - Anmelden</title>
      </head>
      <body>
      <div id="app"\(csrf)>
        <v-app>\(snackbar)
          <v-main>
            <form name="login" method="post" action="/sportmanager.security/authentication/authenticate">
              <div style="display: none">
      \(hidden.joined(separator: "\n"))
              </div>
              <label for="username">Benutzername</label>
              <input id="username" type="text" name="\(usernameField)" value="" autocomplete="username" />
              <label for="password">Passwort</label>
              <input id="password" type="password" name="\(passwordField)" value="" autocomplete="current-password" />
              <button type="submit">Anmelden</button>
            </form>
          </v-main>
        </v-app>
      </div>
      </body>
      </html>

      """
  }

  /// What a two-factor account sees after the right password. Clients are expected to detect
  /// `secondFactorToken` and give up; the form leads nowhere in the sandbox.
  static func secondFactor() -> String {
    """
    <!DOCTYPE html>
    <html lang="de">
    <head><meta charset="utf-8"><title>VolleyManager - Zwei-Faktor-Authentifizierung</title></head>
    <body>
    <div id="app">
      <h1>Zwei-Faktor-Authentifizierung</h1>
      <form name="secondFactor" method="post" action="/sportmanager.security/authentication/authenticatesecondfactor">
        <label for="secondFactorToken">Code aus der Authenticator-App (TOTP)</label>
        <input id="secondFactorToken" type="text" name="secondFactorToken" value="" autocomplete="one-time-code" />
        <button type="submit">Bestätigen</button>
      </form>
    </div>
    </body>
    </html>

    """
  }

  // MARK: Error pages

  static func notFound() -> SandboxResponse {
    error(.notFound, "Page Not Found", "Sorry, the page you requested was not found.")
  }

  /// What Flow shows for an uncaught exception, e.g. a tampered form or a body it cannot map.
  static func internalError(_ detail: String) -> SandboxResponse {
    error(.internalServerError, "Internal Server Error", detail)
  }

  /// The property mapper's complaint about an unknown or stale UUID.
  static func noResourceSpecified() -> SandboxResponse {
    error(.badRequest, "Bad Request", "No resource specified")
  }

  /// A state change the data does not allow (already paid, already on the board, …).
  static func badRequest(_ detail: String) -> SandboxResponse {
    error(.badRequest, "Bad Request", detail)
  }

  /// The sandbox's rate limit (VolleyKit's proxy does this; upstream's own limits are unknown).
  static func tooManyRequests() -> SandboxResponse {
    error(.tooManyRequests, "Too Many Requests", "Too many requests; retry later.").adding("Retry-After", "2")
  }

  static func forbidden(_ detail: String) -> SandboxResponse {
    error(.forbidden, "Forbidden", detail)
  }

  static func serviceUnavailable() -> SandboxResponse {
    error(.serviceUnavailable, "Service Unavailable", "The server is temporarily unable to service your request.")
  }

  /// The reply for `/api/…` without a live session. HTML, not JSON: clients must go by status.
  static func staleSession(status: Int) -> SandboxResponse {
    let code = HTTPResponseStatus(statusCode: status)
    return error(code, code.reasonPhrase, "Authentication required.")
  }

  private static func error(_ status: HTTPResponseStatus, _ title: String, _ detail: String) -> SandboxResponse {
    .html(
      status,
      """
      <!DOCTYPE html>
      <html>
      <head><meta charset="UTF-8"><title>\(status.code) \(HTML.escape(title))</title></head>
      <body>
      <h1>\(status.code) \(HTML.escape(title))</h1>
      <p>\(HTML.escape(detail))</p>
      </body>
      </html>

      """)
  }
}

/// Reading the service's HTML pages: the login form's hidden fields, the signs of a failed or
/// two-factor login, and the dashboard's CSRF token and user context. Tolerant by design: the
/// pages are made for browsers, not for us.
enum VolleyManagerPages {
  /// The hidden `<input name="…" value="…">` fields of the login form, in page order.
  static func hiddenFields(in html: String) -> [(String, String)] {
    var fields: [(String, String)] = []
    for tag in tags(named: "input", in: html) {
      guard attribute("type", in: tag)?.lowercased() == "hidden", let name = attribute("name", in: tag) else {
        continue
      }
      let value = attribute("value", in: tag) ?? ""
      fields.append((HTMLEntities.decode(name), HTMLEntities.decode(value)))
    }
    return fields
  }

  static func isLoginPage(_ html: String) -> Bool {
    html.contains("action=\"/login\"") || (html.contains("id=\"username\"") && html.contains("id=\"password\""))
      || html.contains(VolleyManagerPaths.authenticate)
  }

  /// The login page came back with the error snackbar ("Authentifizierung fehlgeschlagen!").
  static func showsLoginError(_ html: String) -> Bool {
    html.contains("color=\"error\"")
  }

  static func asksForSecondFactor(_ html: String) -> Bool {
    ["secondFactorToken", "SecondFactor", "TwoFactorAuthentication", "totp", "TOTP"].contains { html.contains($0) }
  }

  static func csrfToken(in html: String) -> String? {
    guard let range = html.range(of: "data-csrf-token=\"") else { return nil }
    let token = html[range.upperBound...].prefix { $0 != "\"" }
    return token.isEmpty ? nil : String(token)
  }

  /// Every `<name …>` tag's text, without the angle brackets.
  static func tags(named name: String, in html: String) -> [Substring] {
    var result: [Substring] = []
    var rest = html[...]
    while let start = rest.range(of: "<" + name, options: .caseInsensitive) {
      let afterName = rest[start.upperBound...]
      guard let first = afterName.first, first == " " || first == "\n" || first == "\t" || first == "/" else {
        rest = afterName
        continue
      }
      guard let end = afterName.firstIndex(of: ">") else { break }
      result.append(afterName[..<end])
      rest = afterName[end...]
    }
    return result
  }

  /// The value of `name="…"` (or `name='…'`) inside a tag.
  static func attribute(_ name: String, in tag: Substring) -> String? {
    var rest = tag
    while let range = rest.range(of: name + "=") {
      let before = rest[..<range.lowerBound].last
      let after = rest[range.upperBound...]
      if before == nil || before == " " || before == "\n" || before == "\t", let quote = after.first,
        quote == "\"" || quote == "'"
      {
        return String(after.dropFirst().prefix { $0 != quote })
      }
      rest = after
    }
    return nil
  }
}

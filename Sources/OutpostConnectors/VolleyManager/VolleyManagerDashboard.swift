import OutpostModel

/// What the dashboard page reveals about a logged-in user: the CSRF token, the active party
/// (person and referee associations) and the personal calendar code.
struct VolleyManagerDashboard: Sendable, Equatable {
  var csrfToken: String
  var personID: String
  var displayName: String?
  var associations: [VolleyManagerAssociation]
  var calendarCode: String?

  enum Problem: Error, Equatable {
    /// The page is the login page: the session is not (or no longer) valid.
    case notLoggedIn
    case missing(String)
  }

  static func parse(_ html: String) throws(Problem) -> VolleyManagerDashboard {
    guard let token = VolleyManagerPages.csrfToken(in: html) else {
      if VolleyManagerPages.isLoginPage(html) { throw .notLoggedIn }
      throw .missing("the CSRF token (data-csrf-token)")
    }
    guard let party = activeParty(in: html) else { throw .missing("the active party (the user context)") }
    guard let personID = party["__identity"]?.stringValue, !personID.isEmpty else {
      throw .missing("the person's identity in the active party")
    }
    return VolleyManagerDashboard(
      csrfToken: token, personID: personID,
      displayName: party["displayName"]?.stringValue ?? party["person"]?["displayName"]?.stringValue,
      associations: refereeAssociations(in: party), calendarCode: calendarCode(in: html, party: party))
  }

  /// The referee roles, one per association (the service lists some twice, once grouped).
  static func refereeAssociations(in party: JSONValue) -> [VolleyManagerAssociation] {
    var seen = Set<String>()
    var result: [VolleyManagerAssociation] = []
    for key in ["groupedEligibleAttributeValues", "eligibleAttributeValues"] {
      guard case .array(let items) = party[key] ?? .null else { continue }
      for item in items {
        guard let role = item["roleIdentifier"]?.stringValue, role.hasSuffix(":Referee"),
          let occupation = item["__identity"]?.stringValue, let value = item["inflatedValue"]
        else { continue }
        let shortName = value["shortName"]?.stringValue ?? value["name"]?.stringValue ?? occupation
        guard seen.insert(shortName).inserted else { continue }
        result.append(
          VolleyManagerAssociation(
            occupationID: occupation, name: value["name"]?.stringValue ?? shortName, shortName: shortName,
            originID: Int(value["originId"]?.int64Value ?? Int64(value["originId"]?.stringValue ?? "") ?? 0)))
      }
    }
    return result
  }

  /// The active-party JSON, from whichever of its two known forms the page uses: a Vue
  /// attribute with HTML entities, or `window.activeParty = JSON.parse('…')` with JS escapes.
  static func activeParty(in html: String) -> JSONValue? {
    for marker in [":active-party=\"", ":party=\""] {
      guard let start = html.range(of: marker) else { continue }
      var text = HTMLEntities.decode(String(html[start.upperBound...].prefix { $0 != "\"" }))
      if let open = text.firstIndex(of: "("), text.hasPrefix("$"), text.hasSuffix(")") {
        text = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
      }
      if let value = try? JSONParser.parse(Array(text.utf8)), case .object = value { return value }
    }
    if let start = html.range(of: "window.activeParty = JSON.parse('") {
      let escaped = html[start.upperBound...]
      if let text = unescapeJavaScript(escaped), let value = try? JSONParser.parse(Array(text.utf8)) {
        return value
      }
    }
    return nil
  }

  static func calendarCode(in html: String, party: JSONValue) -> String? {
    if let code = party["uniqueId"]?.stringValue, isCalendarCode(code) { return code }
    for marker in ["\"uniqueId\":\"", "&quot;uniqueId&quot;:&quot;", "/iCal/referee/"] {
      if let range = html.range(of: marker) {
        let code = String(html[range.upperBound...].prefix(6))
        if isCalendarCode(code) { return code }
      }
    }
    return nil
  }

  static func isCalendarCode(_ code: String) -> Bool {
    code.count == 6
      && code.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }

  /// A single-quoted JavaScript string literal up to its closing quote.
  static func unescapeJavaScript(_ text: Substring) -> String? {
    var result = ""
    var iterator = text.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case "'": return result
      case "\\":
        guard let next = iterator.next() else { return nil }
        switch next {
        case "n": result += "\n"
        case "t": result += "\t"
        case "u":
          var hex = ""
          for _ in 0..<4 { if let digit = iterator.next() { hex.unicodeScalars.append(digit) } }
          guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
          result.unicodeScalars.append(decoded)
        default: result.unicodeScalars.append(next)
        }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return nil
  }
}

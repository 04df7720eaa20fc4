import Foundation
import OutpostSandbox
import Testing

/// A pinned "now" for the data tests: 15 January 2026, mid-season, 13:00 in Zürich. Generated
/// data depends on the reference day, so pinning it makes every assertion independent of the
/// day the tests run.
let pinnedNow = Date(timeIntervalSince1970: 1_768_478_400)

func dataConfiguration(
  seed: UInt64 = 1, assignments: Int = 25, users: [SandboxUser] = SandboxUser.demoUsers
) -> SandboxConfiguration {
  SandboxConfiguration(users: users, seed: seed, assignmentsPerAssociation: assignments, referenceDate: pinnedNow)
}

let refadmin = "/api/indoorvolleyball.refadmin/api%5C"
let assignmentSearchPath = refadmin + "refereeconvocation/searchMyRefereeConvocations"
let exchangeSearchPath = refadmin + "refereegameexchange/search"
let pickPath = refadmin + "refereegameexchange/pickFromRefereeGameExchange"
let offerPath = refadmin + "refereeconvocation/putRefereeConvocationIntoRefereeGameExchange"
let withdrawPath = refadmin + "refereeconvocation/deleteFromRefereeGameExchange"
let compensationSearchPath = refadmin + "refereeconvocationcompensation/search"
let compensationPath = refadmin + "convocationcompensation"

/// `2026-01-15T00:00:00.000Z`, the way clients write date filters.
func isoMilliseconds(_ date: Date) -> String {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  return formatter.string(from: date)
}

/// Upstream's `2025-12-08T19:30:00.000000+00:00`.
func parseUpstream(_ text: String) throws -> Date {
  #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00/) != nil, "\(text)")
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  return try #require(formatter.date(from: text.replacingOccurrences(of: ".000000", with: ".000")))
}

/// A logged-in client: session, CSRF token, the occupation per association and the iCal code.
struct Referee {
  let client: SandboxClient
  let session: String
  let token: String
  let personID: String
  let occupations: [String: String]
  let calendarCode: String

  static func logIn(
    _ client: SandboxClient, username: String = SandboxUser.demo.username,
    password: String = SandboxUser.demo.password
  ) async throws -> Referee {
    let session = try await client.logIn(username: username, password: password)
    let (token, party, _) = try await client.dashboard(session: session)
    let grouped = try #require(party["groupedEligibleAttributeValues"] as? [[String: Any]])
    var occupations: [String: String] = [:]
    for item in grouped {
      let code = try #require((item["inflatedValue"] as? [String: Any])?["shortName"] as? String)
      occupations[code] = try #require(item["__identity"] as? String)
    }
    return Referee(
      client: client, session: session, token: token, personID: try #require(party["__identity"] as? String),
      occupations: occupations, calendarCode: try #require(party["uniqueId"] as? String))
  }

  /// A form request with the CSRF token appended last, as VolleyKit sends it.
  func send(_ method: String, _ path: String, _ fields: [(String, String)], csrf: Bool = true) async throws -> Reply {
    let body = formEncode(fields + (csrf ? [("__csrfToken", token)] : []))
    return try await client.send(
      method, path, session: session, body: body, contentType: "application/x-www-form-urlencoded")
  }

  func switchTo(_ association: String) async throws {
    let body = formEncode([
      ("attributeValueAsArray[0]", try #require(occupations[association])), ("__csrfToken", token),
    ])
    let reply = try await client.send(
      "PUT", switchRolePath, session: session, body: body, contentType: "text/plain;charset=UTF-8")
    #expect(reply.status == 200)
  }

  /// A search with an optional date range on the game's start, paging, and extra fields.
  func search(
    _ path: String, from: Date? = nil, to: Date? = nil, offset: Int? = nil, limit: Int? = 100,
    extra: [(String, String)] = []
  ) async throws -> Reply {
    var fields: [(String, String)] = []
    if from != nil || to != nil {
      let filter = "searchConfiguration[propertyFilters][0]"
      fields.append(("\(filter)[propertyName]", "refereeGame.game.startingDateTime"))
      if let from { fields.append(("\(filter)[dateRange][from]", isoMilliseconds(from))) }
      if let to { fields.append(("\(filter)[dateRange][to]", isoMilliseconds(to))) }
    }
    if let offset { fields.append(("searchConfiguration[offset]", String(offset))) }
    if let limit { fields.append(("searchConfiguration[limit]", String(limit))) }
    return try await send("POST", path, fields + extra)
  }

  /// The items and total of a search that must succeed.
  func items(
    _ path: String, from: Date? = nil, to: Date? = nil, offset: Int? = nil, limit: Int? = 100,
    extra: [(String, String)] = []
  ) async throws -> (items: [[String: Any]], total: Int) {
    let reply = try await search(path, from: from, to: to, offset: offset, limit: limit, extra: extra)
    #expect(reply.status == 200, "\(reply.body.prefix(300))")
    let json = try reply.jsonObject()
    return (try #require(json["items"] as? [[String: Any]]), try #require(json["totalItemsCount"] as? Int))
  }

  /// Every assignment in the active association (few enough for one page in these tests).
  func assignments() async throws -> [[String: Any]] {
    try await items(assignmentSearchPath).items
  }

  /// Open exchange entries from a season-wide date range.
  func openExchanges() async throws -> [[String: Any]] {
    try await items(
      exchangeSearchPath, from: pinnedNow.addingTimeInterval(-86_400), to: pinnedNow.addingTimeInterval(300 * 86_400),
      extra: [
        ("searchConfiguration[propertyFilters][1][propertyName]", "status"),
        ("searchConfiguration[propertyFilters][1][enumValues][0]", "open"),
      ]
    ).items
  }
}

/// `value["a"]["b"]…` for the nested JSON of a reply.
func dig(_ value: Any?, _ keys: String...) -> Any? {
  var current = value
  for key in keys { current = (current as? [String: Any])?[key] }
  return current
}

func gameNumber(_ item: [String: Any]) -> Int? { dig(item, "refereeGame", "game", "number") as? Int }

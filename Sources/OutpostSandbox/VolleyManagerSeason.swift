import Foundation

/// GET /api/sportmanager.indoorvolleyball/api%5Cindoorseason/getActiveIndoorSeason: the cheap
/// authenticated call clients use to check that a session still works.
enum VolleyManagerSeason {
  static let activeSeasonPath = "/api/sportmanager.indoorvolleyball/api%5Cindoorseason/getActiveIndoorSeason"

  /// The indoor season (1 September to 31 May) active on `date`, by its starting year. In the
  /// summer break the coming season is already the active one.
  static func startYear(of date: Date) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month], from: date)
    let year = parts.year ?? 2026
    return (parts.month ?? 9) >= 6 ? year : year - 1
  }

  static func name(startYear: Int) -> String {
    let next = (startYear + 1) % 100
    return "\(startYear)/\(next < 10 ? "0" : "")\(next)"
  }

  static func json(startYear: Int) -> SandboxJSON {
    func reference(_ year: Int) -> SandboxJSON {
      .object([("__identity", .string(id(startYear: year))), ("name", .string(name(startYear: year)))])
    }
    return .object([
      ("__identity", .string(id(startYear: startYear))),
      ("name", .string(name(startYear: startYear))),
      ("displayName", .string("Saison \(name(startYear: startYear))")),
      // Upstream timestamps: UTC, six fractional digits, `+00:00`.
      ("seasonStartDate", .string("\(startYear)-09-01T00:00:00.000000+00:00")),
      ("seasonEndDate", .string("\(startYear + 1)-05-31T23:59:59.000000+00:00")),
      ("active", true),
      ("previousSeason", reference(startYear - 1)),
      ("nextSeason", reference(startYear + 1)),
    ])
  }

  static func id(startYear: Int) -> String { SandboxIdentifiers.stableUUID("indoorseason:\(startYear)") }

  /// Good JSON labelled text/html, as the real server sometimes does: clients must parse first
  /// and not trust the Content-Type.
  static func activeIndoorSeason(_ context: VolleyManagerContext) -> SandboxResponse {
    // The sandbox clock, so a pinned reference date also pins the season.
    let now = context.sandbox.withState { $0.data.clock.seconds(at: context.now) }
    let date = Date(timeIntervalSince1970: TimeInterval(now))
    return .json(.ok, json(startYear: startYear(of: date)), contentType: "text/html; charset=UTF-8")
  }
}

extension VolleyManagerService {
  static let seasonRoutes: [VolleyManagerRoute] = [
    VolleyManagerRoute(
      method: .GET, path: VolleyManagerSeason.activeSeasonPath, handler: VolleyManagerSeason.activeIndoorSeason)
  ]
}

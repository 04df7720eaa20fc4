import Foundation
import Testing

@testable import OutpostSandbox

/// The active season follows VolleyKit's window: 1 September to 31 May, and in the summer
/// break the coming season.
@Suite struct SeasonTests {
  private func date(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
  }

  @Test func seasonWindow() throws {
    #expect(VolleyManagerSeason.startYear(of: try date("2026-09-01T00:00:00Z")) == 2026)
    #expect(VolleyManagerSeason.startYear(of: try date("2027-01-15T12:00:00Z")) == 2026)
    #expect(VolleyManagerSeason.startYear(of: try date("2027-05-31T23:59:59Z")) == 2026)
    #expect(VolleyManagerSeason.startYear(of: try date("2027-06-01T00:00:00Z")) == 2027)
    #expect(VolleyManagerSeason.startYear(of: try date("2027-08-31T23:59:59Z")) == 2027)
  }

  @Test func seasonNames() {
    #expect(VolleyManagerSeason.name(startYear: 2026) == "2026/27")
    #expect(VolleyManagerSeason.name(startYear: 2009) == "2009/10")
    #expect(VolleyManagerSeason.name(startYear: 2099) == "2099/00")
    #expect(VolleyManagerSeason.id(startYear: 2026) != VolleyManagerSeason.id(startYear: 2027))
  }

  @Test func formDecodingFollowsURLEncoding() throws {
    let form = try #require(FormFields(urlEncoded: "a%5B0%5D=x+y&b=%C3%BC&c&a%5B0%5D=later"))
    #expect(form["a[0]"] == "x y")
    #expect(form["b"] == "ü")
    #expect(form["c"] == "")
    #expect(FormFields(urlEncoded: "a=%Z1") == nil)
    #expect(FormFields(urlEncoded: "a=%FF") == nil)
  }
}

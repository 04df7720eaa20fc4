import Foundation
import OutpostSandbox
import Testing

/// The personal iCal feed: RFC 5545 framing as upstream writes it, the union of all
/// associations, and conditional requests.
@Suite struct ICalTests {
  /// Physical lines as raw octets, split at CRLF only.
  private func physicalLines(_ body: Data) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    let bytes = Array(body)
    var start = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 13 && bytes[index + 1] == 10 {
        lines.append(bytes[start..<index])
        start = index + 2
        index += 2
      } else {
        index += 1
      }
    }
    lines.append(bytes[start...])
    return lines
  }

  private func fetch(_ client: SandboxClient, _ code: String) async throws -> (Reply, Data) {
    let reply = try await client.get("/indoor/iCal/referee/\(code)")
    return (reply, Data(reply.bytes))
  }

  @Test func feedIsFoldedCRLFTextWithTheUpstreamHeader() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let code = try #require(await server.volleyManager.calendarCode(for: SandboxUser.demo.username))
      let (reply, data) = try await fetch(client, code)
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type") == "text/calendar; charset=utf-8")
      let lines = physicalLines(data)
      #expect(lines.last?.isEmpty == true, "the body ends with CRLF")
      #expect(lines.allSatisfy { $0.count <= 75 })
      #expect(lines.allSatisfy { !$0.contains(10) && !$0.contains(13) }, "no bare LF or CR")
      #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "no fold inside a UTF-8 sequence")
      #expect(lines.contains { $0.first == 32 }, "long lines are folded")
      #expect(lines.contains { $0.count == 75 })

      let text = reply.body.replacingOccurrences(of: "\r\n ", with: "")
      let unfolded = text.components(separatedBy: "\r\n")
      #expect(unfolded.prefix(3) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:VolleyManager V2"])
      #expect(
        unfolded.contains("X-WR-CALNAME:SR-Aufgebote #\(try #require(text.firstMatch(of: /#(\d+) \|/)?.1)) | Lena Graf")
      )
      #expect(!text.contains("VTIMEZONE"))
      #expect(text.contains("♂") || text.contains("♀"))
      let starts = unfolded.filter { $0.hasPrefix("DTSTART") }
      let ends = unfolded.filter { $0.hasPrefix("DTEND") }
      #expect(starts.count == unfolded.count(where: { $0 == "BEGIN:VEVENT" }))
      #expect(unfolded.count(where: { $0 == "TRIGGER:-PT60M" }) == starts.count)
      let formatter = DateFormatter()
      formatter.dateFormat = "yyyyMMdd'T'HHmmss"
      formatter.timeZone = TimeZone(identifier: "UTC")
      for (start, end) in zip(starts, ends) {
        let startMatch = try #require(start.wholeMatch(of: /DTSTART;TZID=UTC:(\d{8}T\d{6})/))
        let endMatch = try #require(end.wholeMatch(of: /DTEND;TZID=UTC:(\d{8}T\d{6})/))
        let startDate = try #require(formatter.date(from: String(startMatch.1)))
        #expect(formatter.date(from: String(endMatch.1)) == startDate + 7200)
      }
      let locations = unfolded.filter { $0.hasPrefix("LOCATION:") }
      #expect(locations.allSatisfy { $0.contains("\\, ") && $0.hasSuffix("\\, Schweiz") })
      #expect(unfolded.filter { $0.hasPrefix("GEO:") }.allSatisfy { $0.wholeMatch(of: /GEO:\d+\.\d+;\d+\.\d+/) != nil })
      #expect(unfolded.contains { $0.hasPrefix("DESCRIPTION:") && $0.contains("\\n\tAdresse: ") })
    }
  }

  @Test func feedIsTheUnionOfAllAssociationsWithoutCancelledGames() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let national = Set(try await referee.assignments().compactMap(gameNumber))
      try await referee.switchTo("SVRZ")
      let regional = Set(try await referee.assignments().compactMap(gameNumber))
      let body = try await fetch(client, referee.calendarCode).0.body.replacingOccurrences(of: "\r\n ", with: "")
      let uids = Set(body.matches(of: /UID:referee-convocation-for-game-(\d+)\r\n/).compactMap { Int($0.1) })
      let held = await server.volleyManager.assignments(for: SandboxUser.demo.username)
      let cancelled = Set(held.filter { $0.status == "cancelled" }.map(\.gameNumber))
      #expect(!cancelled.isEmpty)
      #expect(uids == national.union(regional).subtracting(cancelled))
      #expect(!uids.isDisjoint(with: national) && !uids.isDisjoint(with: regional))
    }
  }

  @Test func conditionalRequestsAnswer304UntilTheDataChanges() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let code = try #require(await server.volleyManager.calendarCode(for: SandboxUser.demo.username))
      let path = "/indoor/iCal/referee/\(code)"
      let first = try await client.get(path)
      let etag = try #require(first.header("ETag"))
      let lastModified = try #require(first.header("Last-Modified"))
      #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
      func status(_ headers: [String: String]) async throws -> Int {
        try await client.send("GET", path, headers: headers.map { (name: $0.key, value: $0.value) }).status
      }
      #expect(try await status(["If-None-Match": etag]) == 304)
      #expect(try await status(["If-None-Match": "\"other\", W/\(etag)"]) == 304)
      #expect(try await status(["If-Modified-Since": lastModified]) == 304)
      #expect(try await status(["If-None-Match": "\"other\"", "If-Modified-Since": lastModified]) == 200)

      let number = try #require(
        await server.volleyManager.assignments(for: SandboxUser.demo.username).first?.gameNumber)
      #expect(await server.volleyManager.moveGame(number: number, to: pinnedNow + 86_400 * 3))
      let second = try await client.get(path)
      #expect(second.status == 200)
      #expect(second.header("ETag") != etag)
      #expect(second.header("Last-Modified") != lastModified)
      #expect(try await status(["If-None-Match": etag]) == 200)
      #expect(try await status(["If-Modified-Since": lastModified]) == 200)
      #expect(try await status(["If-None-Match": try #require(second.header("ETag"))]) == 304)
    }
  }

  @Test func unknownOrMalformedCodesAre404() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let code = try #require(await server.volleyManager.calendarCode(for: SandboxUser.demo.username))
      let other = String(code.reversed()) == code ? "Zz9Zz9" : String(code.reversed())
      for path in [other, "abc", code + "x", "", "../../login"] {
        #expect(try await client.get("/indoor/iCal/referee/\(path)").status == 404)
      }
      // The mobile app's shorter path without /indoor is unverified upstream; not served here.
      #expect(try await client.get("/iCal/referee/\(code)").status == 404)
      #expect(try await client.get("/indoor/iCal/referee/\(code)").status == 200)
    }
  }
}

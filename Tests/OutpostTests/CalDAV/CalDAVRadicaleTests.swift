import Foundation
import OutpostCalendar
import OutpostConnectors
import OutpostModel
import Testing

/// The pusher against a real Radicale: what a calendar app then reads, and what happens when
/// other people change the calendar. Each test has its own server.
@Suite(.offThePool) struct CalDAVRadicaleTests {
  typealias F = CalDAVFixtures
  let utc = TimeZone(identifier: "UTC")!

  @Test func pushedEventsAreWhatACalendarAppReadsWithRightTimesAcrossDST() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    var state = CalDAVState(collection: url)

    let report = try await pusher.push(F.desired(F.three), state: &state)
    #expect(report.created == F.three.map(\.uid).sorted())
    #expect(report.errors.isEmpty && report.skippedForeign.isEmpty)
    #expect(try server.storedFiles("outpost").count == 3)

    // Read back as a calendar app does (REPORT), parsed with floating times in UTC so that only
    // the TZID and VTIMEZONE can make the local times right.
    let events = try await server.events(in: url)
    #expect(events.count == 3)
    var starts: [String: Date] = [:]
    for body in events.values {
      for event in try ICalParser.parse(body, floatingTimeZone: utc).events { starts[event.uid] = event.start }
    }
    #expect(starts[F.uid(F.saturday)] == UTCTimestamp.parse("2026-03-28T18:30:00Z"))
    #expect(starts[F.uid(F.sunday)] == UTCTimestamp.parse("2026-03-29T15:00:00Z"))
    #expect(starts[F.uid(F.autumn)] == UTCTimestamp.parse("2026-10-25T13:00:00Z"))
    let lines = events.values.flatMap(F.lines)
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20260328T193000"))
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20260329T170000"))
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20261025T140000"))

    // The state holds the ETags the server lists, so the next push can see edits.
    let listed = try await pusher.client.listETags()
    #expect(Set(listed.values) == Set(state.events.values.compactMap(\.etag)))

    let again = try await pusher.push(F.desired(F.three), state: &state)
    #expect(again.unchanged == 3 && !again.changedCalendar && again.errors.isEmpty)
    #expect(try await pusher.client.listETags() == listed)
  }

  @Test func aMovedGameIsUpdatedACancelledOneSaysSoAndARemovedOneGoes() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    var state = CalDAVState(collection: url)
    _ = try await pusher.push(F.desired(F.three), state: &state)

    var moved = F.saturday  // a day later, now on the summer-time side: 19:30 CEST
    moved.startsAt = UTCTimestamp.parse("2026-03-29T17:30:00Z")
    moved.endsAt = UTCTimestamp.parse("2026-03-29T19:30:00Z")
    var cancelled = F.autumn
    cancelled.status = .cancelled
    let later = F.stamp.addingTimeInterval(86_400)
    let entries = [
      F.entry(moved, sequence: 1, lastModified: later), F.entry(cancelled, sequence: 1, lastModified: later),
    ]

    let report = try await pusher.push(F.desired(entries), state: &state)
    #expect(report.updated == [F.uid(F.saturday), F.uid(F.autumn)].sorted())
    #expect(report.deleted == [F.uid(F.sunday)])
    #expect(report.created.isEmpty && report.errors.isEmpty)
    #expect(state.events.keys.sorted() == [F.uid(F.saturday), F.uid(F.autumn)].sorted())

    let movedBody = try await server.get(server.baseURL + state.events[F.uid(F.saturday)]!.href)
    let movedEvent = try #require(try ICalParser.parse(movedBody.body, floatingTimeZone: utc).events.first)
    #expect(movedEvent.start == UTCTimestamp.parse("2026-03-29T17:30:00Z"))
    #expect(movedEvent.sequence == 1)
    #expect(F.lines(movedBody.body).contains("DTSTART;TZID=Europe/Zurich:20260329T193000"))

    let cancelledBody = try await server.get(server.baseURL + state.events[F.uid(F.autumn)]!.href)
    let cancelledEvent = try #require(try ICalParser.parse(cancelledBody.body, floatingTimeZone: utc).events.first)
    #expect(cancelledEvent.status == .cancelled)
    #expect(cancelledEvent.sequence == 1)

    let gone = try await server.get(url + F.uid(F.sunday).replacing("@", with: "%40") + ".ics")
    #expect(gone.status == 404)
    #expect(try server.storedFiles("outpost").count == 2)
  }

  @Test func eventsOutpostDidNotCreateAreNeverTouched() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    // Someone's dentist appointment, and someone's event squatting where Outpost would put the
    // autumn game.
    let squatterHref = pusher.client.collection.href(forUID: F.uid(F.autumn))
    try await server.put(url + "dentist.ics", F.foreignEvent())
    try await server.put(server.baseURL + squatterHref, F.foreignEvent(uid: "squatter@example.org"))
    let before = try server.storedFiles("outpost")
    #expect(before.count == 2)

    var state = CalDAVState(collection: url)
    let first = try await pusher.push(F.desired(F.three), state: &state)
    #expect(first.created == [F.uid(F.saturday), F.uid(F.sunday)].sorted())
    #expect(first.skippedForeign.count == 2)
    #expect(first.skippedForeign.contains { $0.hasSuffix("dentist.ics") })
    #expect(first.errors.map(\.uid) == [F.uid(F.autumn)])
    #expect(first.errors.first.map { "\($0.error)".contains("did not create") } == true)
    #expect(state.events[F.uid(F.autumn)] == nil)

    // Removing and changing Outpost's own events leaves theirs byte for byte.
    var moved = F.sunday
    moved.startsAt = moved.startsAt?.addingTimeInterval(3600)
    let second = try await pusher.push(F.desired([F.entry(moved, sequence: 1)]), state: &state)
    #expect(second.deleted == [F.uid(F.saturday)])
    #expect(second.updated == [F.uid(F.sunday)])
    #expect(second.skippedForeign.count == 2)
    let after = try server.storedFiles("outpost")
    for (name, bytes) in before { #expect(after[name] == bytes, "\(name) was touched") }
    #expect(after.count == 3)
  }

  @Test func anEditBySomeoneElseIsOverwrittenAndReported() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    var state = CalDAVState(collection: url)
    let desired = F.desired(F.three)
    _ = try await pusher.push(desired, state: &state)

    // Another app edits Outpost's event in place: same UID, new text, new ETag.
    let uid = F.uid(F.sunday)
    let href = server.baseURL + state.events[uid]!.href
    let edited = String(decoding: desired[uid]!, as: UTF8.self).replacing(
      /SUMMARY:[^\r]*/, with: "SUMMARY:Moved by hand")
    try await server.put(href, edited)

    // Outpost's If-Match now fails (412); it reads the resource back, sees its UID, and wins.
    let report = try await pusher.push(desired, state: &state)
    #expect(report.overwritten == [uid])
    #expect(report.unchanged == 2 && report.updated.isEmpty && report.errors.isEmpty)
    // Radicale stores events re-serialized, so compare what a calendar app reads.
    let now = try await server.get(href)
    let shown = try #require(try ICalParser.parse(now.body, floatingTimeZone: utc).events.first)
    let ours = try #require(try ICalParser.parse(desired[uid]!, floatingTimeZone: utc).events.first)
    #expect(shown.summary == ours.summary && shown.summary != "Moved by hand")
    #expect(state.events[uid]?.etag == now.header("etag"))
    #expect(try await pusher.push(desired, state: &state).unchanged == 3)

    // Edited again, then gone from Outpost (the game was taken off the referee): the If-Match
    // DELETE fails, the resource still holds Outpost's UID, so it goes all the same.
    try await server.put(href, edited)
    let removal = try await pusher.push(desired.filter { $0.key != uid }, state: &state)
    #expect(removal.deleted == [uid])
    #expect(removal.errors.isEmpty && removal.skippedForeign.isEmpty)
    #expect(try await server.get(href).status == 404)
    #expect(state.events[uid] == nil)
  }

  @Test func anEmptiedCalendarIsFilledAgain() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    var state = CalDAVState(collection: url)
    _ = try await pusher.push(F.desired(F.three), state: &state)

    for href in try await server.events(in: url).keys { try await server.delete(server.baseURL + href) }
    #expect(try server.storedFiles("outpost").isEmpty)

    let report = try await pusher.push(F.desired(F.three), state: &state)
    #expect(report.recreated == F.three.map(\.uid).sorted())
    #expect(report.errors.isEmpty)
    #expect(try server.storedFiles("outpost").count == 3)

    // A calendar deleted altogether is said as such, not recreated somewhere.
    try await server.delete(url)
    let error = await CalDAVTesting.failure { _ = try await pusher.push(F.desired(F.three), state: &state) }
    #expect(error?.className == "notFound")
  }

  @Test func aLostStateAdoptsOutpostsOwnEventsWithoutWriting() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    var state = CalDAVState(collection: url)
    _ = try await pusher.push(F.desired(F.three), state: &state)
    let listed = try await pusher.client.listETags()

    var fresh = CalDAVState(collection: url)
    let report = try await pusher.push(F.desired(F.three), state: &fresh)
    #expect(report.unchanged == 3 && !report.changedCalendar && report.errors.isEmpty)
    #expect(fresh == state)
    #expect(try await pusher.client.listETags() == listed)
  }
}

import Foundation
import OutpostModel
import PropertyBased
import Testing

@testable import OutpostCalendar

/// A calendar written in parts on several threads, each event's content built as it is written
/// (issue 20), is byte for byte the calendar written in one part from drafts built first, and
/// the calendar `assemble` puts together from events written one by one (what the daemon's
/// files are made of).
@Suite struct ParallelRenderingProperties {
  /// Three parts even for a handful of events, whatever the machine's cores.
  static let split = Parallelism(parts: 3, minimumChunk: 1)

  static let settings: CalendarSettings = {
    var settings = CalendarSettings(name: "Parts", color: "teal", language: .de)
    settings.timeZone = TimeZone(identifier: "Europe/Zurich")!
    settings.alarmsMinutesBefore = [60, 1440]
    return settings
  }()

  static let asOf = Date(timeIntervalSince1970: 1_790_000_000)  // 2026-09-21

  /// Up to 40 entries: assignments with their details and feed events (timed, all-day,
  /// tentative, with categories and a place), some cancelled, some without a start, some past;
  /// upstream ids from a small pool, so that entries share UIDs with SEQUENCEs and changes that
  /// tie or differ.
  static let entries = Generator<[CalendarEntry], Shrink.None<[CalendarEntry]>> { rng in
    (0..<Int.random(in: 0...40, using: &rng)).map { _ in
      let item = item(&rng)
      return CalendarEntry(
        uid: CalendarEntry.uid(for: item), sequence: Int.random(in: 0...2, using: &rng), item: item,
        lastModified: Date(timeIntervalSince1970: 1_780_000_000 + Double(Int.random(in: 0...2, using: &rng)) * 3600))
    }
  }

  static func item(_ rng: inout any SeededRandomNumberGenerator) -> Item {
    let start: Date? =
      Int.random(in: 0..<8, using: &rng) == 0
      ? nil : Date(timeIntervalSince1970: Double(Int.random(in: 1_760_000_000...1_830_000_000, using: &rng)))
    let end = start.map { $0.addingTimeInterval(Double(Int.random(in: -3600...200_000, using: &rng))) }
    let status: ItemStatus = Int.random(in: 0..<5, using: &rng) == 0 ? .cancelled : .active
    let id = "g\(Int.random(in: 0..<30, using: &rng))"
    let place = Bool.random(using: &rng) ? "Halle \(Int.random(in: 1...9, using: &rng)), 8000 Zürich" : nil
    var details: [String: JSONValue] = [:]
    if Bool.random(using: &rng) {
      details["gameNumber"] = .int(Int64(Int.random(in: 380_000...389_999, using: &rng)))
      details["league"] = Bool.random(using: &rng) ? "3L" : "NLB"
      details["position"] = .string(["head-one", "linesman-two", "unknown-code"].randomElement(using: &rng)!)
      details["positionLabel"] = "Referee"
      if Bool.random(using: &rng) { details["gender"] = .string(["f", "m", "x"].randomElement(using: &rng)!) }
      if Bool.random(using: &rng) { details["hall"] = .string("Halle \(Int.random(in: 1...9, using: &rng))") }
      if Bool.random(using: &rng) { details["coReferees"] = ["Anna Muster", "Luca Rossi"] }
      if Bool.random(using: &rng) { details["latitude"] = .double(47.3769) }
      if Bool.random(using: &rng) { details["longitude"] = .double(8.5417) }
      if Bool.random(using: &rng) { details["postponed"] = true }
      if Bool.random(using: &rng) { details["onExchange"] = true }
      Self.fill(&details, &rng)
      return Item(
        kind: .assignment, upstreamID: id, title: "Team \(id) – Gäste; Halle, 1", startsAt: start, endsAt: end,
        location: place, status: status, details: .object(details), link: "volleykit://assignment/\(id)")
    }
    if Bool.random(using: &rng) { details["allDay"] = true }
    if Bool.random(using: &rng) { details["status"] = Bool.random(using: &rng) ? "tentative" : "CONFIRMED" }
    if Bool.random(using: &rng) { details["description"] = "Bring the flag\nCall 079 123 45 67" }
    if Bool.random(using: &rng) { details["categories"] = ["Training", "Club"] }
    if Bool.random(using: &rng) { details["geo"] = ["latitude": .double(46.2), "longitude": .string("6.15")] }
    Self.fill(&details, &rng)
    return Item(
      kind: .event, upstreamID: id, title: "Event \(id)", startsAt: start, endsAt: end, location: place,
      status: status, details: .object(details), link: Bool.random(using: &rng) ? "https://example.ch/\(id)" : nil)
  }

  /// The digests of a regeneration's drafts, made with one writer and one offset table in three
  /// parts, are each draft's own digest.
  @Test func digestsInPartsAreEachDraftsOwn() async {
    await propertyCheck(count: 300, input: Self.entries) { entries in
      let drafts = CalendarWriter.drafts(of: entries.map(\.item), settings: Self.settings, parallelism: Self.split)
      let digests = CalendarWriter.contentDigests(drafts, settings: Self.settings, parallelism: Self.split)
      #expect(digests.count == drafts.count)
      for (draft, digest) in zip(drafts, digests) {
        #expect(digest == draft.map { CalendarWriter.contentDigest($0, settings: Self.settings) })
      }
    }
  }

  /// A calendar's items are read with only `CalendarWriter.detailKeys` of their details (the
  /// daemon's files, issue 20): the events written from them, and their digests, must be those
  /// written from the whole details.
  @Test func eventsAreWrittenFromTheirDetailKeysAlone() async {
    await propertyCheck(count: 200, input: Self.entries) { generated in
      // With the members a feed's items also carry, none of which an event is written from.
      let entries = generated.map { entry in
        var entry = entry
        if case .object(var members) = entry.item.details {
          members["uid"] = .string(entry.item.upstreamID + "@club.example.ch")
          members["url"] = "https://example.ch/elsewhere"
          members["calendar"] = "Club"
          members["sequence"] = 4
          members["recurring"] = true
          members["alarms"] = [30]
          entry.item.details = .object(members)
        }
        return entry
      }
      let limited = entries.map { entry in
        var entry = entry
        if case .object(let members) = entry.item.details {
          entry.item.details = .object(members.filter { CalendarWriter.detailKeys.contains($0.key) })
        }
        return entry
      }
      let whole = CalendarWriter.render(entries, settings: Self.settings, asOf: Self.asOf)
      #expect(CalendarWriter.render(limited, settings: Self.settings, asOf: Self.asOf) == whole)
      for (entry, less) in zip(entries, limited) {
        #expect(
          CalendarWriter.contentDigest(less.item, settings: Self.settings)
            == CalendarWriter.contentDigest(entry.item, settings: Self.settings))
      }
    }
  }

  /// Now and then more members than `EventDetails` walks, so that it looks its names up instead.
  static func fill(_ details: inout [String: JSONValue], _ rng: inout any SeededRandomNumberGenerator) {
    guard Bool.random(using: &rng) else { return }
    for number in 0..<Int.random(in: 1...16, using: &rng) { details["extra\(number)"] = .int(Int64(number)) }
  }

  @Test func aCalendarWrittenInPartsIsTheCalendarWrittenInOne() async {
    let (settings, asOf) = (Self.settings, Self.asOf)
    await propertyCheck(count: 300, input: Self.entries) { entries in
      let drafts = CalendarWriter.drafts(of: entries.map(\.item), settings: settings, parallelism: .serial)
      let events = CalendarWriter.writeEvents(
        entries, drafts: drafts, settings: settings, asOf: asOf, parallelism: .serial)
      let assembled = CalendarWriter.assemble(events, settings: settings)
      // Events written in parts are the events written in one.
      let eventsInParts = CalendarWriter.writeEvents(
        entries, drafts: drafts, settings: settings, asOf: asOf, parallelism: Self.split)
      #expect(eventsInParts.map(\.bytes) == events.map(\.bytes))
      #expect(eventsInParts.map(\.uid) == events.map(\.uid))
      #expect(eventsInParts.map(\.start) == events.map(\.start))
      #expect(CalendarWriter.render(entries, settings: settings, asOf: asOf, parallelism: Self.split) == assembled)
      #expect(CalendarWriter.render(entries, settings: settings, asOf: asOf, parallelism: .serial) == assembled)
      #expect(
        CalendarWriter.render(entries, drafts: drafts, settings: settings, asOf: asOf, parallelism: Self.split)
          == assembled)
      // Drafts built in parts are the drafts built in one.
      let inParts = CalendarWriter.drafts(of: entries.map(\.item), settings: settings, parallelism: Self.split)
      #expect(inParts.map { $0?.item } == drafts.map { $0?.item })
      #expect(
        inParts.map { $0.map { CalendarWriter.contentDigest($0, settings: settings) } }
          == drafts.map { $0.map { CalendarWriter.contentDigest($0, settings: settings) } })
      // The timing the VTIMEZONE is written for is the timing the event is written with.
      for entry in entries {
        let timing = withUnsafePointer(to: entry) { EventContent.timing(of: $0, settings: settings) }
        #expect(timing == EventContent(entry.item, settings: settings)?.timing)
      }
    }
  }

  @Test func everyMemberIsFoundWhetherWalkedOrLookedUp() async {
    let names = EventDetails.names
    let fields: [KeyPath<EventDetails, JSONValue?>] = [
      \.status, \.allDay, \.description, \.categories, \.geo, \.position, \.positionLabel, \.gameNumber, \.league,
      \.gender, \.association, \.hall, \.coReferees, \.postponed, \.onExchange, \.latitude, \.longitude,
    ]
    #expect(names.count == fields.count)
    let members = Generator<[String: JSONValue], Shrink.None<[String: JSONValue]>> { rng in
      var members: [String: JSONValue] = [:]
      // Around `walkedMembers`, so that both ways are taken; known names and others.
      for _ in 0..<Int.random(in: 0...(2 * EventDetails.walkedMembers), using: &rng) {
        let name =
          Bool.random(using: &rng) ? names.randomElement(using: &rng)! : "other\(Int.random(in: 0..<20, using: &rng))"
        members[name] = .int(Int64(Int.random(in: 0..<1000, using: &rng)))
      }
      return members
    }
    await propertyCheck(count: 300, input: members) { members in
      let details = EventDetails(.object(members))
      for (name, field) in zip(names, fields) { #expect(details[keyPath: field] == members[name], "\(name)") }
    }
  }

  @Test(arguments: [0, 1, 2, 5, 17, 100])
  func partsCoverEveryIndexOnceAndInOrder(count: Int) {
    for parts in 1...5 {
      for minimumChunk in [1, 3, 40] {
        let parallelism = Parallelism(parts: parts, minimumChunk: minimumChunk)
        #expect(ParallelChunks.array(count, parallelism) { $0 * 7 } == (0..<count).map { $0 * 7 })
        // Each chunk writes its own slot; the ranges, in chunk order, are 0..<count in pieces.
        var ranges = [Range<Int>?](repeating: nil, count: parallelism.chunkCount(count))
        ranges.withUnsafeMutableBufferPointer { ranges in
          ParallelChunks.forEach(count, parallelism) { chunk, range in ranges[chunk] = range }
        }
        #expect(ranges.flatMap { Array($0!) } == Array(0..<count), "parts \(parts), minimum \(minimumChunk)")
        #expect(ranges.count == max(1, min(parts, count / minimumChunk)))
      }
    }
  }
}

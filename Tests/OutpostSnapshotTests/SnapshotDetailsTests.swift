import Foundation
import OutpostModel
import OutpostSnapshot
import Testing

/// A snapshot reads only `SnapshotSource.detailKeys` of its items' details (issue 20): built
/// from those, it must be the snapshot built from the whole details, at every moment.
@Suite struct SnapshotDetailsTests {
  @Test func aSnapshotOfTheDetailsItReadsIsTheSnapshotOfThemAll() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    var items: [Item] = []
    for index in 0..<24 {
      let start = Clock.now.addingTimeInterval(Clock.hours(Double(index * 7 + 1)))
      var item = assignment("a\(index)", "Game \(index)", at: start, venue: index % 3 == 0 ? nil : "Hall \(index)")
      var details: [String: JSONValue] = [
        "game": .string("\(3000 + index)"), "league": "NLA", "hall": ["name": .string("Hall \(index)")],
      ]
      if index % 4 == 1 { details["allDay"] = true }
      if index % 4 == 2 { details["allDay"] = false }
      item.details = .object(details)
      items.append(item)
    }
    try await fixture.sync(id, items)

    let options = Clock.options
    let limited = try await SnapshotSource(store: fixture.store).input(now: Clock.now, kinds: options.kinds)
    var whole = limited
    whole.items = try await fixture.store.items(
      kinds: options.kinds, startingIn: Clock.now...Clock.now.addingTimeInterval(400 * 86_400))
    #expect(limited.items.count == items.count)
    func members(_ stored: StoredItem) -> Set<String> {
      guard case .object(let members) = stored.item.details else { return [] }
      return Set(members.keys)
    }
    #expect(whole.items.contains { members($0).count > 2 }, "something to leave out")
    #expect(limited.items.allSatisfy { members($0).isSubset(of: SnapshotSource.detailKeys) })
    #expect(limited.items.contains { members($0) == ["allDay"] })
    for hours in [0.0, 0.5, 8, 30, 49, 100, 170] {
      let moment = Clock.now.addingTimeInterval(Clock.hours(hours))
      let fromLimited = SnapshotBuilder(input: limited, options: options).snapshot(at: moment)
      let fromWhole = SnapshotBuilder(input: whole, options: options).snapshot(at: moment)
      #expect(fromLimited == fromWhole, "at +\(hours) h")
    }
  }
}

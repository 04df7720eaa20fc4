import Foundation
import GRDB
import OutpostModel
import Testing

@testable import OutpostStore

/// Each item's SEQUENCE (`Store.calendarSequences`): an account's calendar reads only the
/// entries in the stretch of item numbers it asks for, and what it gets is what reading the
/// whole table gave: unchanged digests keep their number, changed ones the next, new ones 0,
/// whatever the other accounts hold.
@Suite struct CalendarSequencesTests {
  static let at = Date(timeIntervalSince1970: 1_795_000_000)
  static let accounts = ["00000000-0000-4000-8000-0000000000b1", "00000000-0000-4000-8000-0000000000b2"]

  /// Two accounts of five items each; their item numbers.
  static func store() async throws -> (Store, [[Int64]]) {
    let store = try Store.inMemory()
    var numbers: [[Int64]] = []
    for (index, accountID) in accounts.enumerated() {
      try await store.addAccount(
        Account(
          id: accountID, name: "c\(index)", kind: "ical", username: nil, baseURL: "https://x", state: .ok,
          stateChangedAt: at, createdAt: at))
      let items = (0..<5).map { Item(kind: .event, upstreamID: "e\($0)", title: "\($0)", startsAt: at) }
      _ = try await store.applySync(
        accountID: accountID, items: items, complete: [.event], window: SyncWindow(from: at, to: at), cursor: nil,
        at: at)
      numbers.append(try await store.items(accountID: accountID).map(\.number).sorted())
    }
    return (store, numbers)
  }

  @Test func eachAccountsSequencesFollowItsOwnDigests() async throws {
    let (store, numbers) = try await Self.store()
    let (first, second) = (numbers[0], numbers[1])
    #expect(first.max()! < second.min()!)
    let firstDigests = Dictionary(uniqueKeysWithValues: first.map { ($0, "a\($0)") })
    var secondDigests = Dictionary(uniqueKeysWithValues: second.map { ($0, "b\($0)") })
    #expect(try await store.calendarSequences(for: firstDigests).values.allSatisfy { $0 == 0 })
    #expect(try await store.calendarSequences(for: secondDigests).values.allSatisfy { $0 == 0 })
    // One event of the second account changes, twice: its SEQUENCE goes 1, 2; the others stay.
    secondDigests[second[2]] = "changed"
    #expect(try await store.calendarSequences(for: secondDigests)[second[2]] == 1)
    secondDigests[second[2]] = "changed again"
    let again = try await store.calendarSequences(for: secondDigests)
    #expect(again[second[2]] == 2)
    #expect(again.filter { $0.key != second[2] }.values.allSatisfy { $0 == 0 })
    // The first account's and the whole store's (all.ics asks for every number) are untouched.
    #expect(try await store.calendarSequences(for: firstDigests).values.allSatisfy { $0 == 0 })
    let everything = try await store.calendarSequences(for: firstDigests.merging(secondDigests) { $1 })
    #expect(everything.count == 10)
    #expect(everything.filter { $0.value != 0 } == [second[2]: 2])
    #expect(try await store.calendarSequences(for: [:]).isEmpty)
  }

  @Test func anAccountsEntriesAreReadByTheirStretchOfNumbers() async throws {
    let store = try Store.inMemory()
    let plan = try await store.writer.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(Store.calendarEntriesBetween)", arguments: [1, 2]).map {
        $0["detail"] as String
      }
    }
    #expect(plan.count == 1)
    #expect(
      plan.first?.contains("SEARCH calendar_entry USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)") == true, "\(plan)")
  }
}

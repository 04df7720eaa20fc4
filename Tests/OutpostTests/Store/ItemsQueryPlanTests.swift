import Foundation
import GRDB
import OutpostConnectors
import OutpostModel
import Testing

@testable import OutpostStore

/// The agenda's reads go through an index that holds the range in start order (issue 20):
/// one account's 30 days out of 10,000 events read 1,579 rows, not all 10,000 and a sort.
/// SQLite's plans are asked for the very statement `items(…)` runs, and the rows it returns
/// are checked against the same filter done by hand.
@Suite struct ItemsQueryPlanTests {
  static let at = Date(timeIntervalSince1970: 1_795_000_000)
  static let event = ItemKind(rawValue: "event")
  static let task = ItemKind(rawValue: "task")
  static let accounts = ["00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000a2"]
  static let month = at...at.addingTimeInterval(30 * 86_400)

  static func plan(_ store: Store, accountID: String?, kinds: [ItemKind]?, range: ClosedRange<Date>?) async throws
    -> [String]
  {
    let query = Store.itemsQuery(accountID: accountID, kinds: kinds, startingIn: range, includeRemoved: false)
    return try await store.writer.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(query.sql)", arguments: query.arguments).map { $0["detail"] }
    }
  }

  /// One kind, the agenda's (every appointment kind the connectors declare, as `items.list`
  /// asks), or any kind.
  static let kindChoices: [[ItemKind]?] = [
    [event], ConnectorRegistry.appointmentKinds.sorted { $0.rawValue < $1.rawValue }, nil,
  ]

  @Test func oneAccountsRangeReadsItsIndexInStartOrder() async throws {
    let store = try Store.inMemory()
    for kinds in Self.kindChoices {
      let plan = try await Self.plan(store, accountID: Self.accounts[0], kinds: kinds, range: Self.month)
      #expect(plan.count == 1, "\(plan)")
      #expect(
        plan.first?.contains("USING INDEX item_by_account_and_start (account_id=? AND starts_at>? AND starts_at<?)")
          == true, "\(kinds ?? []): \(plan)")
      #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
  }

  /// The bar's unread counters read one account's items of a kind or two, with no range: the
  /// unique key's (account_id, kind) prefix, not a scan of every item (42 ms with 100,000
  /// events in the store, at every rebuild of the bar).
  @Test func oneAccountsKindsWithoutARangeReadTheirOwnRows() async throws {
    let store = try Store.inMemory()
    for kinds in [[Self.event], [Self.event, Self.task]] {
      let plan = try await Self.plan(store, accountID: Self.accounts[0], kinds: kinds, range: nil)
      #expect(
        plan.first?.contains("USING INDEX sqlite_autoindex_item_1 (account_id=? AND kind=?)") == true,
        "\(kinds): \(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }
  }

  @Test func everyAccountsRangeReadsTheStartIndexInOrder() async throws {
    let store = try Store.inMemory()
    for kinds in Self.kindChoices + [[Self.event, Self.task]] {
      let plan = try await Self.plan(store, accountID: nil, kinds: kinds, range: Self.month)
      #expect(plan.count == 1, "\(plan)")
      #expect(plan.first?.contains("USING INDEX item_by_start (starts_at>? AND starts_at<?)") == true, "\(plan)")
      #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }
  }

  @Test func aRangeReturnsTheAccountsItemsOfTheKindsInStartOrder() async throws {
    let store = try Store.inMemory()
    var expected: [String] = []
    for (number, accountID) in Self.accounts.enumerated() {
      try await store.addAccount(
        Account(
          id: accountID, name: "a\(number)", kind: "ical", username: "u", baseURL: "https://x", state: .ok,
          stateChangedAt: Self.at, createdAt: Self.at))
      // Three kinds of item every 11 hours over 90 days, written in reverse, a removed one,
      // one with no start.
      var items: [Item] = []
      for index in (0..<200).reversed() {
        let kind = [Self.event, Self.task, ItemKind(rawValue: "note")][index % 3]
        let startsAt = Self.at.addingTimeInterval(Double(index) * 11 * 3600 - 86_400)
        items.append(Item(kind: kind, upstreamID: "i\(index)", title: "\(accountID) \(index)", startsAt: startsAt))
        if number == 0, kind != ItemKind(rawValue: "note"), index != 7, Self.month.contains(startsAt) {
          expected.append("\(accountID) \(index)")
        }
      }
      items.append(Item(kind: Self.event, upstreamID: "undated", title: "undated"))
      _ = try await store.applySync(
        accountID: accountID, items: items, complete: [Self.event, Self.task, ItemKind(rawValue: "note")],
        window: SyncWindow(
          from: Self.at.addingTimeInterval(-86_400 * 10), to: Self.at.addingTimeInterval(86_400 * 400)),
        cursor: nil, at: Self.at)
    }
    // Item 7 of the first account is gone upstream: removed, not listed.
    _ = try await store.applySync(
      accountID: Self.accounts[0], items: [], complete: [], window: SyncWindow(from: Self.at, to: Self.at),
      cursor: nil, removed: [ItemKey(Self.task, "i7")], at: Self.at)

    let listed = try await store.items(
      accountID: Self.accounts[0], kinds: [Self.event, Self.task], startingIn: Self.month)
    // Written latest first; listed earliest first.
    #expect(listed.map(\.item.title) == expected.reversed())
    #expect(listed.map(\.item.startsAt!) == listed.map(\.item.startsAt!).sorted())
    #expect(!expected.isEmpty)
  }

  /// Read in place from SQLite's columns: an empty text stays empty and a NULL stays absent,
  /// the details come back whole or as the members asked for, and the same item reads the
  /// same through a list and by its number.
  @Test func columnsReadInPlaceKeepEmptyTextsAndAbsentOnes() async throws {
    let store = try Store.inMemory()
    let accountID = Self.accounts[0]
    try await store.addAccount(
      Account(
        id: accountID, name: "a", kind: "ical", username: "u", baseURL: "https://x", state: .ok,
        stateChangedAt: Self.at, createdAt: Self.at))
    let written = [
      Item(
        kind: Self.event, upstreamID: "empty", title: "", startsAt: Self.at, location: "",
        details: ["allDay": true, "note": "Zürich – “quoted” \\ \n", "nested": ["a": [1, .double(2.5), nil]]], link: ""),
      Item(kind: Self.event, upstreamID: "absent", title: "Absent", startsAt: Self.at.addingTimeInterval(60)),
    ]
    _ = try await store.applySync(
      accountID: accountID, items: written, complete: [Self.event],
      window: SyncWindow(from: Self.at.addingTimeInterval(-86_400), to: Self.at.addingTimeInterval(86_400)),
      cursor: nil, at: Self.at)
    let listed = try await store.items(accountID: accountID, kinds: [Self.event], startingIn: Self.month)
    #expect(listed.map(\.item) == written)
    #expect(listed.first?.item.location == "" && listed.first?.item.link == "")
    #expect(listed.last?.item.location == nil && listed.last?.item.link == nil)
    for stored in listed { #expect(try await store.item(number: stored.number) == stored) }
    let some = try await store.items(accountID: accountID, startingIn: Self.month, detailKeys: ["allDay", "missing"])
    #expect(some.first?.item.details == ["allDay": true])
    #expect(some.last?.item.details == [:])
  }

  /// `items.list` for one account reads every account and that one in one go: the one found
  /// as `account(named:)` finds it, case-insensitively, and none for a name no account has.
  @Test func accountsSelectingAnAccountFindsItAsAccountNamedDoes() async throws {
    let store = try Store.inMemory()
    for (number, name) in ["Referee", "tasks"].enumerated() {
      try await store.addAccount(
        Account(
          id: Self.accounts[number], name: name, kind: "ical", username: "u", baseURL: "https://x", state: .ok,
          stateChangedAt: Self.at, createdAt: Self.at))
    }
    for name in ["referee", "REFEREE", "Tasks", "nobody", ""] {
      let found = try await store.accounts(selecting: name)
      #expect(found.all == (try await store.accounts()))
      #expect(found.selected == (try await store.account(named: name)), "\(name)")
    }
    #expect(try await store.accounts(selecting: "referee").selected?.id == Self.accounts[0])
    #expect(try await store.accounts(selecting: "nobody").selected == nil)
  }
}

import Foundation
import OutpostModel
import OutpostSnapshot
import Testing

/// Every state a user must see, produced from a real store filled through its public API.
@Suite struct SnapshotStateTests {
  @Test func noAccountTellsHowToStart() async throws {
    let fixture = try StoreFixture()
    let snapshot = try await fixture.snapshot()
    #expect(snapshot.status == .neverSynced)
    #expect(snapshot.classes == ["never-synced", "none"])
    #expect(snapshot.display.text == "Run `outpost account add` to start")
    #expect(snapshot.next.isEmpty && snapshot.accounts.isEmpty)
    #expect(snapshot.validUntil == nil)
  }

  /// Counters a connector declares (RPP's unread messages per conversation) add up per account
  /// and overall, in the JSON and the tooltip; items without the detail count nothing.
  @Test func declaredUnreadCountersAddUpPerAccount() async throws {
    let fixture = try StoreFixture()
    let work = try await fixture.addAccount("work", kind: "rpp")
    let volley = try await fixture.addAccount("volley")
    let conversation = ItemKind(rawValue: "conversation")
    try await fixture.sync(
      work,
      [
        Item(kind: conversation, upstreamID: "cnv_1", title: "Dana", details: ["unreadCount": 2]),
        Item(kind: conversation, upstreamID: "cnv_2", title: "Support", details: ["unreadCount": 1]),
        Item(kind: conversation, upstreamID: "cnv_3", title: "Read", details: ["unreadCount": 0]),
      ])
    try await fixture.sync(volley, [assignment("a", "Volley Näfels – Amriswil", at: Clock.local(2026, 11, 18, 19, 30))])
    var options = Clock.options
    options.unreadCounters = [conversation: "unreadCount"]
    let snapshot = try await fixture.snapshot(options: options)
    #expect(snapshot.unread == 3)
    #expect(snapshot.accounts.first { $0.name == "work" }?.unread == 3)
    #expect(snapshot.accounts.first { $0.name == "volley" }?.unread == 0)
    #expect(snapshot.display.tooltip.contains("unread messages: 3"))
    let json = String(decoding: SnapshotFormat.json.render(snapshot), as: UTF8.self)
    #expect(json.contains("\"unread\" : 3"), "\(json)")
    #expect(try await fixture.snapshot().unread == 0)
  }

  @Test func anAccountNeverSyncedSaysSo() async throws {
    let fixture = try StoreFixture()
    try await fixture.addAccount("volley")
    let snapshot = try await fixture.snapshot()
    #expect(snapshot.status == .neverSynced)
    #expect(snapshot.display.text == "Not synced yet")
    #expect(snapshot.accounts.first?.everSynced == false)
    #expect(snapshot.display.tooltip.contains("volley: ok, never synced"))
  }

  @Test func upcomingItemsAreListedWithAbsoluteTimes() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(
      id,
      [
        assignment("a", "Volley Näfels – Amriswil", at: Clock.local(2026, 11, 18, 19, 30)),
        assignment("b", "Cup: Schönenwerd – Lausanne", at: Clock.local(2026, 11, 19, 14, 0)),
        assignment("c", "VBC Biel/Bienne & Co – Lugano", at: Clock.local(2026, 11, 21, 19, 30)),
        assignment("d", "Chênois – Jona", at: Clock.local(2026, 12, 2, 20, 0)),
        assignment("past", "Yesterday's game", at: Clock.local(2026, 11, 17, 19, 30)),
      ])
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now.addingTimeInterval(-600)])
    #expect(snapshot.status == .ok)
    #expect(snapshot.classes == ["ok", "upcoming"])
    #expect(
      snapshot.next.map(\.startLabel) == ["today 19:30", "tomorrow 14:00", "Sat 19:30", "Wed 2 Dec 20:00"])
    #expect(snapshot.display.text == "today 19:30 Volley Näfels – Amriswil")
    #expect(snapshot.display.shortText == "today 19:30")
    #expect(snapshot.display.percentage == 100)
    let first = try #require(snapshot.next.first)
    #expect(first.link == "volleykit://assignment/a")
    #expect(first.venue == "Sporthalle Kreuzfeld, Langenthal")
    #expect(first.account == "volley" && first.status == .active && first.id > 0)
    #expect(
      snapshot.display.tooltip.first == "today 19:30  Volley Näfels – Amriswil — Sporthalle Kreuzfeld, Langenthal")
  }

  @Test func cancelledItemsAreShownButNeverTheHeadline() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(
      id,
      [
        assignment("a", "Called off", at: Clock.local(2026, 11, 18, 19, 30), status: .cancelled),
        assignment("b", "Still on", at: Clock.local(2026, 11, 19, 14, 0)),
      ])
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now])
    #expect(snapshot.next.map(\.status) == [.cancelled, .active])
    #expect(snapshot.display.text == "tomorrow 14:00 Still on")
    #expect(snapshot.display.percentage == 50)
    #expect(snapshot.display.tooltip.first == "today 19:30  Called off — Sporthalle Kreuzfeld, Langenthal (cancelled)")
  }

  @Test func nothingUpcoming() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("past", "Last week", at: Clock.local(2026, 11, 11, 19, 30))])
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now])
    #expect(snapshot.status == .ok)
    #expect(snapshot.classes == ["ok", "none"])
    #expect(snapshot.display.text == "Nothing upcoming")
    #expect(snapshot.display.percentage == 0)
    #expect(snapshot.accounts.first?.everSynced == true)
  }

  @Test func aSyncOlderThanADayIsStale() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("a", "Game", at: Clock.local(2026, 11, 21, 19, 30))])
    let last = Clock.now.addingTimeInterval(-Clock.hours(26.5))
    let snapshot = try await fixture.snapshot(lastSync: [id: last])
    #expect(snapshot.status == .stale)
    #expect(snapshot.classes == ["stale", "upcoming"])
    #expect(snapshot.accounts.first?.stale == true)
    #expect(snapshot.display.text == "Sat 19:30 Game · Last updated 26 h ago")
    // The tooltip's sync time is absolute: it does not need a rewrite every hour.
    #expect(snapshot.display.tooltip.contains("volley: ok, last sync Tue 17 Nov 07:30"))
    let older = try await fixture.snapshot(lastSync: [id: Clock.now.addingTimeInterval(-Clock.hours(75))])
    #expect(older.display.text.hasSuffix("Last updated 3 d ago"))
  }

  @Test func needsLoginSaysWhatToRun() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("a", "Game", at: Clock.local(2026, 11, 21, 19, 30))])
    try await fixture.setState(id, .needsLogin, reason: "the password was rejected")
    let snapshot = try await fixture.snapshot()
    #expect(snapshot.status == .needsLogin)
    #expect(snapshot.classes == ["needs-login", "upcoming"])
    #expect(snapshot.display.text == "Sat 19:30 Game · needs login")
    #expect(snapshot.display.shortText == "needs login")
    #expect(snapshot.display.tooltip.contains("volley: needs login — run `outpost account login volley`"))
  }

  /// Among several accounts, the bar names the one in trouble (a fresh-eyes tester saw "· error"
  /// and could not tell which of five); the short form stays the bare word.
  @Test func theOneAccountInTroubleIsNamedAmongSeveral() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    let books = try await fixture.addAccount("books")
    try await fixture.sync(id, [assignment("a", "Game", at: Clock.local(2026, 11, 21, 19, 30))])
    try await fixture.sync(books, [])
    try await fixture.setState(books, .needsLogin, reason: "the password was rejected")
    let snapshot = try await fixture.snapshot()
    #expect(snapshot.display.text == "Sat 19:30 Game · books: needs login")
    #expect(snapshot.display.shortText == "needs login")
    try await fixture.setState(id, .needsLogin, reason: "the password was rejected")
    #expect(try await fixture.snapshot().display.text == "Sat 19:30 Game · needs login")
  }

  @Test func offlineWithCachedDataStillShowsTheItems() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("a", "Game", at: Clock.local(2026, 11, 19, 20, 0))])
    try await fixture.setState(id, .offline, reason: "cannot reach volleymanager.example")
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now.addingTimeInterval(-Clock.hours(2))])
    #expect(snapshot.status == .offline)
    #expect(snapshot.classes == ["offline", "upcoming"])
    #expect(snapshot.display.text == "tomorrow 20:00 Game · offline")
    #expect(snapshot.next.count == 1)
    #expect(
      snapshot.display.tooltip.contains("volley: offline — showing saved data, last sync Wed 18 Nov 08:00"))
  }

  @Test func offlineAndStaleShowBoth() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("a", "Game", at: Clock.local(2026, 11, 19, 20, 0))])
    try await fixture.setState(id, .offline)
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now.addingTimeInterval(-Clock.hours(30))])
    #expect(snapshot.classes == ["offline", "stale", "upcoming"])
    #expect(snapshot.display.text == "tomorrow 20:00 Game · offline · Last updated 30 h ago")
  }

  @Test func keyringLockedAndErrorStates() async throws {
    let fixture = try StoreFixture()
    let locked = try await fixture.addAccount("volley")
    let broken = try await fixture.addAccount("feed", kind: "ical")
    try await fixture.setState(locked, .keyringLocked)
    try await fixture.setState(broken, .error, reason: "the feed is not iCalendar")
    let snapshot = try await fixture.snapshot(lastSync: [locked: Clock.now, broken: Clock.now])
    #expect(snapshot.status == .keyringLocked)
    #expect(snapshot.classes == ["keyring-locked", "error", "none"])
    #expect(snapshot.display.tooltip.contains { $0.hasPrefix("feed: error — the feed is not iCalendar") })
    #expect(snapshot.display.tooltip.contains { $0.hasPrefix("volley: keyring locked — unlock your keyring") })
  }

  @Test func actionsAndNotificationsAreCounted() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("a", "Game", at: Clock.local(2026, 11, 21, 19, 30))])
    for target in ["x1", "x2", "x3"] {
      _ = try await fixture.store.enqueueAction(
        accountID: id, type: ActionType("exchange.take"), itemNumber: nil, target: target, params: [:])
    }
    let conflicting = try await fixture.store.enqueueAction(
      accountID: id, type: ActionType("exchange.offer"), itemNumber: nil, target: "x4", params: [:])
    try await fixture.store.setActionState(number: conflicting.number, state: .conflict, problem: .verbatim("taken"))
    let done = try await fixture.store.enqueueAction(
      accountID: id, type: ActionType("exchange.offer"), itemNumber: nil, target: "x5", params: [:])
    try await fixture.store.setActionState(number: done.number, state: .done)
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now], unread: 4)
    #expect(snapshot.pendingActions == 3 && snapshot.conflicts == 1 && snapshot.unreadNotifications == 4)
    #expect(snapshot.accounts.first?.pendingActions == 3 && snapshot.accounts.first?.conflicts == 1)
    #expect(snapshot.classes == ["ok", "upcoming", "conflicts"])
    #expect(snapshot.display.tooltip.contains("waiting to be sent: 3 (`outpost queue`)"))
    #expect(snapshot.display.tooltip.contains("conflicts to decide: 1 (`outpost conflicts`)"))
    #expect(snapshot.display.tooltip.contains("unread notifications: 4"))
  }

  @Test func anUnknownLastSyncAfterARestartIsNeitherNeverSyncedNorStale() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(id, [assignment("past", "Last week", at: Clock.local(2026, 11, 11, 19, 30))])
    let snapshot = try await fixture.snapshot()
    #expect(snapshot.status == .ok)
    #expect(snapshot.accounts.first?.lastSync == nil && snapshot.accounts.first?.everSynced == true)
    #expect(snapshot.display.text == "Nothing upcoming")
  }

  @Test func onlyShownKindsAndAtMostMaxItems() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    var items = (1...8).map { assignment("g\($0)", "Game \($0)", at: Clock.local(2026, 11, 20 + $0, 19, 30)) }
    items.append(
      Item(
        kind: .compensation, upstreamID: "c1", title: "Fee", startsAt: Clock.local(2026, 11, 18, 12, 0),
        details: ["amount": 60]))
    try await fixture.sync(id, items)
    var options = Clock.options
    options.maxItems = 3
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now], options: options)
    #expect(snapshot.next.map(\.title) == ["Game 1", "Game 2", "Game 3"])
  }

  /// An all-day item (an invoice's due day, a holiday from a feed) shows its day, never the
  /// hour its midnight has in another zone: a due day made in New York is not "05:00" here.
  @Test func allDayItemsShowTheirDayWithoutATime() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("money")
    var newYork = Calendar(identifier: .gregorian)
    newYork.timeZone = TimeZone(identifier: "America/New_York")!
    func due(_ day: Int, _ month: Int = 11) -> Date {
      newYork.date(from: DateComponents(year: 2026, month: month, day: day))!
    }
    try await fixture.sync(
      id,
      [
        Item(kind: .event, upstreamID: "d1", title: "Invoice INV-0042", startsAt: due(19), details: ["allDay": true]),
        Item(kind: .event, upstreamID: "d2", title: "Invoice INV-0043", startsAt: due(21), details: ["allDay": true]),
        Item(
          kind: .event, upstreamID: "d3", title: "Invoice INV-0044", startsAt: due(2, 12), details: ["allDay": true]),
      ])
    let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now])
    #expect(snapshot.next.map(\.startLabel) == ["tomorrow", "Sat", "Wed 2 Dec"])
    #expect(snapshot.display.text == "tomorrow Invoice INV-0042")
  }

  @Test func otherLanguagesUseTheirWords() async throws {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    try await fixture.sync(
      id,
      [
        assignment("a", "Match", at: Clock.local(2026, 11, 18, 19, 30)),
        assignment("b", "Match 2", at: Clock.local(2026, 11, 21, 19, 30)),
        assignment("c", "Match 3", at: Clock.local(2026, 12, 2, 20, 0)),
      ])
    let expected: [Language: [String]] = [
      .de: ["heute 19:30", "Sa 19:30", "Mi 2. Dez. 20:00"],
      .fr: ["aujourd'hui 19:30", "sam. 19:30", "mer. 2 déc. 20:00"],
      .it: ["oggi 19:30", "sab 19:30", "mer 2 dic 20:00"],
    ]
    for (language, labels) in expected {
      var options = Clock.options
      options.language = language
      let snapshot = try await fixture.snapshot(lastSync: [id: Clock.now], options: options)
      #expect(snapshot.next.map(\.startLabel) == labels, "\(language)")
    }
  }
}

import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon
@testable import OutpostStore

/// The purge never takes what the user still needs (issue 47 §2), for every connector on its
/// sandbox's own data: at the day of the sync and with the clock moved past every boundary (the
/// sync's window, the 90 days, the views' reach, the tax years), every view the connector
/// answers from the store and every item the agenda, the calendars and the bar can show are the
/// same before and after the purge; a full listing at that time brings nothing back that the
/// purge removed; and ten years on, what is still open (an unpaid invoice, a task not done) and
/// the history (series points) are still there.
extension ConnectorContractTests {
  /// What a user can see of an account at `now`, as comparable values.
  struct Seen: Equatable, CustomStringConvertible {
    var views: [String: String]
    var items: [String]

    var description: String { "\(items.count) items, views \(views.keys.sorted())" }
  }

  static func seen(_ store: Store, _ account: Account, at now: Date) async throws -> Seen {
    let kind = try #require(ConnectorRegistry.kind(account.kind))
    var views: [String: String] = [:]
    for declaration in kind.queries where declaration.fromStore != nil {
      let answer: JSONValue
      do {
        answer = try await StoreViews.answer(
          declaration, params: [:], kind: kind, account: account, store: store, now: now)
      } catch {
        answer = .string("refused: \(error)")  // a view that needs parameters: compared as refused
      }
      views[declaration.name] = String(decoding: answer.serialized, as: UTF8.self)
    }
    // What the agenda, the calendars and the bar can show: what is not over longer ago than the
    // sync reaches, and every undated item.
    let reach = now.addingTimeInterval(-31 * 86_400)
    let items = try await store.items(accountID: account.id).map(\.item).filter { item in
      (item.endsAt ?? item.startsAt).map { $0 >= reach } ?? true
    }
    return Seen(
      views: views,
      items: items.map { "\($0.kind)/\($0.upstreamID)/\($0.status)/\($0.startsAt.map(UTCTimestamp.format) ?? "-")" }
        .sorted())
  }

  @Test(arguments: cases)
  func thePurgeKeepsWhatEveryViewReads(_ testCase: Case) async throws {
    let server = try await SandboxServer.start(Self.stillSandbox())
    let (connector, good, _) = await testCase.make(server)
    let now = Date()
    let fetched: FetchResult
    do {
      fetched = try await connector.fetchResult(good, window: SyncWindow.around(now))
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
    let store = try Store.inMemory()
    let account = Account(
      id: "00000000-0000-4000-8000-00000000047a", name: "me", kind: connector.descriptor.kind, username: "u",
      baseURL: "https://example.invalid", state: .ok, stateChangedAt: now, createdAt: now,
      options: Self.viewOptions[connector.descriptor.kind])
    try await store.addAccount(account)
    let policy = ConnectorRegistry.retentionPolicy(defaultDays: 90)
    func sync(at time: Date) async throws -> Store.SyncOutcome {
      try await store.applySync(
        accountID: account.id, items: fetched.items, points: fetched.points, complete: fetched.complete,
        window: SyncWindow.around(time), cursor: nil, retention: policy, at: time)
    }
    _ = try await sync(at: now)
    let unpaidNow =
      connector.descriptor.kind == AgilityConnector.descriptor.kind
      ? try await Self.unpaidInvoices(store, account, at: now) : 0
    let day = 86_400.0
    // Past the sync's reach, the default 90 days, a year, the views' 800 days, six tax years.
    for moved in [0, 31, 91, 366, 801, 6 * 366].map({ now.addingTimeInterval(Double($0) * day) }) {
      let before = try await Self.seen(store, account, at: moved)
      let purged = try await store.purgeItems(policy, now: moved)
      let after = try await Self.seen(store, account, at: moved)
      let days = Int(moved.timeIntervalSince(now) / day)
      #expect(before == after, "\(testCase.name): the purge at +\(days) days (\(purged) items) changed what is seen")
      if before != after {
        for (name, text) in before.views where after.views[name] != text { Issue.record("\(name) changed") }
        let lost = Set(before.items).subtracting(after.items).sorted().prefix(5)
        if !lost.isEmpty { Issue.record("gone: \(lost)") }
      }
      // The same full listing now: nothing the purge removed comes back as new.
      let again = try await sync(at: moved)
      #expect(
        !again.changes.contains { $0.change == .new },
        "\(testCase.name): a listing at +\(days) days stored again what the purge removed"
      )
    }
    // Ten years on: what is open is still there, and so is the history.
    let decade = now.addingTimeInterval(3653 * day)
    let pointsBefore = try await store.seriesPoints(
      accountID: account.id, kinds: Array(Set(fetched.points.map(\.kind))), in: Date.distantPast...Date.distantFuture)
    _ = try await store.purgeItems(policy, now: decade)
    let left = try await store.items(accountID: account.id).map(\.item)
    let leftKeys = Set(left.map { "\($0.kind)/\($0.upstreamID)" })
    for item in fetched.items where policy.keeps(item, now: decade) {
      #expect(leftKeys.contains("\(item.kind)/\(item.upstreamID)"), "\(item.kind) \(item.upstreamID) was purged")
    }
    let open = fetched.items.filter { policy.keptStatuses(for: $0.kind).contains($0.status) }
    #expect(open.allSatisfy { leftKeys.contains("\($0.kind)/\($0.upstreamID)") })
    let pointsAfter = try await store.seriesPoints(
      accountID: account.id, kinds: Array(Set(fetched.points.map(\.kind))), in: Date.distantPast...Date.distantFuture)
    #expect(pointsAfter.count == pointsBefore.count, "series points are history and stay")
    if connector.descriptor.kind == AgilityConnector.descriptor.kind {
      // The freelancer's open invoices still answer, ten years on.
      let unpaidLater = try await Self.unpaidInvoices(store, account, at: decade)
      #expect(unpaidNow > 0)
      #expect(unpaidLater == unpaidNow, "unpaid invoices: \(unpaidNow) at the sync, \(unpaidLater) ten years on")
    }
  }

  static func unpaidInvoices(_ store: Store, _ account: Account, at now: Date) async throws -> Int {
    let answer = try await StoreViews.answer(
      try #require(AgilityConnector.storeViews.first { $0.name == "agility.invoices" }), params: ["status": "unpaid"],
      kind: try #require(ConnectorRegistry.kind(account.kind)), account: account, store: store, now: now)
    guard case .array(let invoices)? = answer["invoices"] else { return -1 }
    return invoices.count
  }

  /// The options the views read (Agility's tax table needs a rate and a zone).
  static let viewOptions: [String: [String: String]] = [
    "agility": ["timeZone": "America/New_York", "incomeTaxRate": "12"]
  ]
}

import Foundation
import OutpostModel
import OutpostReminders
import OutpostStore
import Synchronization
import Testing

/// A fresh directory under /tmp, removed when the value is deinitialised.
final class TemporaryDirectory: Sendable {
  let path: String

  init(_ prefix: String = "op-remind") {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(result != nil, "mkdtemp failed")
    path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }

  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

enum Fixture {
  static let accountID = "00000000-0000-4000-8000-000000000001"
  /// Friday 20 November 2026, 12:00 UTC (13:00 in Zurich).
  static let t0 = UTCTimestamp.parse("2026-11-20T12:00:00Z")!
  static let zurich = TimeZone(identifier: "Europe/Zurich")!
  static let window = SyncWindow(from: t0.addingTimeInterval(-30 * 86_400), to: t0.addingTimeInterval(366 * 86_400))
  /// Before-start only, 60 min: the scheduler tests reason about one reminder per game.
  static let beforeStartOnly = ReminderRules(kinds: [.assignment: .init(beforeStart: .seconds(3600))])

  /// A temp-file store (so that a second `Store.open` is a second connection, as after a
  /// restart) with one account.
  static func store(in directory: TemporaryDirectory) async throws -> Store {
    let store = try Store.open(path: directory.file("outpost.sqlite"))
    try await store.addAccount(
      Account(
        id: accountID, name: "referee", kind: "volleymanager", username: "ref", baseURL: "https://vm.example",
        state: .ok, stateChangedAt: t0, createdAt: t0))
    return store
  }

  static func game(_ id: String, startsAt: Date, status: ItemStatus = .active, details: JSONValue = [:]) -> Item {
    Item(
      kind: .assignment, upstreamID: id, title: "Game \(id)", startsAt: startsAt,
      endsAt: startsAt.addingTimeInterval(2 * 3600), location: "Hall \(id)", status: status, details: details,
      link: "volleykit://assignment/\(id)")
  }

  /// Records `items` as the account's complete list of assignments; returns their numbers by
  /// upstream id.
  @discardableResult
  static func sync(_ store: Store, _ items: [Item], at time: Date = t0) async throws -> [String: Int64] {
    _ = try await store.applySync(
      accountID: accountID, items: items, complete: [.assignment], window: window, cursor: nil, at: time)
    let stored = try await store.items(includeRemoved: true)
    return Dictionary(uniqueKeysWithValues: stored.map { ($0.item.upstreamID, $0.number) })
  }

  static func storedItem(_ item: Item, number: Int64 = 1) -> StoredItem {
    StoredItem(number: number, accountID: accountID, item: item, firstSeenAt: t0, updatedAt: t0, removedAt: nil)
  }
}

/// What the scheduler handed to its fire handler, and what the handler made of it.
final class FireRecorder: Sendable {
  struct Call: Sendable {
    var due: [Int64]
    var catchUp: Bool
    var outcome: ReminderFiring.Outcome?
  }

  private let state = Mutex<[Call]>([])

  var calls: [Call] { state.withLock { $0 } }
  var fired: [Int64] { calls.flatMap { $0.outcome?.fired.reminders.map(\.number) ?? [] } }
  var missed: [Int64] { calls.flatMap { $0.outcome?.missed ?? [] } }
  var notifications: [StoredNotification] { calls.compactMap { $0.outcome?.notification } }

  func append(_ call: Call) { state.withLock { $0.append(call) } }

  /// The handler the daemon would give: decide, then record in the store.
  func handler(store: Store, clock: any ReminderClock, cutoff: Duration = CatchUp.defaultCutoff)
    -> ReminderScheduler.FireHandler
  {
    { [self] due, catchUp in
      let now = clock.now()
      let decision = CatchUp.decide(due: due, now: now, cutoff: cutoff)
      let outcome = try? await ReminderFiring.record(decision, in: store, at: now, timeZone: Fixture.zurich)
      append(Call(due: due.map(\.number), catchUp: catchUp, outcome: outcome))
    }
  }
}

/// Waits (in real time, a few seconds at most) until `condition` holds: the scheduler's work
/// runs on other tasks and on the database's queue. The scheduler's own time never passes by
/// itself here: only `ManualReminderClock` moves it.
func eventually(
  _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () async -> Bool
) async {
  let start = ContinuousClock.now
  while ContinuousClock.now - start < .seconds(20) {
    if await condition() { return }
    await Task.yield()
  }
  Issue.record("timed out waiting for \(what())", sourceLocation: sourceLocation)
}

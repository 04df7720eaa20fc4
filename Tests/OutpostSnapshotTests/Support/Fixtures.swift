import Foundation
import OutpostModel
import OutpostSnapshot
import OutpostStore

/// A fresh directory under /tmp, removed when the value is deinitialised.
final class TemporaryDirectory: Sendable {
  let path: String

  init(_ prefix: String = "op-snap") {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(result != nil, "mkdtemp failed")
    path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }

  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A fixed clock and zone: Wednesday 18 November 2026, 10:00 in Zurich (09:00 UTC).
enum Clock {
  static let zone = TimeZone(identifier: "Europe/Zurich")!
  static let now = local(2026, 11, 18, 10, 0)

  static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
  }

  static func hours(_ count: Double) -> TimeInterval { count * 3600 }

  static var options: SnapshotOptions { SnapshotOptions(language: .en, timeZone: zone) }
}

/// A real store in a temporary file, filled through its public API the way the daemon fills it.
struct StoreFixture {
  let directory = TemporaryDirectory()
  let store: Store

  init() throws {
    store = try Store.open(path: directory.file("outpost.sqlite"))
  }

  @discardableResult
  func addAccount(_ name: String, kind: String = "volleymanager") async throws -> String {
    let id = UUID().uuidString.lowercased()
    try await store.addAccount(
      Account(
        id: id, name: name, kind: kind, username: "referee", baseURL: "https://volleymanager.example", state: .ok,
        stateChangedAt: Clock.now, createdAt: Clock.now))
    return id
  }

  func sync(_ accountID: String, _ items: [Item], at time: Date = Clock.now) async throws {
    _ = try await store.applySync(
      accountID: accountID, items: items, complete: Set(items.map(\.kind)).union([.assignment]),
      window: SyncWindow.around(time), cursor: nil, at: time)
  }

  func setState(_ accountID: String, _ state: AccountState, reason: String? = nil) async throws {
    _ = try await store.setAccountState(id: accountID, state: state, reason: reason.map(Phrase.verbatim), at: Clock.now)
  }

  func snapshot(
    lastSync: [String: Date] = [:], unread: Int = 0, at now: Date = Clock.now,
    options: SnapshotOptions = Clock.options
  ) async throws -> Snapshot {
    try await SnapshotSource(store: store).snapshot(
      at: now, options: options, lastSuccessfulSync: lastSync, unreadNotifications: unread)
  }
}

func assignment(
  _ id: String, _ title: String, at start: Date, venue: String? = "Sporthalle Kreuzfeld, Langenthal",
  status: ItemStatus = .active
) -> Item {
  Item(
    kind: .assignment, upstreamID: id, title: title, startsAt: start, endsAt: start.addingTimeInterval(7200),
    location: venue, status: status, link: "volleykit://assignment/\(id)")
}

extension Snapshot {
  func rendered(_ format: SnapshotFormat) -> String { String(decoding: format.render(self), as: UTF8.self) }

  func object(_ format: SnapshotFormat) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(format.render(self)))
    guard let object = value as? [String: Any] else { throw TestFailure("\(format) is not a JSON object") }
    return object
  }
}

import Foundation
import Logging
import OutpostDesktop
import OutpostModel
import OutpostStore
import Synchronization

@testable import OutpostDaemon

/// A notification server that records what it is asked to show and clicks on request: the
/// notification centre without a session bus.
final class RecordingDesktop: DesktopShowing {
  let events: AsyncStream<NotificationSignal>
  private let continuation: AsyncStream<NotificationSignal>.Continuation
  private let shown = Mutex<[DesktopNotification]>([])

  init() {
    (events, continuation) = AsyncStream.makeStream(of: NotificationSignal.self)
  }

  var notifications: [DesktopNotification] { shown.withLock { $0 } }

  func connect() async throws(DesktopBusError) -> Bool { true }
  func capabilities() async throws(DesktopBusError) -> Set<String> { ["actions", "body"] }
  func serverInformation() async throws(DesktopBusError) -> NotificationServerInformation {
    NotificationServerInformation(name: "recorder", vendor: "tests", version: "1", specVersion: "1.2")
  }
  func notify(_ notification: DesktopNotification) async throws(DesktopBusError) -> UInt32 {
    shown.withLock {
      $0.append(notification)
      return UInt32($0.count)
    }
  }

  private let closedIDs = Mutex<[UInt32]>([])
  /// The desktop ids Outpost took off the screen.
  var closed: [UInt32] { closedIDs.withLock { $0 } }
  func close(id: UInt32) async throws(DesktopBusError) { closedIDs.withLock { $0.append(id) } }

  /// The user clicks `key` on the notification with desktop id `id`.
  func click(_ key: String, on id: UInt32) { continuation.yield(.actionInvoked(id: id, actionKey: key)) }
}

/// What buttons ran in a terminal, instead of a terminal.
final class TerminalRecorder: Sendable {
  private let runs = Mutex<[[String]]>([])
  var commands: [[String]] { runs.withLock { $0 } }
  func record(_ words: [String]) { runs.withLock { $0.append(words) } }
}

/// An in-memory store with one account of `kind`, the notification centre on a recording
/// desktop, and the change notifier, all at a fixed time.
struct NotificationFixture {
  static let accountID = "00000000-0000-4000-8000-0000000000b1"
  let store: Store
  let desktop = RecordingDesktop()
  /// The commands a button ran in a terminal.
  let terminal = TerminalRecorder()
  let centre: NotificationService
  var now: Date

  init(kind: String, now: Date, preferences: NotificationPreferences = NotificationPreferences()) async throws {
    let terminal = terminal
    store = try Store.inMemory()
    self.now = now
    try await store.addAccount(
      Account(
        id: Self.accountID, name: "work", kind: kind, username: "ana@bayrealty.com", baseURL: "https://api.example",
        state: .ok, stateChangedAt: now, createdAt: now))
    centre = NotificationService(
      store: store, events: try await EventHub(store: store, retained: 100, logger: Logger(label: "test")),
      logger: Logger(label: "test"), language: .en, timeZone: TimeZone(identifier: "America/Los_Angeles")!,
      notifier: desktop, preferences: preferences, runInTerminal: { words in terminal.record(words) })
  }

  var notifier: ChangeNotifier {
    let now = now
    return ChangeNotifier(
      store: store, notifications: centre, language: .en, timeZone: TimeZone(identifier: "America/Los_Angeles")!,
      logger: Logger(label: "test"), now: { now })
  }

  /// Records `items` as the account's complete list of their kinds and tells the news (never
  /// as a first sync).
  func sync(_ items: [Item], announce: Bool = true) async throws {
    let outcome = try await store.applySync(
      accountID: Self.accountID, items: items, complete: Set(items.map(\.kind)),
      window: SyncWindow(from: now.addingTimeInterval(-60 * 86_400), to: now.addingTimeInterval(366 * 86_400)),
      cursor: nil, at: now)
    if announce { await notifier.announce(outcome.changes, accountID: Self.accountID, firstSync: false) }
  }

  func notifications() async throws -> [StoredNotification] {
    try await store.notifications().sorted { $0.id < $1.id }
  }
}

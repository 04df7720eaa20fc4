import Foundation
import Logging
import OutpostCalendar
import OutpostModel
import OutpostStore
import Testing

@testable import OutpostDaemon

/// The calendar outputs (vdir, feed server), each checked with real parts: an in-memory store
/// filled through `applySync`, the daemon's `CalendarFiles`, files in a temporary directory.
@Suite struct CalendarOutputs {}

/// A store with one or more accounts, their items, and `CalendarFiles` writing to a temporary
/// directory. Games are in 2027, around the spring change to summer time (28 March 2027).
struct CalendarOutputFixture {
  let directory: TemporaryDirectory
  let store: Store
  let calendars: CalendarFiles

  static let window = SyncWindow(from: utc("2027-01-01T00:00:00Z"), to: utc("2028-01-01T00:00:00Z"))

  init(accounts: [String] = ["lena"], files: Bool = false, vdir: Bool = true) async throws {
    directory = TemporaryDirectory("cal")
    store = try Store.inMemory()
    let created = Self.utc("2026-01-05T10:15:00Z")
    for name in accounts {
      try await store.addAccount(
        Account(
          id: Self.accountID(name), name: name, kind: "volleymanager", username: "u", baseURL: "https://example.org",
          state: .ok, stateChangedAt: created, createdAt: created))
    }
    calendars = CalendarFiles(
      store: store, directory: directory.path + "/calendars", settings: .init(), enabled: files, vdir: vdir,
      logger: Logger(label: "test"))
  }

  /// A UUID made from the name (the store wants 36 characters).
  static func accountID(_ name: String) -> String {
    let hex = name.utf8.map { String($0, radix: 16) }.joined()
    return "00000000-0000-4000-8000-" + String((hex + String(repeating: "0", count: 12)).prefix(12))
  }

  var vdir: String { directory.path + "/calendars/vdir" }

  func folder(_ account: String = "lena") -> String { vdir + "/" + account }

  /// What the service lists now for `account`: items of these kinds not listed are removed.
  func sync(_ items: [Item], account: String = "lena") async throws {
    _ = try await store.applySync(
      accountID: Self.accountID(account), items: items, complete: [.assignment, .event], window: Self.window,
      cursor: nil)
  }

  /// Syncs, then regenerates at once (rather than 200 ms later).
  func syncAndRegenerate(_ items: [Item], account: String = "lena") async throws {
    try await sync(items, account: account)
    await calendars.regenerateNow()
  }

  /// A two-hour game (an assignment); `start` in UTC.
  static func game(
    _ id: String, _ title: String, _ start: String, status: ItemStatus = .active, location: String? = nil
  ) -> Item {
    Item(
      kind: .assignment, upstreamID: id, title: title, startsAt: utc(start), endsAt: utc(start) + 7200,
      location: location, status: status, details: ["league": "NLB"], link: "https://example.org/games/\(id)")
  }

  /// Saturday before the change (CET, UTC+1), Saturday after it (CEST, UTC+2), and a feed event.
  static let season: [Item] = [
    game("g1", "VBC Zürich – Volley Luzern", "2027-03-27T17:30:00Z", location: "Saalsporthalle, Zürich"),
    game("g2", "Volley Bern – VBC Zürich", "2027-04-03T16:00:00Z"),
    Item(
      kind: .event, upstreamID: "meeting/1@club.example", title: "Vorstand", startsAt: utc("2027-03-30T18:00:00Z"),
      endsAt: utc("2027-03-30T19:30:00Z")),
  ]

  /// The names of the event files in an account's folder, sorted.
  func eventFiles(_ account: String = "lena") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder(account)).filter { $0.hasSuffix(".ics") }.sorted()
  }

  static func fileName(_ item: Item) -> String { CalendarEntry.uid(for: item) + ".ics" }

  /// `2027-03-27T17:30:00Z` as a date.
  static func utc(_ text: String) -> Date {
    guard let date = UTCTimestamp.parse(text) else { preconditionFailure("not a timestamp: \(text)") }
    return date
  }
}

/// Inode, size and modification time (ns): whether a file was replaced or rewritten.
struct FileIdentity: Equatable {
  var inode: UInt64
  var size: Int64
  var modified: Int64

  init(_ path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { throw TestFailure("cannot stat \(path)") }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
  }
}

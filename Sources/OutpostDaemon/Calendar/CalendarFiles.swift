import Foundation
import Logging
import OutpostCalendar
import OutpostModel
import OutpostStore

/// The calendar files: one per account and `all.ics`, in `<data>/calendars/`. Derived from the
/// store only (connectors never write calendars), rewritten after a sync changed items, each
/// file replaced atomically and only when its bytes changed.
actor CalendarFiles {
  let store: Store
  let directory: String
  let settings: CalendarSettings
  let enabled: Bool
  let logger: Logger
  private var pending: Task<Void, Never>?
  private(set) var lastRun: Date?

  init(store: Store, directory: String, settings: CalendarSettings, enabled: Bool, logger: Logger) {
    self.store = store
    self.directory = directory
    self.settings = settings
    self.enabled = enabled
    self.logger = logger
  }

  /// Regenerates soon: a burst of changes (several accounts syncing) costs one regeneration.
  func scheduleRegeneration() {
    guard enabled, pending == nil else { return }
    pending = Task {
      try? await Task.sleep(for: .milliseconds(200))
      await self.regenerateNow()
    }
  }

  func regenerateNow() async {
    pending = nil
    guard enabled else { return }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let accounts = try await store.accounts()
      var written = 0
      for account in accounts {
        let rendered = try await render(accountID: account.id, name: account.name)
        if try replace(file: Self.fileName(account.name), with: rendered.bytes) { written += 1 }
      }
      let all = try await render(accountID: nil, name: nil)
      if try replace(file: "all.ics", with: all.bytes) { written += 1 }
      lastRun = Date()
      if written > 0 { logger.info("calendar: rewrote \(written) file(s) in \(directory)") }
    } catch {
      logger.error("calendar: cannot write the files in \(directory): \(error)")
    }
  }

  /// One account's calendar (or every account's when nil), and how many events it holds.
  func render(accountID: String?, name: String?) async throws -> (bytes: [UInt8], events: Int) {
    let now = Date()
    // Cancelled games stay (marked) until they are past, then leave the calendar; past events
    // get no alarms (a new subscriber must not be reminded of last month's games).
    let stored = try await store.items(accountID: accountID).filter {
      CalendarWriter.isCalendarItem($0.item, asOf: now)
    }
    var calendarSettings = settings
    if let name { calendarSettings.name = "\(settings.name) — \(name)" }
    let digests = Dictionary(
      uniqueKeysWithValues: stored.map {
        ($0.number, CalendarWriter.contentDigest($0.item, settings: calendarSettings))
      })
    let sequences = try await store.calendarSequences(for: digests)
    let entries = stored.map { stored in
      CalendarEntry(
        uid: CalendarEntry.uid(for: stored.item), sequence: sequences[stored.number] ?? 0, item: stored.item,
        lastModified: stored.updatedAt)
    }
    return (CalendarWriter.render(entries, settings: calendarSettings, asOf: now), entries.count)
  }

  /// Writes `bytes` to `file` unless it already holds them: a temporary file, then a rename, so a
  /// reader never sees half a calendar. Returns whether it wrote.
  private func replace(file: String, with bytes: [UInt8]) throws -> Bool {
    let path = directory + "/" + file
    if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) { return false }
    let temporary = directory + "/." + file + ".tmp"
    try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    return true
  }

  /// Account names are letters, digits and `._-@` (checked when added): safe as file names.
  static func fileName(_ accountName: String) -> String { accountName + ".ics" }

  func files() -> [(name: String, path: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.sorted().map { ($0, directory + "/" + $0) }
  }
}

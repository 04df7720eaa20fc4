import Foundation
import Logging
import OutpostCalendar
import OutpostConnectors
import OutpostModel
import OutpostStore
import Synchronization

/// The calendar files: one per account and `all.ics`, in `<data>/calendars/`, and the vdir
/// (one file per event) in `<data>/calendars/vdir/`. Derived from the store only (connectors
/// never write calendars), rewritten after a sync changed items, each file replaced atomically
/// and only when its bytes changed. Also what the feed server serves (`CalendarFiles+Feed`).
actor CalendarFiles {
  let store: Store
  let directory: String
  let settings: CalendarSettings
  /// Whether the `.ics` files are written.
  let enabled: Bool
  /// Whether the vdir is written.
  let vdirEnabled: Bool
  let logger: Logger
  /// The feed's rendered calendars, emptied by every regeneration.
  let feedCache = FeedCache()
  /// Called after each regeneration (the CalDAV push follows the files).
  nonisolated let afterRegeneration = Mutex<(@Sendable () async -> Void)?>(nil)
  private var pending: Task<Void, Never>?
  /// Which scheduling `pending` is: a regeneration run meanwhile (`regenerateNow`) supersedes it,
  /// and its task then finds another number (or none) and does nothing.
  private var pendingNumber = 0
  /// The short wait before the pending regeneration: cancelled to run it at once.
  private var pendingDelay: Task<Void, Never>?
  /// Whether the pending regeneration may leave the files alone when they were written from
  /// this very state (`CalendarGeneration`): only the one at start asks for that. Any other
  /// writes, and so also puts back a file someone edited.
  private var pendingMaySkip = false
  private(set) var lastRun: Date?

  init(
    store: Store, directory: String, settings: CalendarSettings, enabled: Bool, vdir: Bool = false, logger: Logger
  ) {
    self.store = store
    self.directory = directory
    self.settings = settings
    self.enabled = enabled
    self.vdirEnabled = vdir
    self.logger = logger
  }

  /// Regenerates soon: a burst of changes (several accounts syncing) costs one regeneration.
  /// Scheduled even when no file is written, for the feed's cache. `unlessUpToDate`: nothing is
  /// written when the files were written from the same store, settings and binary, and no
  /// event's start or end has passed since (the daemon's start: its files are usually right).
  func scheduleRegeneration(unlessUpToDate: Bool = false) {
    guard pending == nil else {
      pendingMaySkip = pendingMaySkip && unlessUpToDate
      return
    }
    pendingNumber += 1
    let number = pendingNumber
    pendingMaySkip = unlessUpToDate
    let delay = Task<Void, Never> { _ = try? await Task.sleep(for: .milliseconds(200)) }
    pendingDelay = delay
    pending = Task {
      await delay.value
      await self.runPending(number)
    }
  }

  private func runPending(_ number: Int) async {
    // Superseded: a regeneration ran since this one was scheduled (a sync with --wait). Running
    // anyway would push to CalDAV servers once more, behind the back of a push the user asked.
    guard pending != nil, pendingNumber == number else { return }
    await regenerate(maySkip: pendingMaySkip)
  }

  /// Runs a regeneration that is waiting now rather than after its delay, and returns when it
  /// is done (with what follows it, the CalDAV push asked for). Whoever pushes on the user's
  /// word must push what the store holds now, not what it held before the last sync.
  func finishPendingRegeneration() async {
    guard let pending else { return }
    pendingDelay?.cancel()
    await pending.value
  }

  /// Regenerates at once; one that was waiting is superseded.
  func regenerateNow() async { await regenerate(maySkip: false) }

  private func regenerate(maySkip: Bool) async {
    pending = nil
    pendingDelay?.cancel()
    pendingDelay = nil
    pendingMaySkip = false
    // The feed renders from the same items: whatever changed, its cached calendars are stale.
    feedCache.invalidate()
    await writeFiles(maySkip: maySkip)
    if let after = afterRegeneration.withLock({ $0 }) { await after() }
    // Near the end of the burst a sync starts: its items, rendered calendars and files are
    // freed (the reminder plan may still be running: the trim waits for the burst's last call).
    HeapHygiene.trimSoon()
  }

  private func writeFiles(maySkip: Bool) async {
    guard enabled || vdirEnabled else { return }
    do {
      if enabled {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      }
      let accounts = try await store.accounts()
      let key = CalendarGeneration.key(
        sourceLines: try await store.calendarSourceLines(kinds: settings.eventKinds), accounts: accounts,
        settings: settings, files: enabled, vdir: vdirEnabled)
      if maySkip, let last = CalendarGeneration.read(in: directory), last.holds(key: key, at: Date()),
        filesPresent(for: accounts)
      {
        lastRun = lastRun ?? last.writtenAt
        logger.debug("calendar: the files in \(directory) are up to date (written \(last.writtenAt))")
        return
      }
      var written = 0
      var collections: [VdirWriter.Collection] = []
      // Each event's VEVENT is written once, for its account's file, all.ics and its vdir file
      // (its bytes do not depend on the calendar's name, the one setting in which they differ).
      var everything: [WrittenEvent] = []
      var drafts: [EventDraft] = []
      let asOf = Date()
      for account in accounts {
        // Computed once per account for every output (SEQUENCE needs the store).
        let calendar = try await entries(accountID: account.id, name: account.name)
        let events = calendar.written()
        if enabled, try replace(file: Self.fileName(account.name), with: calendar.assembled(events)) { written += 1 }
        if vdirEnabled { collections.append(.init(folder: account.name, events: events, settings: calendar.settings)) }
        everything += events
        drafts += calendar.drafts.lazy.compactMap { $0 }
      }
      if enabled, try replace(file: "all.ics", with: CalendarWriter.assemble(everything, settings: settings)) {
        written += 1
      }
      if enabled {
        let removed = removeFilesOfGoneAccounts(keeping: accounts)
        if removed > 0 { logger.info("calendar: removed \(removed) file(s) of accounts that are gone in \(directory)") }
      }
      let validUntil = CalendarGeneration.validUntil(drafts, settings: settings, asOf: asOf)
      if written > 0 { logger.info("calendar: rewrote \(written) file(s) in \(directory)") }
      if vdirEnabled {
        let started = ContinuousClock.now
        let vdir = try VdirWriter(root: directory + "/vdir").write(collections)
        if vdir != .init() {
          let elapsed = (ContinuousClock.now - started).components
          let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
          logger.info(
            "calendar: vdir: wrote \(vdir.written) and removed \(vdir.removed) file(s) in \(directory)/vdir (\(milliseconds) ms)"
          )
        }
      }
      // Last, once every file is written: a daemon killed before this writes them all again.
      let now = Date()
      try CalendarGeneration(key: key, validUntil: validUntil, writtenAt: now).write(in: directory)
      lastRun = now
    } catch {
      logger.error("calendar: cannot write the files in \(directory): \(error)")
    }
  }

  /// Deletes the `.ics` files of accounts that are gone (removed or renamed), as the vdir drops
  /// their folders. Only what Outpost wrote goes: a file named as an account's would be, whose
  /// calendar begins with Outpost's PRODID; anything else in the folder stays. Returns how many.
  /// A file that cannot be deleted is reported and left: the vdir and the rest still follow.
  private func removeFilesOfGoneAccounts(keeping accounts: [Account]) -> Int {
    let kept = Set(accounts.map { Self.fileName($0.name) } + ["all.ics"])
    var removed = 0
    for (name, path) in files() where !kept.contains(name) {
      guard AccountValidation.problem(withName: String(name.dropLast(".ics".count))) == nil,
        Self.isOutpostCalendar(at: path)
      else { continue }
      do {
        try FileManager.default.removeItem(atPath: path)
        removed += 1
      } catch {
        logger.warning("calendar: cannot delete \(path), the file of an account that is gone: \(error)")
      }
    }
    return removed
  }

  /// Whether the file at `path` starts as every calendar Outpost writes: `BEGIN:VCALENDAR`, a
  /// version line and Outpost's PRODID (of any version of Outpost).
  static func isOutpostCalendar(at path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 256)) ?? Data()
    return String(decoding: head, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Outpost//")
  }

  /// Whether the files a regeneration writes are all there (someone may have deleted them).
  private func filesPresent(for accounts: [Account]) -> Bool {
    let manager = FileManager.default
    if enabled {
      for name in accounts.map({ Self.fileName($0.name) }) + ["all.ics"]
      where !manager.fileExists(atPath: directory + "/" + name) {
        return false
      }
    }
    if vdirEnabled {
      for account in accounts where !manager.fileExists(atPath: directory + "/vdir/" + account.name) { return false }
    }
    return true
  }

  /// One account's calendar (or every account's when nil), and how many events it holds.
  /// Not isolated to the actor: the feed and `calendar.export` must not wait while the files
  /// are written.
  nonisolated func render(accountID: String?, name: String?) async throws -> (bytes: [UInt8], events: Int) {
    let calendar = try await entries(accountID: accountID, name: name)
    return (calendar.rendered(), calendar.entries.count)
  }

  /// What a calendar is rendered from: its entries with their SEQUENCE and their drafts
  /// (`drafts[i]` is `entries[i]`'s), the settings (named after the account) and the instant that
  /// decides what is past.
  struct Entries {
    var entries: [CalendarEntry]
    var drafts: [EventDraft?]
    var settings: CalendarSettings
    var asOf: Date

    /// Each entry's VEVENT, written once for every file that holds it.
    func written() -> [WrittenEvent] {
      CalendarWriter.writeEvents(entries, drafts: drafts, settings: settings, asOf: asOf)
    }

    func assembled(_ events: [WrittenEvent]) -> [UInt8] { CalendarWriter.assemble(events, settings: settings) }

    /// The calendar alone (the feed, an export): straight into one buffer, without the
    /// per-event copies that `written()` makes for several files.
    func rendered() -> [UInt8] {
      CalendarWriter.render(entries, drafts: drafts, settings: settings, asOf: asOf)
    }
  }

  nonisolated func entries(accountID: String?, name: String?) async throws -> Entries {
    let now = Date()
    // Cancelled games stay (marked) until they are past, then leave the calendar; past events
    // get no alarms (a new subscriber must not be reminded of last month's games).
    // Only the details the events are written from: the others were parsed for nothing.
    var stored = try await store.items(accountID: accountID, detailKeys: Self.detailKeys).filter {
      CalendarWriter.isCalendarItem($0.item, asOf: now, kinds: settings.eventKinds)
    }
    // A kind that declares its calendar lines is described in the calendar's language.
    for index in stored.indices {
      guard let declaration = ConnectorRegistry.itemKind(stored[index].item.kind),
        let text = declaration.calendarDescription(of: stored[index].item, in: settings.language),
        case .object(var details) = stored[index].item.details
      else { continue }
      details["description"] = .string(text)
      stored[index].item.details = .object(details)
    }
    var calendarSettings = settings
    if let name { calendarSettings.name = "\(settings.name) — \(name)" }
    let drafts = CalendarWriter.drafts(of: stored.lazy.map { $0.item }, settings: calendarSettings)
    let digests = Dictionary(
      uniqueKeysWithValues: zip(stored, CalendarWriter.contentDigests(drafts, settings: calendarSettings)).map {
        stored, digest in
        (stored.number, digest ?? CalendarWriter.contentDigest(stored.item, settings: calendarSettings))
      })
    let sequences = try await store.calendarSequences(for: digests)
    let entries = stored.map { stored in
      CalendarEntry(
        uid: CalendarEntry.uid(for: stored.item), sequence: sequences[stored.number] ?? 0, item: stored.item,
        lastModified: stored.updatedAt)
    }
    return Entries(entries: entries, drafts: drafts, settings: calendarSettings, asOf: now)
  }

  /// Writes `bytes` to `file` unless it already holds them, atomically. Returns whether it wrote.
  private func replace(file: String, with bytes: [UInt8]) throws -> Bool {
    try CalendarFileWriter.replace(directory + "/" + file, with: bytes)
  }

  /// The details the events are written from: the calendar's own and those kinds declare.
  static let detailKeys = CalendarWriter.detailKeys.union(ConnectorRegistry.itemKinds.flatMap(\.calendarKeys))

  /// Account names are letters, digits and `._-@` (checked when added): safe as file names.
  static func fileName(_ accountName: String) -> String { accountName + ".ics" }

  func files() -> [(name: String, path: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.sorted().map { ($0, directory + "/" + $0) }
  }
}

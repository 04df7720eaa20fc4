import Foundation
import Logging
import OutpostCalendar
import OutpostConnectors
import OutpostRPC
import OutpostStore

/// Keeps the CalDAV calendars the user chose (`outpost calendar caldav add`) holding Outpost's
/// events. Pushes follow each regeneration of the calendar files (so: after a sync changed
/// items, and at start), one at a time. A server that is down is retried with backoff; one
/// that rejects the credentials is left alone until the user gives them again; what Outpost
/// wrote is saved after every push, also one that failed part way.
actor CalDAVPushService {
  let store: Store
  let vault: KeyringVault
  let calendars: CalendarFiles
  let transport: any HTTPTransport
  let logger: Logger
  /// The longest wait between retries of a server that is down.
  let backoffCap: Duration
  /// Pushes run one after another: each waits for the one before.
  private var tail: Task<Void, Never>?
  /// A push asked for but not started yet: later asks join it.
  private var scheduled: Task<[CalDAVPushSummary], Never>?
  private var retry: Task<Void, Never>?
  /// Pushes in a row in which a server was down: the backoff grows with it.
  private var failedRounds = 0
  /// Calendars being added: their first push is the one `add` runs and reports, so automatic
  /// pushes leave them alone until it has.
  var adding: Set<String> = []

  static let keyringKind = "caldav"

  init(
    store: Store, vault: KeyringVault, calendars: CalendarFiles, transport: any HTTPTransport, logger: Logger,
    backoffCap: Duration = .seconds(3600)
  ) {
    self.store = store
    self.vault = vault
    self.calendars = calendars
    self.transport = transport
    self.logger = logger
    self.backoffCap = backoffCap
  }

  /// After the calendars changed: push every calendar that is not waiting for credentials.
  func pushSoon() {
    _ = schedule(url: nil, automatic: true)
  }

  /// Pushes now (every calendar, or the one at `url`), including calendars waiting for
  /// credentials: the user asked, so they are tried once more.
  func pushNow(url: String? = nil) async -> [CalDAVPushSummary] {
    // Calendar files still to be rewritten after a sync: rewrite them first, so this push
    // carries the store as it is now and no automatic one follows it with the same changes.
    await calendars.finishPendingRegeneration()
    return await schedule(url: url, automatic: false).value
  }

  private func schedule(url: String?, automatic: Bool) -> Task<[CalDAVPushSummary], Never> {
    if automatic, let scheduled { return scheduled }
    let previous = tail
    let task = Task<[CalDAVPushSummary], Never> {
      await previous?.value
      return await self.run(url: url, automatic: automatic)
    }
    if automatic { scheduled = task }
    tail = Task { _ = await task.value }
    return task
  }

  private func run(url: String?, automatic: Bool) async -> [CalDAVPushSummary] {
    if automatic { scheduled = nil }
    let targets: [CalDAVTarget]
    do {
      targets = try await store.caldavTargets().filter { target in
        if let url { return target.url == url }
        return !automatic || (target.status != .needsLogin && !adding.contains(target.url))
      }
    } catch {
      logger.error("calendar: caldav: cannot read the calendars to push into: \(error)")
      return []
    }
    guard !targets.isEmpty else { return [] }
    var summaries: [CalDAVPushSummary] = []
    var serverDown = false
    for target in targets {
      let outcome = await push(target)
      summaries.append(outcome.summary)
      if outcome.status == .retrying { serverDown = true }
    }
    if url == nil { planRetry(serverDown: serverDown) }
    return summaries
  }

  /// After a round: while a server is down, push again after 1, 2, 4 … minutes (up to the cap).
  private func planRetry(serverDown: Bool) {
    retry?.cancel()
    retry = nil
    guard serverDown else {
      failedRounds = 0
      return
    }
    failedRounds += 1
    let delay = min(backoffCap, .seconds(60) * (1 << min(failedRounds - 1, 10)))
    logger.info("calendar: caldav: a server is not reachable; trying again in \(delay.components.seconds) s")
    retry = Task {
      try? await Task.sleep(for: delay)
      guard !Task.isCancelled else { return }
      self.pushSoon()
    }
  }

  /// One calendar: its events as the store has them now, pushed, the state saved.
  func push(_ target: CalDAVTarget) async -> (summary: CalDAVPushSummary, status: CalDAVTarget.Status) {
    var state = Self.decodeState(target.state, url: target.url)
    let result: (summary: CalDAVPushSummary, status: CalDAVTarget.Status, reason: String?)
    do throws(PushFailure) {
      let pusher = CalDAVPusher(client: try await client(for: target))
      let desired = try await desiredEvents(for: target)
      let report: CalDAVPushReport
      do {
        // `state` holds every write that went through, also when this throws part way.
        report = try await pusher.push(desired, state: &state)
      } catch {
        throw .connector(error)
      }
      let summary = Self.summary(report, url: target.url)
      let reason =
        report.errors.isEmpty ? nil : "\(report.errors.count) event(s) could not be written; retried next time"
      result = (summary, .ok, reason)
      if report.changedCalendar || !report.errors.isEmpty {
        logger.info(
          "calendar: caldav: \(target.url): \(summary.created) created, \(summary.updated) updated, \(summary.recreated) put back, \(summary.overwritten) restored, \(summary.deleted) deleted, \(summary.errors.count) failed"
        )
      }
      for problem in report.errors { logger.warning("calendar: caldav: \(problem)") }
    } catch {
      let status: CalDAVTarget.Status
      switch error {
      case .connector(let connectorError): status = Self.status(for: connectorError)
      case .credentialsMissing: status = .needsLogin
      case .keyringLocked, .store: status = .retrying
      }
      result = (CalDAVPushSummary(url: target.url, failure: error.description), status, error.description)
      if target.status != status || target.statusReason != error.description {
        logger.warning("calendar: caldav: cannot push into \(target.url): \(error.description)")
      }
    }
    await save(target, state: state, status: result.status, reason: result.reason, succeeded: result.status == .ok)
    return (result.summary, result.status)
  }

  private func save(
    _ target: CalDAVTarget, state: CalDAVState, status: CalDAVTarget.Status, reason: String?, succeeded: Bool
  ) async {
    do {
      try await store.recordCalDAVPush(
        id: target.id, state: Self.encodeState(state), status: status, reason: reason,
        succeededAt: succeeded ? Date() : nil)
    } catch {
      logger.error("calendar: caldav: cannot save what was pushed into \(target.url): \(error)")
    }
  }

  func client(for target: CalDAVTarget) async throws(PushFailure) -> CalDAVClient {
    let password: SecretString?
    do {
      password = try await vault.secret(for: VaultKey(kind: Self.keyringKind, accountID: target.id))
    } catch .locked {
      throw .keyringLocked
    } catch {
      throw .connector(.unreachable("the keyring cannot be read: \(error)"))
    }
    guard let password else { throw .credentialsMissing }
    do {
      return try CalDAVClient(
        collection: CalDAVCollection(target.url), username: target.username, password: password, transport: transport)
    } catch {
      throw .connector(error)
    }
  }

  /// UID → the bytes of the event, for the target's account (or all accounts).
  func desiredEvents(for target: CalDAVTarget) async throws(PushFailure) -> [String: [UInt8]] {
    do {
      var name: String?
      if let id = target.accountID { name = try await store.accounts().first { $0.id == id }?.name }
      let calendar = try await calendars.entries(accountID: target.accountID, name: name)
      // No `asOf`: a resource's bytes must not change with the clock, or every push rewrites.
      let events = CalendarWriter.writeEvents(
        calendar.entries, drafts: calendar.drafts, settings: calendar.settings, asOf: nil)
      return Dictionary(
        events.map { ($0.uid, CalendarWriter.assembleSingle($0, settings: calendar.settings)) },
        uniquingKeysWith: { first, _ in first })
    } catch {
      throw .store("\(error)")
    }
  }

  /// What can stop a push before or while it talks to the server.
  enum PushFailure: Error, CustomStringConvertible {
    case connector(ConnectorError)
    case credentialsMissing
    case keyringLocked
    case store(String)

    var description: String {
      switch self {
      case .connector(let error): error.description
      case .credentialsMissing:
        "no password in the keyring; give it again with `outpost calendar caldav add URL --username NAME`"
      case .keyringLocked: "the keyring is locked; Outpost pushes again once it is unlocked and items change"
      case .store(let detail): "cannot read the calendars' events: \(detail)"
      }
    }
  }

  static func status(for error: ConnectorError) -> CalDAVTarget.Status {
    if error.isTemporary { return .retrying }
    if case .invalidCredentials = error { return .needsLogin }
    return .error
  }

  static func summary(_ report: CalDAVPushReport, url: String) -> CalDAVPushSummary {
    CalDAVPushSummary(
      url: url, created: report.created.count, updated: report.updated.count, recreated: report.recreated.count,
      overwritten: report.overwritten.count, deleted: report.deleted.count, unchanged: report.unchanged,
      foreign: report.skippedForeign.count, errors: report.errors.map(\.description))
  }

  static func decodeState(_ json: String, url: String) -> CalDAVState {
    (try? JSONDecoder().decode(CalDAVState.self, from: Data(json.utf8))) ?? CalDAVState(collection: url)
  }

  static func encodeState(_ state: CalDAVState) -> String {
    let encoder = JSONEncoder()
    // Sorted: the same state is the same text, which keeps the row unchanged between pushes.
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(state)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}

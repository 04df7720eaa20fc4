import Foundation
import Logging
import OutpostConnectors
import OutpostDesktop
import OutpostModel
import OutpostRPC
import OutpostReminders
import OutpostSnapshot
import OutpostStore

/// Reminders: planned from the items after every change (a moved game moves its reminders, a
/// cancelled one withdraws them), fired exactly once by one timer to the next due reminder,
/// caught up after a suspend (still useful: shown, several grouped; too late: recorded missed).
actor ReminderService {
  let store: Store
  let notifications: NotificationService
  let logger: Logger
  let rules: ReminderRules
  let timeZone: TimeZone
  let language: Language
  let cutoff: Duration
  /// The time, and the sleep to the next due reminder (a test's manual clock).
  let clock: any ReminderClock
  private var scheduler: ReminderScheduler?
  /// The plan running or last run. Plans run one after another in the order asked for, so that
  /// one that read the items earlier never reconciles after one that read them later (two syncs
  /// ending close together asked for two at once).
  private var planning: Task<Void, Never>?

  init(
    store: Store, notifications: NotificationService, logger: Logger, rules: ReminderRules, timeZone: TimeZone,
    language: Language, cutoff: Duration, clock: any ReminderClock = SystemReminderClock()
  ) {
    self.clock = clock
    self.store = store
    self.notifications = notifications
    self.logger = logger
    self.rules = rules
    self.timeZone = timeZone
    self.language = language
    self.cutoff = cutoff
  }

  /// Catches up with what came due while the daemon was not running, plans (unless `planning`
  /// is false: then `planInBackground()` does, later), and arms the timer. The scheduler starts
  /// before the first plan, so reminders of games that ended meanwhile are recorded missed
  /// rather than silently withdrawn.
  func start(planning: Bool = true) async {
    let scheduler = ReminderScheduler(
      store: store, clock: clock, onError: { [logger] error in logger.error("reminders: \(error)") },
      fire: { [weak self] due, catchUp in await self?.fire(due, catchUp: catchUp) })
    self.scheduler = scheduler
    await notifications.onReminderAction { [weak self] notification, action in
      await self?.clicked(notification, action)
    }
    await scheduler.start()
    if planning { planInBackground() }
  }

  /// The first plan runs behind the socket: the daemon answers meanwhile (the plan reads every
  /// item, seconds with 100,000 of them), and every later plan waits for it.
  func planInBackground() {
    _ = enqueuePlan()
  }

  /// After items changed (or the rules): the reminders the rules give them now.
  func replan() async { await enqueuePlan().value }

  private func enqueuePlan() -> Task<Void, Never> {
    let previous = planning
    let next = Task {
      await previous?.value
      await self.planNow()
    }
    planning = next
    return next
  }

  private func planNow() async {
    let started = ContinuousClock.now
    do {
      let accountRules = await loadOverrides().mapValues { $0.applied(to: rules) }
      let result = try await ReminderPlanner.replan(
        in: store, itemNumbers: nil, rules: rules, accountRules: accountRules, timeZone: timeZone, now: clock.now())
      if result.changed {
        logger.info(
          "reminders: \(result.inserted) new, \(result.moved) moved, \(result.rearmed) re-armed (\(result.rearmedAfterTelling) told of before), \(result.withdrawn.count) withdrawn, \(result.alreadyDue) already due when planned (\(started.duration(to: .now)))"
        )
      }
    } catch {
      logger.error("reminders: cannot plan: \(error)")
    }
    await scheduler?.storeChanged()
    // A plan reads every item: hand what it freed back (after the burst's last call).
    HeapHygiene.trimSoon()
  }

  /// After a resume or a jump of the wall clock: look at what came due meanwhile.
  func resumed() async { await scheduler?.resumed() }

  private func fire(_ due: [StoredReminder], catchUp: Bool) async {
    let now = clock.now()
    let decision = CatchUp.decide(due: due, now: now, cutoff: cutoff)
    let labels = TimeLabels(timeZone: timeZone, language: language)
    let language = language
    do {
      let outcome = try await ReminderFiring.record(decision, in: store, at: now) { reminders in
        Self.compose(reminders, now: now, labels: labels, language: language)
      }
      if !outcome.missed.isEmpty {
        logger.notice("reminders: \(outcome.missed.count) missed (too late to be useful after a pause)")
      }
      if let notification = outcome.notification {
        if catchUp { logger.info("reminders: caught up with \(outcome.fired.reminders.count) after a pause") }
        await notifications.deliver(notification)
      }
    } catch {
      logger.error("reminders: cannot record firing: \(error)")
    }
  }

  static func compose(_ reminders: [StoredReminder], now: Date, labels: TimeLabels, language: Language)
    -> NewNotification?
  {
    guard let first = reminders.first else { return nil }
    func line(_ reminder: StoredReminder) -> String {
      let item = reminder.item.item
      return [labels.start(of: item, now: now), item.location].compactMap { $0 }.joined(
        separator: " · ")
    }
    if reminders.count == 1 {
      return NewNotification(
        category: .reminder, accountID: first.item.accountID, itemNumber: first.itemNumber,
        summary: first.item.item.title, body: line(first), link: first.item.item.link)
    }
    let accounts = Set(reminders.map(\.item.accountID))
    return NewNotification(
      category: .reminder, accountID: accounts.count == 1 ? first.item.accountID : nil,
      summary: NotificationText.reminderMany(language, "\(reminders.count)"),
      body: reminders.map { "\($0.item.item.title): \(line($0))" }.joined(separator: "\n"))
  }

  /// Snooze or Dismiss clicked on a reminder's notification.
  private func clicked(_ notification: StoredNotification, _ action: ReminderAction) async {
    let fired = (try? await store.reminders(states: [.fired]))?.filter { $0.notificationID == notification.id } ?? []
    for reminder in fired {
      switch action {
      case .snooze(let minutes):
        _ = try? await store.snoozeReminder(
          number: reminder.number, until: clock.now().addingTimeInterval(Double(minutes) * 60))
      case .dismiss: _ = try? await store.dismissReminder(number: reminder.number)
      case .open: break
      }
    }
    await scheduler?.storeChanged()
  }

  // MARK: RPC

  func list(all: Bool) async throws(RPCError) -> [ReminderInfo] {
    let states: Set<ReminderState>? = all ? nil : [.pending]
    let from = all ? clock.now().addingTimeInterval(-7 * 86_400) : nil
    let reminders: [StoredReminder]
    let names: [String: String]
    do {
      reminders = try await store.reminders(states: states, from: from)
      names = try await store.accounts().reduce(into: [:]) { $0[$1.id] = $1.name }
    } catch {
      throw AccountService.storeFailure(error)
    }
    return reminders.sorted { $0.effectiveDueAt < $1.effectiveDueAt }.map { Self.info($0, names: names) }
  }

  func snooze(number: Int64, duration: String) async throws(RPCError) -> ReminderInfo {
    let interval: Duration
    do { interval = try ReminderDuration.parse(duration) } catch { throw .invalidParams("\(error)") }
    let seconds = Double(interval.components.seconds)
    guard seconds >= 60, seconds <= 7 * 86_400 else {
      throw .invalidParams("snooze for 1 minute to 7 days, not \(duration)")
    }
    let snoozed: StoredReminder?
    do {
      // Later than it would have come: a reminder still to come is put off from its own time,
      // not brought forward to a quarter of an hour from now.
      let now = clock.now()
      var from = now
      if let current = try await store.reminder(number: number), current.state == .pending {
        from = max(now, current.snoozedUntil ?? current.dueAt)
      }
      snoozed = try await store.snoozeReminder(number: number, until: from.addingTimeInterval(seconds))
    } catch .conflict(let detail) {
      throw .actionNotAllowed("reminder \(number) cannot be snoozed (\(detail))")
    } catch {
      throw AccountService.storeFailure(error)
    }
    guard let snoozed else { throw .reminderNotFound(number) }
    await scheduler?.storeChanged()
    return try await info(snoozed)
  }

  func dismiss(number: Int64) async throws(RPCError) -> ReminderInfo {
    let dismissed: StoredReminder?
    do {
      dismissed = try await store.dismissReminder(number: number)
    } catch {
      throw AccountService.storeFailure(error)
    }
    guard let dismissed else { throw .reminderNotFound(number) }
    await scheduler?.storeChanged()
    return try await info(dismissed)
  }

  private func info(_ reminder: StoredReminder) async throws(RPCError) -> ReminderInfo {
    let names: [String: String]
    do { names = try await store.accounts().reduce(into: [:]) { $0[$1.id] = $1.name } } catch {
      throw AccountService.storeFailure(error)
    }
    return Self.info(reminder, names: names)
  }

  static func info(_ reminder: StoredReminder, names: [String: String]) -> ReminderInfo {
    ReminderInfo(
      number: reminder.number, item: reminder.itemNumber, title: reminder.item.item.title,
      startsAt: reminder.item.item.startsAt, account: names[reminder.item.accountID] ?? reminder.item.accountID,
      rule: reminder.rule, dueAt: reminder.dueAt, snoozedUntil: reminder.snoozedUntil,
      state: reminder.state.rawValue,
      ruleLabel: ReminderRuleKind.deadlineName(of: reminder.rule).flatMap {
        ConnectorRegistry.itemKind(reminder.item.item.kind)?.deadlineLabel($0)
      }, allDay: reminder.item.item.details["allDay"] == .bool(true) ? true : nil)
  }
}

import Foundation
import Logging
import OutpostConnectors
import OutpostDesktop
import OutpostModel
import OutpostStore

/// The notification centre: every notification is stored first (read/unread, listed by
/// `outpost notifications`), then shown on the desktop through `org.freedesktop.Notifications`
/// unless quiet hours or the user's preferences say otherwise. Without a notification server
/// nothing is lost: the notification stays in the centre as `unavailable`, `outpost status`
/// says so, and recent ones are shown once a server appears.
actor NotificationService {
  let store: Store
  let events: EventHub
  let logger: Logger
  let language: Language
  let timeZone: TimeZone
  /// Nil when desktop notifications are off (`notifications.desktop = false`).
  let notifier: (any DesktopShowing)?
  private(set) var preferences: NotificationPreferences
  /// Whether the server answered at the last try (nil: not tried yet).
  private(set) var available: Bool?
  private(set) var serverName: String?
  private var capabilities: Set<String>?
  /// What a click on Snooze or Dismiss of a reminder does (the reminder service's).
  private var reminderAction: (@Sendable (StoredNotification, ReminderAction) async -> Void)?
  private var itemAction: (@Sendable (StoredNotification, ActionType, [String: JSONValue]) async -> Void)?
  /// Read on the phone is read here, and the other way round (a service's own centre).
  let readMirror: NotificationReadMirror
  /// What else a read here does (the service's twins marked read there): set by the daemon.
  private var readHandler: (@Sendable ([StoredNotification]) async -> Void)?
  private var listening: Task<Void, Never>?
  /// Runs an `outpost …` command (its words) in a terminal, for a button that runs one (a
  /// test's recorder).
  let runInTerminal: @Sendable ([String]) -> Void

  init(
    store: Store, events: EventHub, logger: Logger, language: Language, timeZone: TimeZone,
    notifier: (any DesktopShowing)?, preferences: NotificationPreferences,
    runInTerminal: (@Sendable ([String]) -> Void)? = nil
  ) {
    self.runInTerminal = runInTerminal ?? { [logger] words in Self.runInTerminal(words, logger: logger) }
    self.store = store
    self.events = events
    self.logger = logger
    self.language = language
    self.timeZone = timeZone
    self.notifier = notifier
    self.preferences = preferences
    readMirror = NotificationReadMirror(store: store, logger: logger)
  }

  func onReminderAction(_ handler: @escaping @Sendable (StoredNotification, ReminderAction) async -> Void) {
    reminderAction = handler
  }

  /// What queues a connector's action on a notification's item (a declared button, the kind's
  /// `openAction`): set by the daemon, which owns the action queue.
  func onItemAction(
    _ handler: @escaping @Sendable (StoredNotification, ActionType, [String: JSONValue]) async -> Void
  ) {
    itemAction = handler
  }

  /// What follows a notification read here (`NotificationReadMirror`): set by the daemon,
  /// which owns the action queue.
  func onRead(_ handler: @escaping @Sendable ([StoredNotification]) async -> Void) {
    readHandler = handler
  }

  /// Marks `ids` (nil: every unread one) read, and tells the services whose own centres hold
  /// the same news; returns how many were unread.
  @discardableResult
  func markRead(ids: [Int64]?, at time: Date = Date()) async throws(StoreError) -> Int {
    let unread = try await store.notifications(unreadOnly: true, limit: 10_000).filter { notification in
      ids?.contains(notification.id) ?? true
    }
    let marked = try await store.markNotificationsRead(ids: ids, at: time)
    if marked > 0, !unread.isEmpty {
      await closeOnDesktop(ids: unread.map(\.id))
      if let readHandler { await readHandler(unread) }
    }
    return marked
  }

  /// Takes notifications read elsewhere (on the phone, or by `outpost notifications read`) off
  /// the screen where the server still shows them, as a phone clears what was read on another
  /// device. A server that has already let them go answers nothing worth telling.
  func closeOnDesktop(ids: [Int64]) async {
    guard let notifier, !ids.isEmpty else { return }
    for id in ids {
      guard let shown = try? await store.notification(id: id), shown.delivery == .shown, let desktopID = shown.desktopID
      else { continue }
      try? await notifier.close(id: desktopID)
    }
  }

  /// Loads the preferences the user changed at run time and starts following the server's
  /// signals (clicks, closes, the server coming and going). Before the socket is served: a
  /// request must find the user's preferences, not the defaults.
  func start() async {
    if let saved = try? await store.metaValue(NotificationPreferences.metaKey),
      let decoded = try? JSONDecoder().decode(NotificationPreferences.self, from: Data(saved.utf8))
    {
      preferences = decoded
    }
    guard let notifier, listening == nil else { return }
    listening = Task { [weak self] in
      for await signal in notifier.events { await self?.handle(signal) }
    }
  }

  /// Asks the bus whether a notification server is there, and shows what waited for one. After
  /// the socket is served: its round trips were 1.5 to 2 ms of a socket-activated start, the
  /// client waiting (docs/performance.md). Until then `available` is nil (not tried), and a
  /// notification shown meanwhile connects on its own.
  func connectToDesktop() async {
    guard let notifier else { return }
    do {
      let present = try await notifier.connect()
      await serverChanged(present: present)
    } catch {
      setAvailable(false, reason: "\(error)")
    }
  }

  /// Stores `notification` and shows it; nil when it was a duplicate (same dedupe key).
  @discardableResult
  func post(_ notification: NewNotification) async -> StoredNotification? {
    let stored: StoredNotification?
    do {
      stored = try await store.addNotification(notification, at: Date())
    } catch {
      logger.error("notifications: cannot store \"\(notification.summary)\": \(error)")
      return nil
    }
    guard var stored else { return nil }
    // Read on the phone before this desktop heard of it: kept, read, and not shown.
    if await readMirror.readAtService(stored) {
      let now = Date()
      if (try? await store.markNotificationsRead(ids: [stored.id], at: now)) != nil { stored.readAt = now }
      await record(stored, (.suppressed, nil))
      return stored
    }
    await deliver(stored)
    return stored
  }

  /// Shows a stored notification (or records why not), and tells event subscribers.
  func deliver(_ notification: StoredNotification) async {
    await record(notification, await show(notification))
  }

  /// Records how the desktop took it, and tells event subscribers.
  private func record(_ notification: StoredNotification, _ delivery: (NotificationDelivery, UInt32?)) async {
    do {
      try await store.setNotificationDelivery(id: notification.id, delivery.0, desktopID: delivery.1)
    } catch {
      logger.error("notifications: cannot record the delivery of #\(notification.id): \(error)")
    }
    _ = try? await events.publish(
      OutpostEventType.notificationDidAdd,
      [
        "id": .int(notification.id), "category": .string(notification.category.rawValue),
        "summary": .string(notification.summary), "delivery": .string(delivery.0.rawValue),
      ])
  }

  /// The account's own setting of this category at its service (mirrored in an item whose
  /// kind declares `categorySwitches`, an Agile Network brand's toggles); nil when its service
  /// has none. Where there is one it is the one setting: this desktop's switches for the
  /// category do not hold it back besides (turned on with `agile notifications`, it shows).
  private func settingAtTheService(_ notification: StoredNotification) async -> Bool? {
    guard let accountID = notification.accountID else { return nil }
    let category = notification.category.rawValue
    let switching = ConnectorRegistry.itemKinds.filter { $0.categorySwitches.values.contains(category) }
    guard !switching.isEmpty,
      let items = try? await store.items(accountID: accountID, kinds: switching.map(\.kind))
    else { return nil }
    for declaration in switching {
      guard let settings = items.first(where: { $0.item.kind == declaration.kind })?.item else { continue }
      for (detail, switched) in declaration.categorySwitches where switched == category {
        return settings.details[detail] != .bool(false)
      }
    }
    return nil
  }

  private func show(_ notification: StoredNotification) async -> (NotificationDelivery, UInt32?) {
    if let atService = await settingAtTheService(notification) {
      guard atService, !preferences.isQuiet(at: Date(), timeZone: timeZone) else { return (.suppressed, nil) }
    } else {
      guard
        preferences.shows(notification.category, accountID: notification.accountID, at: Date(), timeZone: timeZone)
      else { return (.suppressed, nil) }
    }
    guard let notifier else { return (.suppressed, nil) }
    let reminder = notification.category == .reminder
    let actions = await actions(for: notification)
    var desktop = DesktopNotification(
      replacesID: await replaced(by: notification), icon: "x-office-calendar", summary: notification.summary,
      body: notification.body, actions: actions,
      urgency: notification.category == .needsLogin || notification.category == .actionFailed ? .critical : .normal,
      category: reminder ? "x-outpost.reminder" : "x-outpost.\(notification.category.rawValue)",
      desktopEntry: "outpost-open", resident: false)
    do {
      let capabilities = try await serverCapabilities(notifier)
      var commands: [String: String] = [:]
      if let link = notification.link {
        commands[ReminderAction.open.key] = NotificationText.foldedOpen(language, "outpost open \(link)")
      }
      if reminder {
        commands[ReminderAction.snooze(minutes: 15).key] = NotificationText.foldedSnooze(
          language, "outpost reminders snooze ID 15m")
      }
      desktop = desktop.prepared(for: capabilities, commands: commands)
      let id = try await notifier.notify(desktop)
      setAvailable(true, reason: nil)
      return (.shown, id)
    } catch {
      setAvailable(false, reason: "\(error)")
      return (.unavailable, nil)
    }
  }

  /// The buttons a notification shows: Open (named by the news when it names it, "Open
  /// photos"), the kind's declared buttons, and a reminder's Snooze and Dismiss.
  func actions(for notification: StoredNotification) async -> [DesktopNotification.Action] {
    let reminder = notification.category == .reminder
    let declaration = await declaration(of: notification)
    let buttons = declaration?.notificationButtons ?? []
    // The service's own snooze (seen on the phone too) replaces the local ones.
    let ownSnooze = buttons.contains { $0.key.hasPrefix("snooze") }
    // The news may name its Open button ("Open photos").
    let openLabel = declaration?.announcements.first {
      $0.category == notification.category.rawValue && $0.openLabel != nil
    }?.openLabel?[language]
    var actions: [DesktopNotification.Action] = []
    if notification.link != nil {
      actions.append(.init(key: ReminderAction.open.key, label: openLabel ?? label(.open)))
    }
    for button in buttons { actions.append(.init(key: button.desktopKey, label: button.label[language])) }
    if reminder {
      for action in ReminderAction.standard where action != .open {
        if case .snooze = action, ownSnooze { continue }
        actions.append(.init(key: action.key, label: label(action)))
      }
    }
    return actions
  }

  /// The desktop id of an earlier notification about the same item and category that is still
  /// up: the new one replaces it instead of stacking (a game moved twice, a snoozed reminder).
  private func replaced(by notification: StoredNotification) async -> UInt32 {
    guard let item = notification.itemNumber else { return 0 }
    let recent = (try? await store.notifications(category: notification.category, limit: 20)) ?? []
    return recent.first { $0.id != notification.id && $0.itemNumber == item && $0.desktopID != nil }?.desktopID ?? 0
  }

  private func serverCapabilities(_ notifier: any DesktopShowing) async throws -> Set<String> {
    if let capabilities { return capabilities }
    let fetched = try await notifier.capabilities()
    capabilities = fetched
    return fetched
  }

  private func label(_ action: ReminderAction) -> String {
    switch action {
    case .open: NotificationText.actionOpen(language)
    case .snooze(let minutes) where minutes == 60: NotificationText.actionSnoozeHour(language)
    case .snooze(let minutes): NotificationText.actionSnoozeMinutes(language, "\(minutes)")
    case .dismiss: NotificationText.actionDismiss(language)
    }
  }

  /// The declaration of the kind of item a notification is about, if it is about one.
  private func declaration(of notification: StoredNotification) async -> ItemKindDeclaration? {
    guard let number = notification.itemNumber, let item = try? await store.item(number: number) else { return nil }
    return ConnectorRegistry.itemKind(item.item.kind)
  }

  func handle(_ signal: NotificationSignal) async {
    switch signal {
    case .actionInvoked(let id, let key):
      guard let notification = try? await store.notification(desktopID: id) else { return }
      if let buttonKey = NotificationButton.key(fromDesktopKey: key) {
        guard
          let button = await declaration(of: notification)?.notificationButtons.first(where: { $0.key == buttonKey })
        else { return }
        logger.info("notifications: \(buttonKey) on #\(notification.id) \"\(notification.summary)\"")
        _ = try? await markRead(ids: [notification.id])
        if let action = button.action {
          await itemAction?(notification, action, button.params)
        } else if button.command != nil {
          guard let number = notification.itemNumber, let item = try? await store.item(number: number),
            let words = button.commandLine(for: item.item)
          else {
            logger.warning("notifications: \(buttonKey) on #\(notification.id): no plain command for the item")
            return
          }
          runInTerminal(words)
        }
        return
      }
      guard let action = ReminderAction(key: key) else { return }
      logger.info("notifications: \(key) on #\(notification.id) \"\(notification.summary)\"")
      _ = try? await markRead(ids: [notification.id])
      switch action {
      case .open:
        if let link = notification.link { Self.open(link, logger: logger) }
        if let opened = await declaration(of: notification)?.openAction {
          await itemAction?(notification, opened, [:])
        }
      case .snooze, .dismiss: await reminderAction?(notification, action)
      }
    case .closed: break
    case .serverAppeared: await serverChanged(present: true)
    case .serverVanished:
      capabilities = nil
      setAvailable(false, reason: "the notification server left the session bus")
    case .busDisconnected:
      capabilities = nil
      setAvailable(false, reason: "the session bus connection was lost")
    }
  }

  /// A server is there (again): say so, and show what could not be shown meanwhile (recent
  /// ones only: an hours-old "moved" notification is stale news; the centre keeps them all).
  private func serverChanged(present: Bool) async {
    guard present, let notifier else {
      setAvailable(false, reason: "no notification server on the session bus")
      return
    }
    capabilities = nil
    serverName = (try? await notifier.serverInformation()).map { "\($0.name) (\($0.vendor))" }
    setAvailable(true, reason: nil)
    let cutoff = Date().addingTimeInterval(-6 * 3600)
    let waiting = ((try? await store.pendingDeliveries()) ?? []).filter { $0.createdAt > cutoff }
    for notification in waiting.suffix(5) { await deliver(notification) }
  }

  private func setAvailable(_ now: Bool, reason: String?) {
    if available != now {
      if now {
        logger.info("notifications: shown on the desktop\(serverName.map { " by \($0)" } ?? "")")
      } else {
        logger.warning(
          "notifications: cannot be shown (\(reason ?? "unknown")); they are kept, see `outpost notifications`")
      }
    }
    available = now
  }

  /// Changes the preferences and keeps them.
  func update(_ change: (inout NotificationPreferences) -> Void) async throws(StoreError) -> NotificationPreferences {
    var updated = preferences
    change(&updated)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: (try? encoder.encode(updated)) ?? Data("{}".utf8), as: UTF8.self)
    try await store.setMetaValue(NotificationPreferences.metaKey, text)
    preferences = updated
    return updated
  }

  /// Runs `words` in the user's terminal: `$TERMINAL -e …` when set, else the Debian
  /// alternative `x-terminal-emulator -e …`. The words are passed as arguments, never through a
  /// shell.
  nonisolated static func runInTerminal(_ words: [String], logger: Logger) {
    let terminal = ProcessInfo.processInfo.environment["TERMINAL"].flatMap { $0.isEmpty ? nil : $0 }
    spawn([terminal ?? "x-terminal-emulator", "-e"] + words, logger: logger)
  }

  /// Opens a link the way the desktop does (the `.desktop` handler turns `volleykit://` and
  /// `outpost://` into `outpost open`).
  nonisolated static func open(_ link: String, logger: Logger) {
    spawn(["xdg-open", link], logger: logger)
  }

  /// Starts `arguments` (a program found on PATH and its arguments) and reaps it off the actor.
  nonisolated static func spawn(_ arguments: [String], logger: Logger) {
    var pid = pid_t()
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawnp(&pid, arguments[0], nil, nil, &argv, environ)
    guard spawned == 0 else {
      logger.warning(
        "notifications: cannot run \(arguments.joined(separator: " ")): \(String(cString: strerror(spawned)))")
      return
    }
    // Reaped off the actor: xdg-open may wait for the browser to start.
    let child = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      _ = waitpid(child, &status, 0)
    }
  }
}

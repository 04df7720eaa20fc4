import Foundation
import OutpostDesktop
import Testing

/// End to end on a private session bus, against Tests/Support/notification-server.py (which
/// records every call and clicks actions on request). Serialized: each test starts a bus and a
/// Python server, and the machine is small.
@Suite(.serialized, .offThePool, .timeLimit(.minutes(3)))
struct DesktopBusTests {
  static let reminder = DesktopNotification(
    appName: "Outpost", icon: "appointment-soon", summary: "Standup in 10 min", body: "Room 4 & video",
    actions: ReminderAction.standard.map(\.action), urgency: .critical, category: "x-outpost.reminder",
    desktopEntry: "outpost", expireTimeout: 0, resident: true)

  @Test func notifyIsRecordedExactlyWithActionsUrgencyAndHints() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus)
    let notifier = DesktopNotifier(busAddress: bus.address)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    let id = try await notifier.notify(Self.reminder)
    #expect(id > 0)
    let records = try server.notifyRecords()
    #expect(
      records == [
        ServerRecord(
          method: "Notify", appName: "Outpost", replacesID: 0, id: id, appIcon: "appointment-soon",
          summary: "Standup in 10 min", body: "Room 4 & video",
          actions: [
            "open", "Open", "snooze-5", "Snooze 5 min", "snooze-15", "Snooze 15 min", "snooze-60", "Snooze 1 h",
            "dismiss", "Dismiss",
          ],
          hints: .init(urgency: 2, category: "x-outpost.reminder", desktopEntry: "outpost", resident: true),
          expireTimeout: 0)
      ])
  }

  @Test func replacesIDUpdatesInsteadOfStacking() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus)
    let notifier = DesktopNotifier(busAddress: bus.address)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    let first = try await notifier.notify(DesktopNotification(summary: "Sync failed", urgency: .low))
    var update = DesktopNotification(summary: "Sync failed (2 accounts)", urgency: .low)
    update.replacesID = first
    let second = try await notifier.notify(update)
    let other = try await notifier.notify(DesktopNotification(summary: "Another"))
    #expect(second == first)
    #expect(other != first)
    let records = try server.notifyRecords()
    #expect(records.map(\.replacesID) == [0, first, 0])
    #expect(records.map(\.id) == [first, first, other])
    #expect(records.map { $0.hints?.urgency } == [0, 0, 1])
    #expect(records[0].hints == .init(urgency: 0))
  }

  @Test func capabilitiesAndServerInformation() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus)
    let notifier = DesktopNotifier(busAddress: bus.address)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    #expect(try await notifier.connect() == true)
    #expect(try await notifier.capabilities() == ["actions", "body", "body-markup", "icon-static", "persistence"])
    #expect(
      try await notifier.serverInformation()
        == NotificationServerInformation(
          name: "outpost-test-notifications", vendor: "Outpost", version: "1.0", specVersion: "1.2"))
  }

  @Test func serverWithoutActionsGetsTheActionsInTheBody() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus, arguments: ["--no-actions"])
    let notifier = DesktopNotifier(busAddress: bus.address)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    let capabilities = try await notifier.capabilities()
    #expect(capabilities == ["body", "body-markup", "icon-static", "persistence"])
    let commands = ["open": "outpost open 42", "snooze-15": "outpost snooze 42 15m"]
    _ = try await notifier.notify(Self.reminder.prepared(for: capabilities, commands: commands))
    let record = try #require(try server.notifyRecords().first)
    #expect(record.actions == [])
    #expect(record.body == "Room 4 &amp; video\nOpen: outpost open 42\nSnooze 15 min: outpost snooze 42 15m")
  }

  @Test func clickingAnActionArrivesAsActionInvokedThenClosed() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus)
    let notifier = DesktopNotifier(busAddress: bus.address)
    let events = EventRecorder(notifier.events)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    // Another application's notification, clicked first: not ours, so not passed on.
    let foreign = try runCommand(
      "/usr/bin/gdbus",
      [
        "call", "--address", bus.address, "--dest", "org.freedesktop.Notifications", "--object-path",
        "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify", "'other'", "uint32 0",
        "''", "'x'", "''", "@as []", "@a{sv} {}", "int32 -1",
      ], environment: bus.environment)
    #expect(foreign.status == 0)
    let id = try await notifier.notify(Self.reminder)
    try server.click(1, "open")
    try server.click(id, ReminderAction.snooze(minutes: 15).key)
    let clicked = try await events.first { if case .actionInvoked = $0 { true } else { false } }
    #expect(clicked == .actionInvoked(id: id, actionKey: "snooze-15"))
    _ = try await events.first { $0 == .closed(id: id, reason: 2) }
    #expect(ReminderAction(key: "snooze-15") == .snooze(minutes: 15))
    #expect(!events.events.contains(.actionInvoked(id: 1, actionKey: "open")))
  }

  @Test func closeNotificationIsSentAndSignalled() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus)
    let notifier = DesktopNotifier(busAddress: bus.address)
    let events = EventRecorder(notifier.events)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    let id = try await notifier.notify(DesktopNotification(summary: "Soon"))
    try await notifier.close(id: id)
    _ = try await events.first { $0 == .closed(id: id, reason: 3) }
    #expect(try server.records().map(\.method) == ["Notify", "CloseNotification"])
    #expect(try server.records().last?.id == id)
  }

  @Test func noServerOnTheBusIsServerUnavailableAtOnce() async throws {
    let bus = try PrivateBus()
    let notifier = DesktopNotifier(busAddress: bus.address)
    defer {
      notifier.shutdown()
      bus.stop()
    }
    #expect(try await notifier.connect() == false)
    let started = ContinuousClock.now
    await #expect(throws: DesktopBusError.serverUnavailable) {
      try await notifier.notify(DesktopNotification(summary: "Lost?"))
    }
    await #expect(throws: DesktopBusError.serverUnavailable) { try await notifier.capabilities() }
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test func noBusAtAllIsBusUnavailable() async throws {
    let directory = TestDirectory("nobus")
    let address = "unix:path=\(directory.file("missing"))"
    let notifier = DesktopNotifier(busAddress: address)
    defer { notifier.shutdown() }
    do {
      _ = try await notifier.notify(DesktopNotification(summary: "Nowhere"))
      Issue.record("notify without a bus succeeded")
    } catch {
      guard case .busUnavailable(.address(address), let reason) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(reason == "no bus socket at that address")
      #expect(error.description.contains(address))
    }
  }

  @Test func serverStartedAfterTheNotifierAppearsAndThenWorks() async throws {
    let bus = try PrivateBus()
    let notifier = DesktopNotifier(busAddress: bus.address)
    let events = EventRecorder(notifier.events)
    defer {
      notifier.shutdown()
      bus.stop()
    }
    #expect(try await notifier.connect() == false)
    let server = try NotificationServer(on: bus)
    _ = try await events.first { $0 == .serverAppeared }
    let id = try await notifier.notify(DesktopNotification(summary: "Now you see me"))
    #expect(try server.notifyRecords().map(\.id) == [id])
    server.stop()
    _ = try await events.first { $0 == .serverVanished }
    await #expect(throws: DesktopBusError.serverUnavailable) {
      try await notifier.notify(DesktopNotification(summary: "Gone"))
    }
  }

  @Test func aLostBusIsReportedAndTheNextCallReconnects() async throws {
    let bus = try PrivateBus()
    // Without the guid: a restarted dbus-daemon has a new one, and sd-bus refuses a bus whose
    // guid differs from the address's (EPERM).
    let notifier = DesktopNotifier(busAddress: "unix:path=\(bus.directory.file("bus"))")
    let events = EventRecorder(notifier.events)
    defer {
      notifier.shutdown()
      bus.stop()
    }
    #expect(try await notifier.connect() == false)
    bus.stop()
    _ = try await events.first { $0 == .busDisconnected }
    try bus.start()
    let server = try NotificationServer(on: bus)
    defer { server.stop() }
    let id = try await notifier.notify(DesktopNotification(summary: "Back"))
    #expect(try server.notifyRecords().map(\.id) == [id])
    // The subscriptions came back with the connection.
    try server.click(id, "open")
    _ = try await events.first { $0 == .actionInvoked(id: id, actionKey: "open") }
  }

  @Test func anIdleConnectionCostsNoWakeups() async throws {
    let bus = try PrivateBus()
    let server = try NotificationServer(on: bus)
    let notifier = DesktopNotifier(busAddress: bus.address)
    defer {
      notifier.shutdown()
      server.stop()
      bus.stop()
    }
    _ = try await notifier.notify(DesktopNotification(summary: "Then silence"))
    try await Task.sleep(for: .milliseconds(500))
    let before = try #require(Self.contextSwitches(ofThreadsNamed: "outpost.notific"))
    try await Task.sleep(for: .seconds(3))
    let after = try #require(Self.contextSwitches(ofThreadsNamed: "outpost.notific"))
    #expect(after == before, "the bus thread woke up \(after - before) times while idle")
    // The count is real: work wakes the thread.
    _ = try await notifier.notify(DesktopNotification(summary: "Awake"))
    let busy = try #require(Self.contextSwitches(ofThreadsNamed: "outpost.notific"))
    #expect(busy > after)
  }

  @Test func sleepWatcherPassesOnPrepareForSleep() async throws {
    let bus = try PrivateBus()
    let watcher = SleepWatcher(busAddress: bus.address)
    let events = EventRecorder(watcher.events)
    #expect(try await watcher.start() == false)
    let logind = try NotificationServer(on: bus, arguments: ["--logind"])
    defer {
      watcher.shutdown()
      logind.stop()
      bus.stop()
    }
    #expect(try await watcher.start() == true)
    try logind.control("PrepareForSleep", ["boolean:true"])
    try logind.control("PrepareForSleep", ["boolean:false"])
    _ = try await events.first { $0 == .didResume }
    #expect(events.events == [.willSleep, .didResume])
    // A signal with logind's path and interface from someone who is not logind is ignored.
    let fake = try runCommand(
      "/usr/bin/dbus-send",
      [
        "--bus=\(bus.address)", "--type=signal", "/org/freedesktop/login1",
        "org.freedesktop.login1.Manager.PrepareForSleep", "boolean:true",
      ], environment: bus.environment)
    #expect(fake.status == 0)
    try logind.control("PrepareForSleep", ["boolean:false"])
    try await events.waitUntil(count: 3)
    #expect(events.events == [.willSleep, .didResume, .didResume])
  }

  @Test func sleepWatcherWithoutABusSaysSo() async throws {
    let directory = TestDirectory("nosys")
    let watcher = SleepWatcher(busAddress: "unix:path=\(directory.file("system_bus_socket"))")
    defer { watcher.shutdown() }
    await #expect(throws: DesktopBusError.self) { try await watcher.start() }
    do {
      try await watcher.start()
    } catch {
      guard case .busUnavailable = error else {
        Issue.record("unexpected error \(error)")
        return
      }
    }
  }

  @Test func shutdownFinishesTheEventsAndFailsLaterCalls() async throws {
    let bus = try PrivateBus()
    let notifier = DesktopNotifier(busAddress: bus.address)
    let events = EventRecorder(notifier.events)
    defer { bus.stop() }
    _ = try await notifier.connect()
    notifier.shutdown()
    await #expect(throws: DesktopBusError.shutDown) { try await notifier.capabilities() }
    let deadline = ContinuousClock.now + .seconds(30)
    while !events.isFinished && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(events.isFinished)
  }

  /// Voluntary plus involuntary context switches of this process's threads with that name.
  static func contextSwitches(ofThreadsNamed name: String) -> Int? {
    guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
    var total: Int?
    for task in tasks {
      guard let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
        comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
        let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8)
      else { continue }
      for line in status.split(separator: "\n") {
        let parts = line.split(separator: ":")
        guard parts.count == 2, parts[0].hasSuffix("ctxt_switches"),
          let count = Int(parts[1].trimmingCharacters(in: .whitespaces))
        else { continue }
        total = (total ?? 0) + count
      }
    }
    return total
  }
}

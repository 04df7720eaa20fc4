import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// ViiRaa's notifications, through a real daemon and the test notification server: a coach's
/// reminder offers Done and the service's own snooze (not the local ones), and Done pressed on
/// it is sent to ViiRaa; an insight opened from its notification is marked read there.
extension EndToEnd.ViiRaa {
  func mutate(_ sandbox: SandboxProcess, _ body: [String: JSONValue]) async throws -> JSONValue {
    var object = body
    object["service"] = "viiraa"
    object["email"] = .string(Self.email)
    return try await sandbox.sharedAdmin("POST", "mutate", .object(object))
  }

  /// Syncs until `done` holds of the account's items (the engine also syncs by itself after an
  /// action is queued; this only makes sure one more round happened).
  func syncUntil(_ daemon: DaemonProcess, _ done: ([ListedItem]) -> Bool) async throws -> Bool {
    for _ in 0..<60 {
      _ = try cli(daemon, ["sync", "--wait"])
      if done(try daemon.client().call(ItemsList.self, .init(service: "viiraa")).items) { return true }
      try await Task.sleep(for: .milliseconds(250))
    }
    return false
  }

  @Test func aRemindersDoneAndAnInsightsOpenFromTheNotificationReachTheService() async throws {
    let keyring = try KeyringSession.shared.get()
    let directory = TemporaryDirectory("viiraa-notifications")
    let server = try EndToEnd.Notifications.NotificationServer(directory: directory, address: keyring.address)
    let sandbox = try SandboxProcess(arguments: ["--service", "viiraa", "--viiraa-history-days", "1"])
    let daemon = try DaemonProcess(environment: ["DBUS_SYSTEM_BUS_ADDRESS": keyring.address])
    try daemon.start()
    #expect(try add(daemon, sandbox, password: "demo-viiraa-2026").status == 0)
    #expect(try cli(daemon, ["sync", "--wait"]).status == 0)

    // The coach sets a reminder for a few seconds from now and publishes an insight.
    let title = "Drink a glass of water"
    let starts = Date().addingTimeInterval(12)
    _ = try await mutate(
      sandbox, ["op": "add-reminder", "title": .string(title), "startsAt": .string(UTCTimestamp.format(starts))])
    _ = try await mutate(sandbox, ["op": "publish-insight", "title": "Great week in range"])
    #expect(try cli(daemon, ["sync", "--wait"]).status == 0)

    let reminder = try #require(
      await server.waitForNotify(summary: title, timeout: .seconds(60)), "\(daemon.log.suffix(3000))")
    let actions = reminder["actions"] as? [String] ?? []
    #expect(actions.contains("item-done") && actions.contains("item-snooze-30") && actions.contains("dismiss"))
    #expect(!actions.contains("snooze-5"), "\(actions)")
    let labels = stride(from: 1, to: actions.count, by: 2).map { actions[$0] }
    #expect(labels.contains("Done") && labels.contains("Snooze 30 min"), "\(labels)")
    let reminderID = try #require(reminder["id"] as? Int)
    try server.control("Click", ["uint32:\(reminderID)", "string:item-done"])
    let done = try await syncUntil(daemon) { items in
      items.contains { $0.item.kind == .coachingReminder && $0.item.title == title && $0.item.status == .closed }
    }
    #expect(done, "\(daemon.log.suffix(3000))")

    let insight = try #require(
      await server.waitForNotify(summary: "New insight: Great week in range"), "\(daemon.log.suffix(3000))")
    #expect((insight["actions"] as? [String] ?? []).contains("open"))
    #expect(insight["body"] as? String == "From your ViiRaa coach.", "\(insight)")
    let insightID = try #require(insight["id"] as? Int)
    try server.control("Click", ["uint32:\(insightID)", "string:open"])
    let read = try await syncUntil(daemon) { items in
      items.contains { $0.item.kind == .insight && $0.item.title == "Great week in range" && $0.item.status == .closed }
    }
    #expect(read, "\(daemon.log.suffix(3000))")
    let queue = try daemon.client().call(ActionsList.self, .init(states: [.pending, .running, .conflict]))
    #expect(queue.actions.isEmpty, "\(queue.actions.map { "\($0.type.rawValue) \($0.state)" })")
    withExtendedLifetime(server) {}
  }
}

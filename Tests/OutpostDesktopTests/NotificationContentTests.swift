import OutpostDesktop
import Testing

@Test func stderrIsNotTheJournalWithoutJournalStream() {
  #expect(Systemd.stderrIsJournal(environment: [:]) == false)
}

@Test func reminderActionsHaveStableKeysAndLabels() {
  #expect(ReminderAction.standard.map(\.key) == ["open", "snooze-5", "snooze-15", "snooze-60", "dismiss"])
  #expect(ReminderAction.standard.map(\.label) == ["Open", "Snooze 5 min", "Snooze 15 min", "Snooze 1 h", "Dismiss"])
  for action in ReminderAction.standard { #expect(ReminderAction(key: action.key) == action) }
  #expect(ReminderAction(key: "default") == .open)
  #expect(ReminderAction(key: "snooze-0") == nil)
  #expect(ReminderAction(key: "snooze-x") == nil)
  #expect(ReminderAction(key: "other") == nil)
}

@Test func hintsCarryUrgencyAsAByteAndOnlyTheFlagsThatAreSet() {
  var notification = DesktopNotification(summary: "s")
  #expect(notification.hints.map(\.0) == ["urgency"])
  #expect(notification.hints.first?.1 == .byte(1))
  notification.urgency = .critical
  notification.category = "x-outpost.reminder"
  notification.desktopEntry = "outpost"
  notification.resident = true
  notification.transient = true
  #expect(notification.hints.map(\.0) == ["urgency", "category", "desktop-entry", "resident", "transient"])
  #expect(
    notification.hints.map(\.1) == [
      .byte(2), .string("x-outpost.reminder"), .string("outpost"), .boolean(true), .boolean(true),
    ])
}

@Test func actionsFoldIntoTheBodyWhenTheServerCannotShowThem() {
  let notification = DesktopNotification(
    summary: "Standup", body: "Room 4", actions: ReminderAction.standard.map(\.action))
  let commands = [
    "open": "outpost open 42", "snooze-5": "outpost snooze 42 5m", "snooze-15": "outpost snooze 42 15m",
    "snooze-60": "outpost snooze 42 1h",
  ]
  let folded = notification.foldingActionsIntoBody(commands: commands)
  #expect(folded.actions == [])
  #expect(
    folded.body == """
      Room 4
      Open: outpost open 42
      Snooze 5 min: outpost snooze 42 5m
      Snooze 15 min: outpost snooze 42 15m
      Snooze 1 h: outpost snooze 42 1h
      """)
  #expect(folded.summary == notification.summary)
  // An empty body gets only the lines; no actions, nothing changes.
  var empty = notification
  empty.body = ""
  #expect(empty.foldingActionsIntoBody(commands: ["open": "outpost open 42"]).body == "Open: outpost open 42")
  let plain = DesktopNotification(summary: "s", body: "b")
  #expect(plain.foldingActionsIntoBody(commands: commands) == plain)
}

@Test func preparedFollowsTheCapabilities() {
  let notification = DesktopNotification(
    summary: "A & B", body: "<b>x</b> & y", actions: [ReminderAction.open.action])
  let commands = ["open": "outpost open 7"]
  let full = notification.prepared(for: ["actions", "body", "body-markup"], commands: commands)
  #expect(full.actions == notification.actions)
  #expect(full.body == "&lt;b&gt;x&lt;/b&gt; &amp; y")
  #expect(full.summary == "A & B")  // the summary is never markup
  let plainText = notification.prepared(for: ["body"], commands: commands)
  #expect(plainText.actions == [])
  #expect(plainText.body == "<b>x</b> & y\nOpen: outpost open 7")
}

@Test func errorsSayWhatToDo() {
  #expect(DesktopBusError.serverUnavailable.description.contains("org.freedesktop.Notifications"))
  #expect(
    DesktopBusError.busUnavailable(.session, reason: "x").description.contains("DBUS_SESSION_BUS_ADDRESS"))
  #expect(DesktopBusError.busUnavailable(.system, reason: "x").description.contains("system bus"))
}

import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost notifications …`: the notification centre outpostd keeps, and what reaches the desktop.
struct NotificationsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notifications",
    abstract: "The notification centre: what outpostd told you (or held back), and what shows on the desktop.",
    discussion: """
      outpostd keeps every notification it raises: reminders, new, changed or cancelled \
      assignments, exchange entries taken, queued actions that failed, accounts that need a \
      login. It keeps them even when none showed on the desktop (quiet hours, a category turned \
      off, no notification server), so nothing is lost. They are listed newest first, unread \
      ones marked •; one about an item ends with `outpost show N` to open it.

      Categories: \(NotificationText.categories.joined(separator: ", ")), and those of each \
      service (new-assignment and exchange-taken for VolleyManager, new-task for tasks); \
      `outpost notifications prefs` lists every one the running outpostd knows.

      Examples:
        outpost notifications --unread
        outpost notifications --category reminder --limit 10
        outpost notifications read 12 13
        outpost notifications read --all
        outpost notifications prefs --disable changed --quiet-hours 22:00-07:00
        outpost notifications prefs --quiet-hours off
      """,
    subcommands: [List.self, Read.self, Prefs.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the notifications, newest first.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only those not read yet.") var unread = false
    @Option(help: ArgumentHelp("Only this category (see `outpost help notifications`).", valueName: "name"))
    var category: String?
    @Option(help: ArgumentHelp("At most this many (default 50, at most 1000).", valueName: "n")) var limit: Int?

    func validate() throws {
      if let category { try NotificationText.check(category: category) }
      if let limit, !(1...1000).contains(limit) { throw ValidationError(localized(.notificationsLimitRange)) }
    }

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(
          NotificationsList.self, .init(unread: unread ? true : nil, category: category, limit: limit))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        if result.notifications.isEmpty { print(localized(unread ? .notificationsNoneUnread : .notificationsNone)) }
        for notification in result.notifications { print(NotificationText.entry(notification)) }
        if result.unread > 0 {
          print(localized(.notificationsUnreadTotal, "\(result.unread)"))
        }
      }
    }
  }

  struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "read",
      abstract: "Mark notifications read: the ones given, or all.",
      discussion: """
        Examples:
          outpost notifications read 12 13
          outpost notifications read --all
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The notifications' numbers (`outpost notifications`).", valueName: "id"))
    var ids: [Int64] = []
    @Flag(help: "Every notification.") var all = false

    func validate() throws {
      if ids.isEmpty, !all { throw ValidationError(localized(.notificationsReadNeedsNumbers)) }
      if !ids.isEmpty, all { throw ValidationError(localized(.notificationsReadNotBoth)) }
      if let bad = ids.first(where: { $0 < 1 }) { throw ValidationError(localized(.notificationsBadNumber, "\(bad)")) }
    }

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(
          NotificationsRead.self, .init(ids: all ? nil : ids, all: all ? true : nil))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        print(localized(.notificationsMarked, "\(result.marked)", "\(result.unread)"))
      }
    }
  }

  struct Prefs: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "prefs",
      abstract: "Which categories show on the desktop, and quiet hours; changes them when asked.",
      discussion: """
        A category turned off, or a notification during quiet hours, does not show on the \
        desktop; it is still kept and listed by `outpost notifications`. Quiet hours are local \
        time and may span midnight. The settings are kept across restarts.

        Some categories are a setting of the account at its service (an Agile Network brand's \
        new-content, subscription-updates and promotions): for such an account the service's \
        setting is the one that counts, here and on its other devices. One the service has \
        off reads "off at the service"; turning it on or off here sends the change there (the \
        same as `outpost agile notifications`; queued while offline, and said so).

        Examples:
          outpost notifications prefs
          outpost notifications prefs --disable changed --disable exchange-taken
          outpost notifications prefs --enable changed --quiet-hours 22:30-07:00
          outpost notifications prefs --quiet-hours off
          outpost notifications prefs --account work --disable new-message
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Show this category on the desktop (repeatable).", valueName: "name"))
    var enable: [String] = []
    @Option(help: ArgumentHelp("Keep this category off the desktop (repeatable).", valueName: "name"))
    var disable: [String] = []
    @Option(
      name: .customLong("quiet-hours"),
      help: ArgumentHelp("Nothing on the desktop between these local times, HH:MM-HH:MM; or off.", valueName: "range"))
    var quietHours: String?
    @Option(
      help: ArgumentHelp(
        "Enable or disable for this account only (a category off for everyone stays off).", valueName: "name"))
    var account: String?

    func validate() throws {
      for category in enable + disable { try NotificationText.check(category: category) }
      if let both = enable.first(where: disable.contains) {
        throw ValidationError(localized(.notificationsEnabledAndDisabled, both))
      }
      if let quietHours { _ = try NotificationText.quietHours(quietHours) }
    }

    func run() throws {
      try reportingFailures {
        let params = NotificationsPrefs.Params(
          enable: enable.isEmpty ? nil : enable, disable: disable.isEmpty ? nil : disable,
          quietHours: try quietHours.map(NotificationText.quietHours), account: account)
        let result = try global.connect().call(NotificationsPrefs.self, params)
        if global.json {
          Terminal.printJSON(result)
          return
        }
        print(NotificationText.prefs(result))
      }
    }
  }
}

/// How notifications and their settings read in a terminal.
enum NotificationText {
  /// The categories outpostd raises whatever the services (`NotificationInfo.category`);
  /// connectors declare more, which outpostd checks.
  static let categories = [
    "reminder", "changed", "cancelled", "action-failed", "queue-replayed", "needs-login", "sync-failing", "signed-in",
  ]

  /// Only the shape here: the names the connectors declare are outpostd's to check.
  static func check(category: String) throws {
    let wellFormed =
      category.first.map { $0 >= "a" && $0 <= "z" } == true && category.count <= 64
      && category.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }
    guard wellFormed else {
      throw ValidationError(localized(.notificationsUnknownCategory, category, categories.joined(separator: ", ")))
    }
  }

  /// Number, unread mark, time, category and summary; then the body's first line and the item.
  static func entry(_ notification: NotificationInfo) -> String {
    // Its own number, plain: "#N" is an item's, and the item is named below (issue 48 §3).
    let number = "\(notification.id)"
    let mark = notification.readAt == nil ? "•" : " "
    var text =
      number.padding(to: 6) + mark + " " + Terminal.localTime(notification.createdAt) + "  "
      + notification.category.padding(to: 16) + notification.summary
    // Only the exceptions: "shown" is what everyone expects.
    switch notification.delivery {
    case "suppressed": text += localized(.notificationsSuppressed)
    case "unavailable": text += localized(.notificationsNoServer)
    default: break
    }
    if let first = notification.body.split(separator: "\n").first, !first.isEmpty { text += "\n      " + first }
    if let item = notification.item { text += "\n      outpost show \(item)" }
    return text
  }

  /// "off", or "HH:MM-HH:MM" with both times zero-padded as the daemon stores them.
  static func quietHours(_ text: String) throws -> String {
    let trimmed = text.trimmingSpaces
    if trimmed.lowercased() == "off" { return "off" }
    let ends = trimmed.split(separator: "-", omittingEmptySubsequences: false).map { time(String($0)) }
    guard ends.count == 2, let from = ends[0], let to = ends[1] else {
      throw ValidationError(localized(.notificationsQuietHoursInvalid, trimmed))
    }
    return from + "-" + to
  }

  /// "7:30" or "07:30" on the 24-hour clock, as "07:30"; nil otherwise.
  static func time(_ text: String) -> String? { (try? LocalTime.parse(text))?.description }

  static func prefs(_ result: NotificationsPrefs.Result) -> String {
    var lines: [String] = []
    if !result.available {
      lines.append(localized(.notificationsDesktopUnavailable))
      lines.append(localized(.notificationsKept))
    } else if let server = result.server {
      lines.append(localized(.notificationsDesktopAvailableThrough, server))
    } else {
      lines.append(localized(.notificationsDesktopAvailable))
    }
    let quietHours = result.quietHours.flatMap { $0 == "off" ? nil : localized(.notificationsQuietHoursLocal, $0) }
    lines.append(localized(.notificationsQuietHours, quietHours ?? localized(.notificationsQuietHoursOff)))
    lines.append(localized(.notificationsCategories))
    // Wide enough for the longest name ("subscription-updates"), so the states line up.
    let width = max(16, (result.categories.map(\.name.count).max() ?? 0) + 2)
    for category in result.categories {
      var state = localized(category.enabled ? .notificationsCategoryOn : .notificationsCategoryOff)
      // The account's own setting at its service, which holds it back whatever this one says.
      if let off = category.offAtService, !off.isEmpty {
        state += " (" + localized(.notificationsOffAtService, off.joined(separator: ", ")) + ")"
      }
      // A change for the service still in the queue: the line reads as it will be once sent.
      if let waiting = category.waitingForService, !waiting.isEmpty {
        state += " (" + localized(.notificationsWaitingForService, waiting.joined(separator: ", ")) + ")"
      }
      lines.append("  " + category.name.padding(to: width) + state)
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// Padded with spaces to `width` characters (at least one space after a longer text).
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(1, width - count))
  }

  fileprivate var trimmingSpaces: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}

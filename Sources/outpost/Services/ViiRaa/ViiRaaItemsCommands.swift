import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost viiraa reminders`: the coaching reminders of the next days.
struct ViiRaaReminders: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reminders",
    abstract: "Your coaching reminders of the next 14 days (notified at their time).")
  @OptionGroup var global: GlobalOptions
  @Flag(help: "Also the ones already done.") var all = false

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(
        ItemsList.self, .init(kinds: ["coaching"], service: "viiraa", statuses: all ? nil : [.active]))
      let now = Date()
      let items = result.items.filter { all || ($0.item.startsAt ?? .distantPast) > now.addingTimeInterval(-3600) }
      if global.json {
        Terminal.printJSON(ItemsList.Result(items: items))
        return
      }
      guard !items.isEmpty else {
        print(localized(.viiraaRemindersNone))
        return
      }
      for listed in items {
        var line =
          ItemText.line(listed, showDay: true)
          + (listed.item.status == .closed ? "  [\(localized(.viiraaTagDone))]" : "")
        if let until = listed.item.details["snoozedUntil"]?.stringValue.flatMap(UTCTimestamp.parse) {
          line += "  [\(localized(.viiraaTagSnoozed, Terminal.localTime(until)))]"
        }
        print(line)
      }
    }
  }
}

/// `outpost viiraa done N`.
struct ViiRaaDone: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "done", abstract: "Mark a coaching reminder done (queued when offline).")
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The reminder's number (`outpost viiraa reminders`).", valueName: "number"))
  var item: Int64
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      try DoCommand.perform("viiraa.reminder-done", on: item, params: [:], wait: !noWait, global: global)
    }
  }
}

/// `outpost viiraa snooze N`.
struct ViiRaaSnooze: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snooze", abstract: "Move a coaching reminder's next occurrence later (queued when offline).")
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The reminder's number (`outpost viiraa reminders`).", valueName: "number"))
  var item: Int64
  @Option(help: ArgumentHelp("How many minutes (5–1440).", valueName: "minutes")) var minutes = 30
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      try DoCommand.perform(
        "viiraa.reminder-snooze", on: item, params: ["minutes": .int(Int64(minutes))], wait: !noWait, global: global)
    }
  }
}

/// `outpost viiraa insights [--read N]`.
struct ViiRaaInsights: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "insights",
    abstract: "Your coach's insights, unread first; --open N shows one and marks it read.")
  @OptionGroup var global: GlobalOptions
  @Option(
    name: .customLong("open"), help: ArgumentHelp("Show this insight in full and mark it read.", valueName: "number"))
  var open: Int64?

  /// `--open N --json`: the insight, and the action that marks it read (none when it was).
  struct Opened: Encodable {
    var insight: ListedItem
    var read: QueuedAction?
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let result = try connection.call(ItemsList.self, .init(kinds: ["insight"], service: "viiraa"))
      if let open {
        guard let listed = result.items.first(where: { $0.number == open }) else {
          throw CLIFailure(.daemonError, localized(.viiraaInsightMissing, "\(open)"))
        }
        var action: QueuedAction?
        if listed.item.status == .active {
          action =
            try connection.call(
              ActionsPerform.self, .init(action: "viiraa.insight-read", item: open, params: nil, wait: true)
            ).action
        }
        if global.json {
          Terminal.printJSON(Opened(insight: listed, read: action))
          return
        }
        print(listed.item.title)
        if let body = listed.item.details["body"]?.stringValue { print("\n" + body) }
        return
      }
      let items = result.items.sorted {
        ($0.item.status == .active ? 0 : 1, $1.item.startsAt ?? .distantPast)
          < ($1.item.status == .active ? 0 : 1, $0.item.startsAt ?? .distantPast)
      }
      if global.json {
        Terminal.printJSON(ItemsList.Result(items: items))
        return
      }
      guard !items.isEmpty else {
        print(localized(.viiraaInsightsNone))
        return
      }
      for listed in items {
        print(
          ItemText.line(listed, showDay: true)
            + (listed.item.status == .active ? "  [\(localized(.viiraaTagNew))]" : ""))
      }
    }
  }
}

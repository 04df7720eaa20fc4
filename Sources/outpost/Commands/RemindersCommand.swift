import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost reminders …`: the reminders outpostd fires as desktop notifications.
struct RemindersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reminders",
    abstract: "The reminders to come: list them, snooze one, or dismiss one.",
    discussion: """
      outpostd plans reminders for your assignments by itself (the evening before, a while \
      before the start, before a deadline) and fires them as desktop notifications; each also \
      lands in `outpost notifications`. A reminder that was due while the computer slept is \
      shown late if it still helps, and recorded as missed otherwise.

      Examples:
        outpost reminders
        outpost reminders --all
        outpost reminders snooze 4 15m
        outpost reminders snooze 4 1h30m
        outpost reminders dismiss 4
      """,
    subcommands: [List.self, Snooze.self, Dismiss.self, RemindersRulesCommand.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "The reminders to come, soonest first.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Also those fired, missed, withdrawn or dismissed in the last 7 days.") var all = false

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(RemindersList.self, .init(all: all ? true : nil))
        if global.json {
          Terminal.printJSON(result)
        } else if result.reminders.isEmpty {
          print(localized(all ? .remindersNoneRecent : .remindersNone))
        } else {
          let rows = result.reminders.map { reminder in
            [
              // The reminder's own number, under its column's name: "#N" is an item's (issue 48 §3).
              "\(reminder.number)", ReminderText.when(reminder.dueAt), ReminderText.rule(reminder),
              ReminderText.item(reminder), ReminderText.state(reminder),
            ]
          }
          let header = localized(.remindersColumns).split(separator: "|").map(String.init)
          print(AccountText.table(header: header, rows: rows))
        }
      }
    }
  }

  struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "snooze",
      abstract: "Remind again after a while.",
      discussion: """
        DURATION is a number and a unit (m minutes, h hours, d days), or several: 5m, 15m, 1h, \
        1h30m, 1d. At most a year.

        Examples:
          outpost reminders snooze 4 15m
          outpost reminders snooze 4 1d
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The reminder's number (`outpost reminders`).", valueName: "id")) var id: Int64
    @Argument(help: ArgumentHelp("How long: 5m, 15m, 1h, 1h30m, 1d.", valueName: "duration")) var duration: String

    func validate() throws {
      guard id > 0 else { throw ValidationError(localized(.remindersBadNumber, "\(id)")) }
      _ = try SnoozeDuration.seconds(duration)
    }

    func run() throws {
      try reportingFailures {
        // Sent in its shortest form ("90m" as "1h30m"): what the daemon reads is what was checked here.
        let normalized = SnoozeDuration.format(try SnoozeDuration.seconds(duration))
        let result = try global.connect().call(RemindersSnooze.self, .init(number: id, duration: normalized))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        let reminder = result.reminder
        let until = ReminderText.when(reminder.snoozedUntil ?? reminder.dueAt)
        print(localized(.remindersSnoozed, "\(reminder.number)", reminder.title, until))
      }
    }
  }

  struct Dismiss: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "dismiss",
      abstract: "This reminder will not fire (again).",
      discussion: "The item's other reminders stay. Example: outpost reminders dismiss 4")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The reminder's number (`outpost reminders`).", valueName: "id")) var id: Int64

    func validate() throws {
      guard id > 0 else { throw ValidationError(localized(.remindersBadNumber, "\(id)")) }
    }

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(RemindersDismiss.self, .init(number: id))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        print(localized(.remindersDismissed, "\(result.reminder.number)", result.reminder.title))
      }
    }
  }
}

/// How reminders read in a terminal.
enum ReminderText {
  /// "Sat 2026-12-05 19:00" in the local time zone.
  static func when(_ date: Date) -> String { ItemText.day(date) + " " + ItemText.time(date) }

  /// The rule in words: "evening before", "60 min before", "report deadline".
  static func rule(_ reminder: ReminderInfo) -> String {
    switch reminder.rule {
    case "evening-before": return localized(.reminderRuleEveningBefore)
    case "before-start":
      // The lead is not sent on its own: it is the gap between the reminder and the start.
      guard let start = reminder.startsAt else { return localized(.reminderRuleBeforeStart) }
      let minutes = Int((start.timeIntervalSince(reminder.dueAt) / 60).rounded())
      if minutes >= 1440, minutes % 1440 == 0 { return localized(.reminderRuleDaysBefore, "\(minutes / 1440)") }
      if minutes >= 120, minutes % 60 == 0 { return localized(.reminderRuleHoursBefore, "\(minutes / 60)") }
      return localized(.reminderRuleMinutesBefore, "\(minutes)")
    case let rule where rule.hasPrefix("deadline:"):
      if let label = reminder.ruleLabel { return label[localized.language] }
      return localized(.reminderRuleDeadline, String(rule.dropFirst("deadline:".count)))
    default: return reminder.rule
    }
  }

  /// "#31 VBC Zürich – Volley Näfels, Sat 2026-12-05 20:00".
  static func item(_ reminder: ReminderInfo) -> String {
    "#\(reminder.item) \(reminder.title)"
      + (reminder.startsAt.map { ", " + (reminder.allDay == true ? ItemText.allDay($0) : when($0)) } ?? "")
  }

  /// The state in words (`pending`, `fired`, `missed`, `withdrawn`, `dismissed`); others as they are.
  static func state(_ reminder: ReminderInfo) -> String {
    if reminder.state == "pending", let until = reminder.snoozedUntil {
      return localized(.reminderStateSnoozed, when(until))
    }
    switch reminder.state {
    case "pending": return localized(.reminderStatePending)
    case "fired": return localized(.reminderStateFired)
    case "missed": return localized(.reminderStateMissed)
    case "withdrawn": return localized(.reminderStateWithdrawn)
    case "dismissed": return localized(.reminderStateDismissed)
    default: return reminder.state
    }
  }
}

/// The snooze durations the daemon takes (`5m`, `1h30m`, `1d`), read by the same parser as the
/// daemon's (`ReminderDuration`) and checked here, so a typo is explained in the user's language
/// before anything is sent.
enum SnoozeDuration {
  static func seconds(_ text: String) throws -> Int64 {
    do {
      return try ReminderDuration.parse(text).components.seconds
    } catch {
      let example = localized(.snoozeExample)
      switch error.problem {
      case .empty: throw ValidationError(localized(.snoozeEmpty, example))
      case .tooLong(let text, _): throw ValidationError(localized(.snoozeTooLong, text))
      case .badUnit(let text, _), .notATime(let text): throw ValidationError(localized(.snoozeBadUnit, text, example))
      case .noNumber(let text): throw ValidationError(localized(.snoozeNoNumber, text, example))
      case .noUnit(let text, let digits): throw ValidationError(localized(.snoozeNoUnit, text, digits))
      case .zero: throw ValidationError(localized(.snoozeZero))
      }
    }
  }

  /// The shortest way to write it: "1d", "1h30m", "90s".
  static func format(_ seconds: Int64) -> String { ReminderDuration.format(.seconds(seconds)) }
}

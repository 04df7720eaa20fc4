import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost reminders rules`: when assignments remind, for every account and per account.
struct RemindersRulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "Show when assignments remind you, or change it for one account.",
    discussion: """
      Every account follows the configuration ([reminders] evening_before and before_minutes in \
      config.toml) unless you give it rules of its own here; they are kept across restarts and \
      the reminders to come are planned again at once.

      Examples:
        outpost reminders rules
        outpost reminders rules --account volleymanager --evening-before 19:00 --before 90
        outpost reminders rules --account volleymanager --evening-before off
        outpost reminders rules --account volleymanager --reset
      """)

  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("The account to change.", valueName: "name")) var account: String?
  @Option(
    name: .customLong("evening-before"),
    help: ArgumentHelp("A reminder the evening before at this local time, or off.", valueName: "HH:MM|off"))
  var eveningBefore: String?
  @Option(help: ArgumentHelp("A reminder this many minutes before the start; 0 for none.", valueName: "minutes"))
  var before: Int?
  @Flag(help: "Back to the configuration's rules for this account.") var reset = false

  func validate() throws {
    if account == nil && (eveningBefore != nil || before != nil || reset) {
      throw ValidationError("--evening-before, --before and --reset need --account NAME")
    }
    if let eveningBefore, eveningBefore != "off", (try? LocalTime.parse(eveningBefore)) == nil {
      throw ValidationError(localized(.remindersRulesBadEvening, eveningBefore))
    }
    if let before, !(0...10080).contains(before) {
      throw ValidationError(localized(.remindersRulesBadBefore, "\(before)"))
    }
  }

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(
        RemindersRules.self,
        .init(account: account, eveningBefore: eveningBefore, beforeMinutes: before, reset: reset ? true : nil))
      if global.json {
        Terminal.printJSON(result)
        return
      }
      for rule in result.rules {
        let parts = [
          rule.eveningBefore.map { localized(.remindersRuleEvening, $0) },
          rule.beforeMinutes.map { localized(.remindersRuleBefore, "\($0)") },
        ].compactMap { $0 }
        let text = parts.isEmpty ? localized(.remindersRuleNone) : parts.joined(separator: ", ")
        // A kind with rules of its own, on its own line: what is shown is what fires.
        if let kind = rule.kind {
          let noun = rule.kindNoun?[localized.language] ?? kind
          // French sets a space before the colon.
          print("  " + noun + (localized.language == .fr ? " : " : ": ") + text)
        } else if let name = rule.account {
          print("\(name): \(text)")
        } else {
          print(localized(.remindersRulesAll, text))
        }
      }
    }
  }
}

import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost calendar caldav …`: push the calendars into a CalDAV calendar of the user's.
struct CalendarCalDAVCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "caldav",
    abstract: "Push your assignments into a CalDAV calendar (Nextcloud, Radicale, Fastmail, mailbox.org …).",
    discussion: """
      outpostd writes its events into the calendar after every sync that changed something: \
      created, moved, cancelled (kept, marked, until past) and removed. It only ever touches the \
      events it created; your own events in that calendar are left alone. Use a calendar of its \
      own ("Volleyball") if you want to hide or share the assignments separately. The password \
      is kept in the keyring. A server that is down is retried with growing pauses.

      Examples:
        outpost calendar caldav add https://cloud.example.org/remote.php/dav/calendars/lena/volleyball/ --username lena
        pass show nextcloud | outpost calendar caldav add https://dav.example.org/lena/volleyball/ --username lena --password-stdin
        outpost calendar caldav sync
        outpost calendar caldav remove https://dav.example.org/lena/volleyball/ --purge
      """,
    subcommands: [Add.self, Remove.self, Sync.self])

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Start pushing into a calendar: checks the address and the password, then pushes once.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The calendar's address (http or https), as your server shows it.", valueName: "url"))
    var url: String
    @Option(help: ArgumentHelp("Your user name at the CalDAV server.", valueName: "name")) var username: String
    @Option(help: ArgumentHelp("Only this account's events (default: every account's).", valueName: "name"))
    var account: String?
    @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
    var passwordFromStandardInput = false

    func run() throws {
      try reportingFailures {
        let connection = try global.connect()
        let password = try SecretInput.read(
          noun: localized(.caldavPasswordNoun), prompt: localized(.caldavPasswordPrompt, username, url),
          fromStandardInput: passwordFromStandardInput)
        let result = try connection.call(
          CalendarCalDAVAdd.self, .init(url: url, username: username, password: password, account: account))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        let name = result.target.displayName.map { "\"\($0)\" " } ?? ""
        print(localized(.caldavAdded, name, result.target.url, result.target.username))
        CalendarCalDAVText.print(result.push)
      }
    }
  }

  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove",
      abstract: "Stop pushing into a calendar and forget its password.",
      discussion: "Outpost's events stay in the calendar unless you add --purge; other events are never touched.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The calendar's address, as `outpost calendar status` shows it.", valueName: "url"))
    var url: String
    @Flag(help: "Delete Outpost's events from the calendar first.") var purge = false

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(CalendarCalDAVRemove.self, .init(url: url, purge: purge ? true : nil))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        print(localized(.caldavRemoved, result.url))
        if purge {
          print(localized(.caldavDeletedThere, "\(result.deleted)"))
        } else if result.left > 0 {
          print(localized(.caldavLeftThere, "\(result.left)"))
        }
      }
    }
  }

  struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sync",
      abstract: "Push now, and show what changed in each calendar.",
      discussion: "Exit status 75 when a server could not be reached (it is retried later by itself).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Only this calendar.", valueName: "url")) var url: String?

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(CalendarCalDAVSync.self, .init(url: url))
        if global.json {
          Terminal.printJSON(result)
        } else if result.pushes.isEmpty {
          print(localized(.caldavNone))
        } else {
          for push in result.pushes { CalendarCalDAVText.print(push, named: true) }
        }
        if let failed = result.pushes.first(where: { $0.failure != nil }) {
          throw CLIFailure(.tempFail, localized(.caldavPushFailed, failed.url, failed.failure ?? ""))
        }
      }
    }
  }
}

enum CalendarCalDAVText {
  static func print(_ push: CalDAVPushSummary, named: Bool = false) {
    if named { Swift.print(push.url) }
    if let failure = push.failure {
      Swift.print(localized(.caldavNotPushed, failure))
      return
    }
    var parts = [localized(.caldavCounts, "\(push.created)", "\(push.updated)", "\(push.deleted)")]
    if push.recreated > 0 { parts.append(localized(.caldavRecreated, "\(push.recreated)")) }
    if push.overwritten > 0 { parts.append(localized(.caldavOverwritten, "\(push.overwritten)")) }
    parts.append(localized(.caldavUnchanged, "\(push.unchanged)"))
    if push.foreign > 0 { parts.append(localized(.caldavForeign, "\(push.foreign)")) }
    Swift.print("  " + parts.joined(separator: ", "))
    for error in push.errors { Swift.print(localized(.caldavNotWritten, error)) }
  }

  /// A target's status (`ok`, `retrying`, `needs-login`, `error`) in words; others as they are.
  static func status(_ status: String) -> String {
    switch status {
    case "ok": localized(.caldavStatusOK)
    case "retrying": localized(.caldavStatusRetrying)
    case "needs-login": localized(.caldavStatusNeedsLogin)
    case "error": localized(.caldavStatusError)
    default: status
    }
  }
}

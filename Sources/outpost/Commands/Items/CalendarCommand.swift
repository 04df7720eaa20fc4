import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(Glibc)
  import Glibc
#endif

struct CalendarCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calendar",
    abstract: "Your assignments as a calendar: the files outpostd keeps up to date, or an export.",
    discussion: """
      outpostd rewrites one .ics file per account and all.ics in its data directory after every \
      sync that changed something (config [calendar]; `outpost calendar status` shows where). \
      Any calendar program can import or watch them. Events carry the deep link back to the \
      assignment; cancelled games stay, marked, until they are past.
      """,
    subcommands: [Status.self, Export.self, URL.self, CalendarCalDAVCommand.self], defaultSubcommand: Status.self)

  struct URL: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "url",
      abstract: "The feed addresses to subscribe to (webcal:// for GNOME Calendar, Evolution, Thunderbird).",
      discussion: "Served on 127.0.0.1 only, with a private token in the path: treat the address like a password.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(CalendarURL.self, NoParams())
        if global.json {
          Terminal.printJSON(result)
          return
        }
        for feed in result.feeds { print("\(feed.calendar)\n  \(feed.webcal)\n  \(feed.http)") }
      }
    }
  }

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Where the calendar files are.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(CalendarStatus.self, NoParams())
        if global.json {
          Terminal.printJSON(result)
          return
        }
        print(result.filesEnabled ? result.directory : localized(.calendarFilesOff))
        for file in result.files { print(localized(.calendarFile, file.name, "\(file.bytes)")) }
        for target in result.caldav ?? [] {
          let scope = target.account.map { localized(.caldavScopeAccount, $0) } ?? localized(.caldavScopeAll)
          print(
            localized(
              .caldavTarget, target.url, target.username, scope, CalendarCalDAVText.status(target.status),
              "\(target.events)"))
          if let reason = target.statusReason { print("  \(reason)") }
          if let last = target.lastPushAt { print(localized(.caldavLastPushed, Terminal.localTime(last))) }
        }
      }
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Print the calendar (iCalendar, RFC 5545), or write it to a file.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this account.", valueName: "name")) var account: String?
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(CalendarExport.self, .init(account: account))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        guard let output else {
          var bytes = Array(result.calendar.utf8)
          _ = write(1, &bytes, bytes.count)
          return
        }
        guard let file = fopen(output, "w") else {
          throw CLIFailure(.usage, localized(.calendarCannotWrite, output, String(cString: strerror(errno))))
        }
        let bytes = Array(result.calendar.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        fclose(file)
        guard written == bytes.count else { throw CLIFailure(.daemonError, localized(.calendarWriteFailed, output)) }
        Terminal.note(localized(.calendarExported, "\(result.events)", output))
      }
    }
  }
}

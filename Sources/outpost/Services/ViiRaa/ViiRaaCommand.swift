import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost viiraa …`: a glucose-coaching programme's numbers and reminders. A thin front for
/// the generic RPC: the dashboard and the chart are the connector's views answered from the
/// store (`queries.run`, offline too), readings typed in and reminder changes are its declared
/// actions, a CGM file is an import (`imports.run`).
struct ViiRaaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "viiraa",
    abstract: "ViiRaa glucose coaching: time in range, readings, CGM imports, coaching reminders.",
    discussion: """
      Add an account with `outpost account add viiraa --name me --username EMAIL --password-stdin` \
      (--base-url and --option apiKey=… for a project other than the default).

      Outpost raises NO glucose alarms: it is not a medical device, synced readings can be \
      minutes old and imported ones months old. Use your sensor's app for alerts. What Outpost \
      notifies is your coach's reminders and new insights.

      Everything here reads the local store: it works offline. Values typed in and reminder \
      changes are queued and sent when ViiRaa can be reached.

      Examples:
        outpost viiraa
        outpost viiraa readings --days 2
        outpost viiraa log glucose 112
        outpost viiraa log glucose 6.2mmol/L --at 2026-11-26T07:30:00Z
        outpost viiraa log weight 81.4kg
        outpost viiraa import ~/Downloads/AlexExample_glucose_2026-11-26.csv
        outpost viiraa chart --days 14 --output agp.svg
        outpost viiraa reminders
        outpost viiraa done 42
        outpost viiraa insights
      """,
    subcommands: [
      Status.self, Readings.self, ViiRaaLog.self, ViiRaaImport.self, Chart.self, ViiRaaReminders.self, ViiRaaDone.self,
      ViiRaaSnooze.self, ViiRaaInsights.self,
    ], defaultSubcommand: Status.self)

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "Latest reading and trend, time in range today / 7 days / 30 days, today's curve.",
      discussion: """
        Time in range counts sensor (CGM) readings only, weighted by the time each one stands \
        for (at most 15 minutes); the bands are the international consensus ones (70–180 mg/dL). \
        GMI needs 14 days of data in the 30-day window. Not a medical device: no alarms.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The ViiRaa account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(QueriesRun.self, .init(query: "viiraa.dashboard", account: account))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        FreshnessBanner.show(answer.freshness)
        print(ViiRaaText.status(answer.result).joined(separator: "\n"))
      }
    }
  }

  struct Readings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "readings",
      abstract: "List the glucose readings of the last days, newest first.",
      discussion: """
        Synced, imported and typed-in readings alike, from the local store (offline too), in \
        your profile's unit and your local time. --json gives every field, values in mg/dL.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("How many days back (1–90).", valueName: "days")) var days = 1
    @Option(help: ArgumentHelp("At most this many readings.", valueName: "count")) var limit: Int?
    @Option(help: ArgumentHelp("The ViiRaa account (when you have several).", valueName: "name")) var account: String?

    func validate() throws {
      if !(1...90).contains(days) { throw ValidationError(localized(.viiraaDaysRange)) }
      if let limit, limit < 1 { throw ValidationError(localized(.viiraaLimitAtLeastOne)) }
    }

    func run() throws {
      try reportingFailures {
        var params: [String: JSONValue] = ["days": .int(Int64(days))]
        if let limit { params["limit"] = .int(Int64(limit)) }
        let answer = try global.connect().call(
          QueriesRun.self, .init(query: "viiraa.readings", account: account, params: .object(params)))
        if global.json {
          Terminal.printJSON(FreshnessBanner.json(answer.result, answer.freshness))
          return
        }
        FreshnessBanner.show(answer.freshness)
        print(ViiRaaText.readings(answer.result).joined(separator: "\n"))
      }
    }
  }

  struct Chart: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "chart",
      abstract: "Write an ambulatory glucose profile (AGP) as an SVG file a browser opens.",
      discussion: """
        Median, 25–75 % and 5–95 % bands by time of day over the last days, the 70–180 target \
        band shaded, time in range beside it.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("How many days (1–90).", valueName: "days")) var days = 14
    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write.", valueName: "file")) var output: String
    @Option(help: ArgumentHelp("The ViiRaa account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(
          QueriesRun.self,
          .init(query: "viiraa.chart", account: account, params: ["days": .int(Int64(days))]))
        try ChartFile.write(answer.result, to: output)
        let readings = answer.result["readings"]?.int64Value ?? 0
        if global.json {
          Terminal.printJSON(["file": JSONValue.string(output), "days": .int(Int64(days)), "readings": .int(readings)])
        } else {
          FreshnessBanner.show(answer.freshness)
          print(localized(.viiraaChartWritten, output, "\(days)", "\(readings)"))
          if readings == 0 { print(localized(.viiraaChartEmpty)) }
        }
      }
    }
  }
}

/// `outpost viiraa log glucose|weight VALUE`.
struct ViiRaaLog: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log", abstract: "Record a glucose value or a weighing (queued when offline).",
    subcommands: [Glucose.self, Weight.self])

  struct Glucose: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "glucose",
      abstract: "A glucose value from a meter: 112, 112mg/dL, 6.2mmol/L (no unit: mg/dL).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The value.", valueName: "value")) var value: String
    @Option(
      help: ArgumentHelp("When it was measured (default now), e.g. 2026-11-26T07:30:00Z.", valueName: "date-time"))
    var at: String?
    @Option(help: ArgumentHelp("The ViiRaa account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        var params: [String: JSONValue] = ["value": .string(value)]
        if let at { params["at"] = .string(at) }
        try ViiRaaText.logEntry("viiraa.log-glucose", params: params, account: account, global: global)
      }
    }
  }

  struct Weight: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "weight", abstract: "A weighing: 81.4, 81.4kg, 179.5lb (no unit: kg).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The weight.", valueName: "value")) var value: String
    @Option(help: ArgumentHelp("When (default now).", valueName: "date-time")) var at: String?
    @Option(help: ArgumentHelp("A note kept with it.", valueName: "text")) var note: String?
    @Option(help: ArgumentHelp("The ViiRaa account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        var params: [String: JSONValue] = ["value": .string(value)]
        if let at { params["at"] = .string(at) }
        if let note { params["note"] = .string(note) }
        try ViiRaaText.logEntry("viiraa.log-weight", params: params, account: account, global: global)
      }
    }
  }
}

/// `outpost viiraa import FILE...`.
struct ViiRaaImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import CGM exports (Abbott LibreView, Dexcom Clarity CSV).",
    discussion: """
      The readings are stored at once (they count in `outpost viiraa` offline) and sent to \
      ViiRaa later as one queued upload. Importing a file again adds nothing; files that \
      overlap merge. Rows that cannot be read are listed with their line number and the rest \
      imports; a file that is not a CGM export is refused as a whole. Limits: 50 MiB and \
      500,000 rows a file. Times are read in your ViiRaa profile's time zone (or the account's \
      timeZone option).

      Exit status: 0 imported (or nothing new); 64 refused (not a CGM export, a missing file, bad usage);
      69 the daemon is not running.
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The export files.", valueName: "file")) var files: [String]
  @Flag(help: "Show what would be imported; store and send nothing.") var dryRun = false
  @Option(
    help: ArgumentHelp(
      "LibreView dates when every one is ambiguous (01-02-2026): month-first or day-first.", valueName: "order"))
  var dateOrder: String?
  @Option(help: ArgumentHelp("The ViiRaa account (when you have several).", valueName: "name")) var account: String?

  func validate() throws {
    if files.isEmpty { throw ValidationError(localized(.viiraaImportNoFile)) }
    if let dateOrder, !["month-first", "day-first"].contains(dateOrder) {
      throw ValidationError(localized(.viiraaImportDateOrder))
    }
  }

  func run() throws {
    try reportingFailures {
      let cwd = FileManager.default.currentDirectoryPath
      let paths = files.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
      var params: [String: JSONValue] = [:]
      if let dateOrder { params["dateOrder"] = .string(dateOrder) }
      if !global.json {
        let bytes = paths.compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
          .reduce(0, +)
        if bytes > 1 << 20 { Terminal.progress(localized(.viiraaImportReading, "\(paths.count)", "\(bytes >> 20)")) }
      }
      let result = try global.connect().call(
        ImportsRun.self,
        .init(kind: "viiraa.cgm", files: paths, account: account, params: .object(params), dryRun: dryRun))
      if global.json {
        Terminal.printJSON(result)
        return
      }
      print(ViiRaaText.importSummary(result, dryRun: dryRun).joined(separator: "\n"))
    }
  }
}

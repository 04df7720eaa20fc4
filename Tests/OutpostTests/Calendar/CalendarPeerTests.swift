import Foundation
import OutpostCalendar
import OutpostModel
import OutpostTestSupport
import Testing

@testable import OutpostDaemon

extension CalendarOutputs {
  /// The vdir and the feed read by software nobody here wrote: khal lists the vdir, vdirsyncer
  /// subscribes to the feed. Both must be installed (`install`); without them these tests fail,
  /// so that CI cannot pass without the independent check. Checked with khal 0.14.1 and
  /// vdirsyncer 0.21.0.
  @Suite(.offThePool) struct Peers {
    static let install = "/usr/bin/python3 -m pip install --break-system-packages khal vdirsyncer"
    typealias Fixture = CalendarOutputFixture

    static func tool(_ name: String) throws -> String {
      Prerequisites.ensure()
      let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
      for directory in path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin"] {
        let candidate = directory + "/" + name
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
      throw TestFailure("\(name) is not installed; install khal and vdirsyncer with `\(install)`")
    }

    /// Runs a tool with a private home (no user configuration, no cache), off the cooperative
    /// pool: vdirsyncer talks to the in-process feed, which renders there.
    static func run(_ tool: String, _ arguments: [String], home: String) async throws -> CommandResult {
      let executable = try Self.tool(tool)
      let environment = [
        "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
        "XDG_CACHE_HOME": home + "/cache", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC",
        "PATH": "/usr/local/bin:/usr/bin:/bin",
      ]
      let result = try await blocking { try runCommand(executable, arguments, environment: environment) }
      if result.status != 0 {
        throw TestFailure("\(tool) \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
      }
      return result
    }

    func khalList(_ fixture: Fixture, home: String) async throws -> [String] {
      let config = """
        [calendars]
        [[outpost]]
        path = \(fixture.vdir)/*
        type = discover
        [locale]
        timeformat = %H:%M
        dateformat = %Y-%m-%d
        longdateformat = %Y-%m-%d
        datetimeformat = %Y-%m-%d %H:%M
        longdatetimeformat = %Y-%m-%d %H:%M
        local_timezone = Europe/Zurich
        default_timezone = Europe/Zurich
        [sqlite]
        path = \(home)/khal.db

        """
      try config.write(toFile: home + "/khal.conf", atomically: true, encoding: .utf8)
      let output = try await Self.run(
        "khal",
        [
          "-c", home + "/khal.conf", "list", "--day-format", "", "--format",
          "{start}|{end}|{status}{title}|{calendar}|{location}", "2027-03-01", "2027-06-30",
        ], home: home)
      return output.stdout.split(separator: "\n").map(String.init)
    }

    @Test func khalListsTheVdirWithLocalTimesAcrossTheChangeToSummerTime() async throws {
      let home = TemporaryDirectory("khal")
      let fixture = try await Fixture(accounts: ["lena", "marco"])
      try await fixture.syncAndRegenerate(Fixture.season)
      try await fixture.syncAndRegenerate(
        [Fixture.game("m1", "Marco's game", "2027-05-01T17:00:00Z")], account: "marco")
      // Times in Zurich: UTC+1 before 28 March 2027, UTC+2 after.
      #expect(
        try await khalList(fixture, home: home.path) == [
          "2027-03-27 18:30|2027-03-27 20:30|CONFIRMED VBC Zürich – Volley Luzern|Outpost — lena|Saalsporthalle, Zürich",
          "2027-03-30 20:00|2027-03-30 21:30|CONFIRMED Vorstand|Outpost — lena|",
          "2027-04-03 18:00|2027-04-03 20:00|CONFIRMED Volley Bern – VBC Zürich|Outpost — lena|",
          "2027-05-01 19:00|2027-05-01 21:00|CONFIRMED Marco's game|Outpost — marco|",
        ])

      // The first game moves back over the change, the second is cancelled, the meeting goes.
      var season = Array(Fixture.season.prefix(2))
      season[0] = Fixture.game("g1", "VBC Zürich – Volley Luzern", "2027-03-28T16:00:00Z", location: "Hardau")
      season[1].status = .cancelled
      try await fixture.syncAndRegenerate(season)
      #expect(
        try await khalList(fixture, home: home.path) == [
          "2027-03-28 18:00|2027-03-28 20:00|CONFIRMED VBC Zürich – Volley Luzern|Outpost — lena|Hardau",
          "2027-04-03 18:00|2027-04-03 20:00|CANCELLED [Cancelled] Volley Bern – VBC Zürich|Outpost — lena|",
          "2027-05-01 19:00|2027-05-01 21:00|CONFIRMED Marco's game|Outpost — marco|",
        ])
    }

    func syncedEvents(_ directory: String) throws -> [ICalEvent] {
      let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".ics") }
      return try names.flatMap { name in
        guard let bytes = FileManager.default.contents(atPath: directory + "/" + name) else {
          throw TestFailure("cannot read \(name)")
        }
        return try ICalParser.parse(Array(bytes)).events
      }.sorted { $0.start < $1.start }
    }

    @Test func vdirsyncerSubscribesToTheFeedAndFollowsItsChanges() async throws {
      let home = TemporaryDirectory("vds")
      try await FeedFixture.with { feed in
        let local = home.path + "/local"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        let config = """
          [general]
          status_path = "\(home.path)/status/"

          [pair outpost]
          a = "outpost_feed"
          b = "outpost_local"
          collections = null
          conflict_resolution = "a wins"

          [storage outpost_feed]
          type = "http"
          url = "http://127.0.0.1:\(feed.server.port)\(feed.path("lena"))"

          [storage outpost_local]
          type = "filesystem"
          path = "\(local)/"
          fileext = ".ics"

          """
        try config.write(toFile: home.path + "/vdirsyncer.conf", atomically: true, encoding: .utf8)
        let sync = { () async throws -> [ICalEvent] in
          _ = try await Self.run("vdirsyncer", ["-c", home.path + "/vdirsyncer.conf", "sync"], home: home.path)
          return try self.syncedEvents(local)
        }
        _ = try await Self.run("vdirsyncer", ["-c", home.path + "/vdirsyncer.conf", "discover"], home: home.path)
        // vdirsyncer gives items from an http storage UIDs of its own (hashes of their content:
        // some providers change UIDs on every fetch), so events are compared by what they say.
        func seen(_ events: [ICalEvent]) -> [String] {
          events.map { "\($0.start) \($0.summary ?? "") \($0.status?.rawValue ?? "") \($0.sequence)" }
        }
        let first = try await sync()
        #expect(
          seen(first) == [
            "2027-03-27 17:30:00 +0000 VBC Zürich – Volley Luzern CONFIRMED 0",
            "2027-03-30 18:00:00 +0000 Vorstand CONFIRMED 0",
            "2027-04-03 16:00:00 +0000 Volley Bern – VBC Zürich CONFIRMED 0",
          ])

        // The first game moves, the second is cancelled, the meeting goes.
        var season = Array(Fixture.season.prefix(2))
        season[0] = Fixture.game("g1", "VBC Zürich – Volley Luzern", "2027-03-28T16:00:00Z")
        season[1].status = .cancelled
        try await feed.fixture.syncAndRegenerate(season)
        #expect(
          seen(try await sync()) == [
            "2027-03-28 16:00:00 +0000 VBC Zürich – Volley Luzern CONFIRMED 1",
            "2027-04-03 16:00:00 +0000 [Cancelled] Volley Bern – VBC Zürich CANCELLED 1",
          ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: local).filter { $0.hasSuffix(".ics") }.count == 2)
      }
    }
  }
}

import Foundation
import OutpostModel
import Testing

@testable import OutpostDaemon

@Suite struct TOMLParserTests {
  @Test func parsesTheCommonForms() throws {
    let table = try TOMLParser.parse(
      #"""
      # comment
      title = "Outpost \u00e9\t!"   # trailing comment
      literal = 'C:\path'
      count = 1_000
      hex = 0xff
      negative = -17
      ratio = 6.5e-1
      on = true
      when = 1979-05-27T07:32:00Z
      list = [ 1, 2,
        3, ]  # multi-line with trailing comma
      point = { x = 1, y = "two" }
      dotted.key = "v"
      multi = """
      Roses \
        are red"""

      [daemon]
      log_level = "debug"

      [a.b]
      c = 1

      [[calendar]]
      name = "one"
      [[calendar]]
      name = "two"
      """#)
    #expect(table["title"]?.value == .string("Outpost é\t!"))
    #expect(table["title"]?.line == 2)
    #expect(table["literal"]?.value == .string(#"C:\path"#))
    #expect(table["count"]?.value == .integer(1000))
    #expect(table["hex"]?.value == .integer(255))
    #expect(table["negative"]?.value == .integer(-17))
    #expect(table["ratio"]?.value == .float(0.65))
    #expect(table["on"]?.value == .bool(true))
    #expect(table["when"]?.value == .datetime("1979-05-27T07:32:00Z"))
    #expect(table["list"]?.value == .array([.integer(1), .integer(2), .integer(3)]))
    #expect(table["multi"]?.value == .string("Roses are red"))
    guard case .table(let point)? = table["point"]?.value, case .table(let dotted)? = table["dotted"]?.value,
      case .table(let daemon)? = table["daemon"]?.value, case .table(let a)? = table["a"]?.value,
      case .table(let b)? = a["b"]?.value, case .array(let calendars)? = table["calendar"]?.value
    else {
      Issue.record("tables missing")
      return
    }
    #expect(point["y"]?.value == .string("two"))
    #expect(dotted["key"]?.value == .string("v"))
    #expect(daemon["log_level"]?.value == .string("debug"))
    #expect(daemon["log_level"]?.line == 19)
    #expect(b["c"]?.value == .integer(1))
    #expect(calendars.count == 2)
  }

  @Test(arguments: [
    ("a = 1\na = 2", 2, "defined twice"),
    ("[t]\n[t]", 2, "defined twice"),
    ("a = \"unterminated", 1, "unterminated"),
    ("\n\na = hello", 3, "strings need quotes"),
    ("a = 1 b = 2", 1, "own line"),
    ("a = 007", 1, "invalid value"),
    ("a = [1, 2", 1, "expected"),
    ("a = \"\\q\"", 1, "invalid escape"),
    ("x = 1\n[x]", 2, "already a value"),
  ])
  func errorsCarryTheLine(text: String, line: Int, fragment: String) {
    do {
      _ = try TOMLParser.parse(text)
      Issue.record("parsed: \(text)")
    } catch {
      #expect(error.line == line)
      #expect(error.message.contains(fragment), "\(error.message)")
    }
  }
}

@Suite struct DaemonConfigurationTests {
  @Test func defaultsWithoutAFile() throws {
    let configuration = try DaemonConfiguration.load(path: "/nonexistent/outpost/config.toml")
    #expect(configuration == DaemonConfiguration())
    #expect(configuration.maxFrameBytes == 1 << 20)
  }

  @Test func readsEveryKey() throws {
    let configuration = try DaemonConfiguration.parse(
      """
      [daemon]
      log_level = "debug"
      [rpc]
      max_frame_bytes = 4096
      max_connections = 10
      drain_timeout_seconds = 2
      [events]
      retained = 50
      """, path: "c.toml")
    #expect(configuration.logLevel == .debug)
    #expect(configuration.maxFrameBytes == 4096)
    #expect(configuration.maxConnections == 10)
    #expect(configuration.drainTimeoutSeconds == 2)
    #expect(configuration.eventsRetained == 50)
  }

  @Test func readsTheSyncAndCalendarKeysTheREADMEDocuments() throws {
    let configuration = try DaemonConfiguration.parse(
      """
      [sync]
      interval_minutes = 60
      past_days = 7
      retention_days = 365
      backoff_cap_minutes = 5
      [calendar]
      files = false
      vdir = false
      feed = false
      feed_port = 8642
      time_zone = "America/New_York"
      alarm_minutes = 0
      include_contacts = true
      """, path: "c.toml")
    var expected = DaemonConfiguration()
    expected.syncIntervalMinutes = 60
    expected.syncPastDays = 7
    expected.syncRetentionDays = 365
    expected.syncBackoffCapMinutes = 5
    expected.calendarFiles = false
    expected.calendarVdir = false
    expected.calendarFeed = false
    expected.calendarFeedPort = 8642
    expected.calendarTimeZone = "America/New_York"
    expected.calendarAlarmMinutes = 0
    expected.calendarIncludeContacts = true
    expected.givenKeys = configuration.givenKeys
    #expect(configuration == expected)
    #expect(
      configuration.givenKeys.contains("calendar.feed_port") && !configuration.givenKeys.contains("daemon.log_level"))
    // Every key in the README's table is one the daemon knows, and the other way round (the
    // table once ran ahead of the daemon).
    let readmePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md").path
    let documented = try String(contentsOfFile: readmePath, encoding: .utf8).split(separator: "\n").compactMap {
      line -> String? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("| `"), cells.count >= 3, cells[0].hasPrefix("`"), cells[0].hasSuffix("`"),
        cells[1].hasPrefix("`")
      else { return nil }
      return String(cells[0].dropFirst().dropLast())
    }
    #expect(Set(documented) == Set(ConfigurationKeys.all.map(\.name)))
  }

  @Test func refusesAnUnknownTimeZoneAndAWrongType() {
    #expect(throws: ConfigurationError.self) {
      try DaemonConfiguration.parse("[calendar]\ntime_zone = \"Mars/Olympus\"\n", path: "c.toml")
    }
    #expect(throws: ConfigurationError.self) {
      try DaemonConfiguration.parse("[calendar]\nfeed = \"no\"\n", path: "c.toml")
    }
  }

  @Test func reportsEveryProblemWithKeyAndLine() {
    do {
      _ = try DaemonConfiguration.parse(
        """
        [rpc]
        max_frame_bytes = "big"
        max_conections = 5
        [daemon]
        log_level = "loud"
        [events]
        retained = 5
        """, path: "/c/config.toml")
      Issue.record("accepted a bad file")
    } catch {
      let text = error.description
      #expect(error.problems.count == 4)
      #expect(text.contains("/c/config.toml:2: rpc.max_frame_bytes: expected an integer, got a string"))
      #expect(text.contains("/c/config.toml:3: unknown key rpc.max_conections"))
      #expect(text.contains("/c/config.toml:5: daemon.log_level: unknown level \"loud\""))
      #expect(text.contains("/c/config.toml:7: events.retained: 5 is out of range"))
    }
  }

  @Test func documentedDefaultsParseBackToDefaults() throws {
    let uncommented = ConfigurationKeys.documentedDefaults().split(separator: "\n").map { line in
      line.hasPrefix("# ") && line.contains(" = ") ? String(line.dropFirst(2)) : String(line)
    }.joined(separator: "\n")
    var parsed = try DaemonConfiguration.parse(uncommented, path: "defaults")
    #expect(parsed.givenKeys == Set(ConfigurationKeys.all.map(\.name)))
    parsed.givenKeys = []
    #expect(parsed == DaemonConfiguration())
  }

  /// RPP's shoots are reminded at 18:00 the evening before (their kind says so) while other
  /// kinds keep 20:00, until the user sets a time for all, even the default one.
  @Test func aKindsOwnEveningTimeYieldsToTheUsers() throws {
    let order = ItemKind(rawValue: "order")
    let assignment = ItemKind(rawValue: "assignment")
    let unset = NotificationSettings(DaemonConfiguration(), language: .en)
    #expect(unset.rules[order].eveningBefore?.time == LocalTime(hour: 18, minute: 0))
    #expect(unset.rules[assignment].eveningBefore?.time == LocalTime(hour: 20, minute: 0))
    #expect(NotificationSettings().rules[order].eveningBefore?.time == LocalTime(hour: 18, minute: 0))
    let given = try DaemonConfiguration.parse("[reminders]\nevening_before = \"20:00\"\n", path: "c.toml")
    #expect(
      NotificationSettings(given, language: .en).rules[order].eveningBefore?.time == LocalTime(hour: 20, minute: 0))
    let none = try DaemonConfiguration.parse("[reminders]\nevening_before = \"\"\n", path: "c.toml")
    #expect(NotificationSettings(none, language: .en).rules[order].eveningBefore == nil)
  }
}

import OutpostModel
import OutpostReminders
import Testing

@Test func ruleKindsHaveStableNames() {
  #expect(ReminderRuleKind.allCases.map(\.rawValue) == ["evening-before", "before-start"])
  #expect(ReminderRuleKind.deadline("report") == "deadline:report")
  #expect(ReminderRuleKind.deadlineName(of: "deadline:report") == "report")
  #expect(ReminderRuleKind.deadlineName(of: "before-start") == nil)
}

@Suite struct ParsingTests {
  @Test func timesOfDay() throws {
    #expect(try LocalTime.parse("20:00") == LocalTime(hour: 20, minute: 0))
    #expect(try LocalTime.parse(" 7:05 ") == LocalTime(hour: 7, minute: 5))
    #expect(try LocalTime.parse("7:05").description == "07:05")
    for bad in ["24:00", "20:60", "20", "20:0", "8pm", "", "-1:00", "20:00:00"] {
      #expect(throws: ReminderParseError.self, "\(bad)") { try LocalTime.parse(bad) }
    }
  }

  /// The parse by bytes against the one by Characters it replaced, on every text of up to four
  /// pieces from digits, colons, blanks, a letter and multi-byte characters, and around blanks.
  @Test func timesOfDayParseAsByCharacters() {
    func reference(_ text: String) -> LocalTime? {
      let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
        parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
        let hour = Int(parts[0]), let minute = Int(parts[1])
      else { return nil }
      return LocalTime(hour: hour, minute: minute)
    }
    let pieces = ["0", "2", "5", "9", "07", "23", ":", " ", "x", "é", "\u{301}", "٣"]
    var texts = [""]
    var last = [""]
    for _ in 1...4 {
      last = last.flatMap { text in pieces.map { text + $0 } }
      texts += last
    }
    texts += ["\t7:05\n", "\u{A0}07:30\u{2003}", " 23:59 ", "0:00", "00:00", "24:00", "12:60"]
    var accepted = 0
    for text in texts {
      let parsed = try? LocalTime.parse(text)
      #expect(parsed == reference(text), "\(text.debugDescription)")
      if parsed != nil { accepted += 1 }
    }
    #expect(accepted > 100)
  }

  @Test func durations() throws {
    #expect(try ReminderDuration.parse("5m") == .seconds(300))
    #expect(try ReminderDuration.parse("15m") == .seconds(900))
    #expect(try ReminderDuration.parse("1h") == .seconds(3600))
    #expect(try ReminderDuration.parse("90m") == .seconds(5400))
    #expect(try ReminderDuration.parse("1d") == .seconds(86_400))
    #expect(try ReminderDuration.parse("1h30m") == .seconds(5400))
    #expect(try ReminderDuration.parse("2H") == .seconds(7200))
    #expect(ReminderDuration.format(.seconds(5400)) == "1h30m")
    #expect(ReminderDuration.format(.seconds(86_400 + 60)) == "1d1m")
    #expect(ReminderDuration.format(.seconds(45)) == "45s")
  }

  @Test func durationErrorsSayWhatToWrite() {
    func message(_ text: String) -> String {
      do {
        _ = try ReminderDuration.parse(text)
        return ""
      } catch {
        return error.description
      }
    }
    #expect(message("15") == "“15” has no unit: write 15m (minutes), 15h (hours) or 15d (days)")
    #expect(message("5x").hasPrefix("unknown unit “x”"))
    #expect(message("0m") == "a duration must be longer than zero")
    #expect(message("").hasPrefix("no duration given"))
    #expect(message("-5m").contains("is not a duration"))
    #expect(message("h").contains("a number comes before each unit"))
    #expect(message("400d").contains("too long"))
    #expect(message("99999999999m").contains("too long"))
  }
}

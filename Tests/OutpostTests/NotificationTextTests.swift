import Foundation
import OutpostConnectors
import OutpostModel
import OutpostStore
import Testing

@testable import OutpostDaemon

@Suite struct NotificationTextTests {
  @Test func everyTextHasEveryLanguageWithTheSamePlaceholders() {
    for key in NotificationText.allCases {
      let entries = NotificationText.table[key] ?? [:]
      #expect(Set(entries.keys) == Set(Language.allCases), "\(key) lacks a language")
      let placeholders = { (text: String) in Set((0..<6).filter { text.contains("{\($0)}") }) }
      let english = placeholders(entries[.en] ?? "")
      for (language, text) in entries {
        #expect(placeholders(text) == english, "\(key) in \(language) has other placeholders")
      }
    }
    #expect(NotificationText.needsLogin(.de, "Verein") == "Verein braucht eine neue Anmeldung")
  }

  /// Connectors declare their notifications' words; each language must take the same
  /// placeholders (a German text without `{0}` would drop the game's name).
  @Test func everyDeclaredAnnouncementHasTheSamePlaceholdersInEveryLanguage() throws {
    let placeholders = { (text: String) in Set((0..<6).filter { text.contains("{\($0)}") }) }
    let announcements = ConnectorRegistry.itemKinds.flatMap(\.announcements)
    #expect(announcements.count >= 6)
    for announcement in announcements {
      for text in [announcement.summary, announcement.grouped].compactMap({ $0 }) {
        let english = placeholders(text.en)
        #expect(english == [0], "\(announcement.category): \(text.en)")
        for language in Language.allCases {
          #expect(placeholders(text[language]) == english, "\(announcement.category) in \(language): \(text[language])")
          #expect(!text[language].isEmpty)
        }
      }
      #expect(NotificationCategory.isWellFormed(announcement.category), "\(announcement.category)")
    }
    let assignment = try #require(ConnectorRegistry.itemKind(.assignment))
    let cancelled = try #require(assignment.announcements.first { $0.category == "cancelled" })
    #expect(cancelled.summary(.de, "A – B") == "Abgesagt: A – B")
  }

  @Test func quietHoursMayWrapMidnight() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Zurich"))
    let night = try #require(QuietHours("22:00-07:00"))
    func at(_ hour: Int, _ minute: Int) -> Date {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      return calendar.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: hour, minute: minute))!
    }
    #expect(night.contains(at(23, 30), timeZone: zone))
    #expect(night.contains(at(6, 59), timeZone: zone))
    #expect(!night.contains(at(7, 0), timeZone: zone))
    #expect(!night.contains(at(12, 0), timeZone: zone))
    let lunch = try #require(QuietHours("12:00-13:30"))
    #expect(lunch.contains(at(13, 29), timeZone: zone) && !lunch.contains(at(13, 30), timeZone: zone))
    #expect(QuietHours("22:00") == nil && QuietHours("25:00-07:00") == nil && QuietHours("07:00-07:00") == nil)
    #expect(night.description == "22:00-07:00")
    var prefs = NotificationPreferences(disabled: ["changed"], quietHours: lunch)
    #expect(!prefs.shows(.changed, at: at(9, 0), timeZone: zone))
    #expect(prefs.shows(.reminder, at: at(9, 0), timeZone: zone))
    #expect(!prefs.shows(.reminder, at: at(12, 15), timeZone: zone))
    prefs.quietHours = nil
    #expect(prefs.shows(.reminder, at: at(12, 15), timeZone: zone))
  }
}

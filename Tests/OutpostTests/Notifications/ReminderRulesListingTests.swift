import OutpostModel
import OutpostRPC
import Testing

@testable import OutpostDaemon

/// `reminders rules` says what fires (issue 48 §5): it said "the evening before at 20:00" for
/// every account while RPP's shoots, whose kind declares 18:00, were reminded at 18:00.
@Suite struct ReminderRulesListingTests {
  @Test func aKindWithItsOwnEveningIsListedOnItsOwnLine() throws {
    let listed = ReminderRuleOverride.describe(NotificationSettings.defaultRules(), account: nil)
    let general = try #require(listed.first)
    #expect(general.kind == nil && general.eveningBefore == "20:00" && general.beforeMinutes == 60)
    let shoot = try #require(listed.first { $0.kind == "order" })
    #expect(shoot.eveningBefore == "18:00" && shoot.beforeMinutes == 60)
    #expect(shoot.kindNoun?[.de] == "Shooting")
    #expect(listed.count == 2, "\(listed)")
  }
}

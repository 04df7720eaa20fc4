import OutpostReminders
import Testing

@Test func ruleKindsHaveStableNames() {
  #expect(ReminderRuleKind.allCases.map(\.rawValue) == ["evening-before", "before-start"])
}

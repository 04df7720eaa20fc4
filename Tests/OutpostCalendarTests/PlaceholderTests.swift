import Testing

@Test func calendarPlaceholder() { #expect(Bool(true)) }

import OutpostModel
import OutpostSnapshot
import Testing

@Suite struct SnapshotCatalogTests {
  static func placeholders(_ text: String) -> Set<String> {
    Set((0..<10).map { "{\($0)}" }.filter { text.contains($0) })
  }

  @Test(arguments: SnapshotMessage.allCases)
  func everyMessageHasEveryLanguageWithTheSamePlaceholders(key: SnapshotMessage) {
    let english = SnapshotLocalizer(.en)(key)
    #expect(english != key.rawValue, "no English text for \(key)")
    for language in Language.allCases {
      let template = SnapshotLocalizer(language)(key)
      #expect(template != key.rawValue, "\(key) has no \(language) text")
      #expect(Self.placeholders(template) == Self.placeholders(english), "\(key) in \(language)")
      if language != .en {
        #expect(template != english || !english.contains(" "), "\(key) in \(language) is untranslated")
      }
      #expect(!SnapshotLocalizer(language)(key, "A", "B", "C").contains("{"), "\(key) in \(language)")
    }
  }
}

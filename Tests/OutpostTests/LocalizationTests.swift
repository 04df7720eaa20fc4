import OutpostModel
import Testing

@Suite struct LocalizationTests {
  static func placeholders(_ text: String) -> Set<String> {
    Set((0..<10).map { "{\($0)}" }.filter { text.contains($0) })
  }

  @Test(arguments: MessageKey.allCases)
  func everyMessageHasEveryLanguageWithTheSamePlaceholders(key: MessageKey) {
    let english = Localizer(.en)(key)
    #expect(english != key.rawValue, "no English text for \(key)")
    let filledEnglish = Localizer(.en)(key, "A", "B", "C", "D", "E", "F")
    for language in Language.allCases {
      let template = Localizer(language)(key)
      #expect(template != key.rawValue, "\(key) has no \(language) text")
      #expect(Self.placeholders(template) == Self.placeholders(english), "\(key) in \(language)")
      if language != .en {
        #expect(template != english || !english.contains(" "), "\(key) in \(language) is untranslated")
      }
      #expect(!Localizer(language)(key, "A", "B", "C", "D", "E", "F").contains("{"), "\(key) in \(language)")
    }
    #expect(!filledEnglish.contains("{"))
  }

  @Test func languageComesFromTheEnvironment() {
    #expect(Language.preferred(environment: [:]) == .en)
    #expect(Language.preferred(environment: ["LANG": "de_CH.UTF-8"]) == .de)
    #expect(Language.preferred(environment: ["LANG": "de_CH.UTF-8", "LC_ALL": "fr_FR.UTF-8"]) == .fr)
    #expect(Language.preferred(environment: ["LANG": "it_IT.UTF-8", "LC_MESSAGES": "C"]) == .en)
    #expect(Language.preferred(environment: ["LANG": "es_ES.UTF-8", "LANGUAGE": "pt:it:de"]) == .it)
    #expect(Language.preferred(environment: ["LANG": "C", "LANGUAGE": "de"]) == .en)
    #expect(Language.preferred(environment: ["LANG": "fr_FR.UTF-8", "OUTPOST_LANG": "de"]) == .de)
    #expect(Language.preferred(environment: ["LANG": "ja_JP.UTF-8"]) == .en)
  }
}

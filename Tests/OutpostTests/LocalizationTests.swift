import OutpostModel
import Testing

@Suite struct LocalizationTests {
  /// The `{n}` a text uses: as a placeholder, or as the count of a plural (`{n?one|other}`,
  /// whose texts' placeholders count too).
  static func placeholders(_ text: String) -> Set<String> {
    Set((0..<10).filter { text.contains("{\($0)}") || text.contains("{\($0)?") }.map { "{\($0)}" })
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
      // Counts of 1 take each plural's singular text, and that is well formed too.
      let ones = Localizer(language)(key, arguments: Array(repeating: "1", count: 6))
      #expect(!ones.contains("{"), "\(key) in \(language): \(ones)")
    }
    #expect(!filledEnglish.contains("{"))
  }

  /// `outpost viiraa` and `outpost rpp`: translated, their values filled in, the English unchanged
  /// (tests and scripts read it), commands and units kept as they are.
  static let serviceMessages: [(MessageKey, [String], String)] = [
    (.viiraaChartWritten, ["agp.svg", "14", "2016"], "Wrote agp.svg: 14 days, 2016 sensor readings."),
    (.viiraaReadingsCountNewest, ["288", "7", "3"], "288 readings in the last 7 days, the newest 3 shown:"),
    (
      .viiraaImported, ["96", "7"],
      "Imported 96 readings; they count in `outpost viiraa` now and are sent to ViiRaa as action 7 (`outpost queue`)."
    ),
    (.viiraaSeveralAccounts, ["me, kid"], "You have several ViiRaa accounts (me, kid): name one with --account"),
    (.viiraaWeightChange, ["-0.4"], "-0.4 kg in a week"),
    (.rppBooked, ["RPP-7K3Q9D", "scheduled"], "Booked: RPP-7K3Q9D (scheduled)"),
    (.rppNoOrder, ["42"], "No RPP order \"42\"; `outpost rpp orders` lists them (number, RPP-… or ord_…)"),
    (
      .rppLateFeeSince, ["USD 75.00", "2026-12-02 09:00", "RPP-7K3Q9D"],
      "A late fee of USD 75.00 applies now (free cancellation ended 2026-12-02 09:00). To cancel and pay it: outpost rpp cancel RPP-7K3Q9D --accept-fee"
    ),
    (
      .rppSignedOutEverywhere, ["work"],
      "Signed out of RPP on every device; `outpost account login work` signs this one in again."
    ),
  ]

  @Test(arguments: serviceMessages)
  func viiraaAndRPPMessagesAreTranslated(key: MessageKey, arguments: [String], english: String) {
    #expect(Localizer(.en)(key, arguments: arguments) == english)
    for language in [Language.de, .fr, .it] {
      let text = Localizer(language)(key, arguments: arguments)
      #expect(text != english, "\(key) in \(language)")
      #expect(!text.contains("{"), "\(key) in \(language): \(text)")
      for argument in arguments { #expect(text.contains(argument), "\(key) in \(language): \(text)") }
      for token in ["`outpost viiraa`", "`outpost queue`", "--account", "--accept-fee", " kg"]
      where english.contains(token) {
        #expect(text.contains(token), "\(key) in \(language) lost \(token): \(text)")
      }
    }
  }

  /// Actions read "action N" and items "#N" in every language, so `outpost conflicts resolve 3`
  /// and `outpost show 3` are never confused (issue 48 §3).
  @Test func actionNumbersNeverReadAsItemNumbers() {
    for language in Language.allCases {
      let say = Localizer(language)
      for key in [MessageKey.actionQueued, .actionDone, .actionConflict, .actionFailed, .actionLine] {
        let text = say(key, arguments: ["3", "reschedule", "x", "y"])
        #expect(text.contains(" 3"), "\(key) in \(language): \(text)")
        #expect(!text.contains("#3"), "\(key) in \(language): \(text)")
      }
      #expect(say(.actionOnItem, arguments: ["12"]).contains("#12"))
    }
  }

  /// `outpost agility`'s rows line their figures up in every language (a fresh-eyes tester saw
  /// German's "Gewinn und Verlust  −$81.35" beside "Liquidität       $19,169.95").
  @Test func agilityStatusRowsAlignInEveryLanguage() {
    let rows: [MessageKey] = [.agilityStatusProfit, .agilityStatusCash, .agilityStatusDueNext, .agilityStatusOverdue]
    for language in Language.allCases {
      let say = Localizer(language)
      let texts = rows.map { say($0, arguments: ["¤", "a", "b"]) }
      let columns = Set(texts.map { $0.prefix { $0 != "¤" }.count })
      #expect(columns.count == 1, "\(language): \(texts)")
    }
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

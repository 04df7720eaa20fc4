import Testing

@testable import OutpostModel

/// `{N?one|other}` in a template: the singular or the plural, as argument N counts in the
/// language (CLDR's "one" for whole numbers).
@Suite struct PluralTests {
  static let readings = "{0} {0?reading|readings}"

  @Test func englishSaysOneReadingAndTwoReadings() {
    #expect(Localizer.fill(Self.readings, ["1"], language: .en) == "1 reading")
    #expect(Localizer.fill(Self.readings, ["2"], language: .en) == "2 readings")
    #expect(Localizer.fill(Self.readings, ["0"], language: .en) == "0 readings")
    #expect(Localizer.fill(Self.readings, ["11"], language: .en) == "11 readings")
    // The two-argument fill says it as English does.
    #expect(Localizer.fill(Self.readings, ["1"]) == "1 reading")
  }

  @Test func frenchTakesTheSingularForZeroAndOne() {
    let template = "{0} {0?mesure importée|mesures importées}"
    #expect(Localizer.fill(template, ["0"], language: .fr) == "0 mesure importée")
    #expect(Localizer.fill(template, ["1"], language: .fr) == "1 mesure importée")
    #expect(Localizer.fill(template, ["2"], language: .fr) == "2 mesures importées")
  }

  @Test func germanAndItalianTakeTheSingularForOneOnly() {
    let german = "{0} {0?Messwert|Messwerte}"
    #expect(Localizer.fill(german, ["1"], language: .de) == "1 Messwert")
    #expect(Localizer.fill(german, ["0"], language: .de) == "0 Messwerte")
    #expect(Localizer.fill(german, ["3"], language: .de) == "3 Messwerte")
    let italian = "{0} {0?lettura|letture}"
    #expect(Localizer.fill(italian, ["1"], language: .it) == "1 lettura")
    #expect(Localizer.fill(italian, ["0"], language: .it) == "0 letture")
  }

  @Test(arguments: ["many", "", "1.0", "1,5", " 1", "1 234"])
  func aCountThatIsNotAWholeNumberTakesThePlural(count: String) {
    for language in Language.allCases {
      #expect(Localizer.fill("{0?one|other}", [count], language: language) == "other", "\(count) in \(language)")
    }
  }

  @Test func aPlaceholderInsideAGroupIsFilled() {
    let template = "in the last {1?24 hours|{1} days}, {0} {0?reading|readings}"
    #expect(Localizer.fill(template, ["1", "7"], language: .en) == "in the last 7 days, 1 reading")
    #expect(Localizer.fill(template, ["5", "1"], language: .en) == "in the last 24 hours, 5 readings")
    #expect(Localizer.fill("{0?one {1}|{1} of {0}}", ["1", "x"], language: .en) == "one x")
    #expect(Localizer.fill("{0?one {1}|{1} of {0}}", ["4", "x"], language: .en) == "x of 4")
  }

  @Test func whatCannotBeFilledStaysAsWritten() {
    // A missing argument, as a missing placeholder does; a group without `|` or `}`.
    #expect(Localizer.fill("{0} {1?a|b} {1}", ["1"], language: .en) == "1 {1?a|b} {1}")
    #expect(Localizer.fill("{0?a} {0?b|c", ["1"], language: .en) == "{0?a} {0?b|c")
    #expect(Localizer.fill("{x} {} {", ["1"], language: .en) == "{x} {} {")
    // An argument's own text is not read as a template.
    #expect(Localizer.fill("{0}: {1}", ["{1}", "{0?a|b}"], language: .en) == "{1}: {0?a|b}")
  }

  @Test func theCatalogAndConnectorTextsSayTheirPlurals() {
    #expect(Localizer(.en)(.viiraaReadingsCount, "1", "1") == "1 reading in the last 24 hours:")
    #expect(Localizer(.en)(.viiraaReadingsCount, "288", "7") == "288 readings in the last 7 days:")
    #expect(Localizer(.de)(.viiraaReadingsCount, "1", "14") == "1 Messwert in den letzten 14 Tagen:")
    #expect(Localizer(.fr)(.viiraaImportDryRun, "0").hasPrefix("Essai à blanc : 0 mesure serait importée ;"))
    #expect(Localizer(.it)(.viiraaImportDryRun, "2").hasPrefix("Prova: verrebbero importate 2 letture;"))
    #expect(Localizer(.de)(.syncPoints, "1", "0") == "1 Messwert gespeichert, 0 entfernt")
    #expect(
      Localizer(.en)(.accountRemovedWithActions, "work", "1")
        == "Removed account work, its password and its data; 1 queued action was discarded.")
    let text = LocalizedText(
      en: "{0} {0?task|tasks}", de: "{0} {0?Aufgabe|Aufgaben}", fr: "{0} {0?tâche|tâches}", it: "")
    #expect(text(.fr, "0") == "0 tâche")
    #expect(text(.de, "2") == "2 Aufgaben")
  }
}

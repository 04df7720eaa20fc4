import OutpostModel
import Testing

/// What a kind declares for a person to read (issue 48 §3): labelled fields in each language,
/// and its deadlines by name, numbered ones by their stem.
@Suite struct DetailFieldTests {
  let declaration = ItemKindDeclaration(
    .task, noun: "task", appointment: true,
    valueLabels: ["mode": ["car": LocalizedText(en: "car", de: "Auto", fr: "voiture", it: "auto")]],
    nouns: LocalizedText(en: "task", de: "Aufgabe", fr: "tâche", it: "attività"),
    fields: [
      DetailField("done", LocalizedText(en: "done", de: "erledigt", fr: "faite", it: "fatta"), .yesNo),
      DetailField("distance", LocalizedText(en: "distance", de: "Distanz", fr: "distance", it: "distanza"), .metres),
      DetailField("mode", LocalizedText(en: "by", de: "mit", fr: "en", it: "in")),
      DetailField("missing", LocalizedText(en: "missing", de: "fehlt", fr: "manque", it: "manca")),
      DetailField("due", LocalizedText(en: "due", de: "fällig", fr: "échéance", it: "scadenza"), .day),
    ],
    deadlineLabels: [
      "due": LocalizedText(en: "due today", de: "heute fällig", fr: "aujourd'hui", it: "oggi"),
      "overdue-week-": LocalizedText(en: "week {0}", de: "Woche {0}", fr: "semaine {0}", it: "settimana {0}"),
    ])

  @Test func fieldsAreLabelledAndWrittenInTheReadersLanguageAndAbsentOnesLeftOut() {
    let item = Item(
      kind: .task, upstreamID: "1", title: "T",
      details: ["done": true, "distance": 21000, "mode": "car", "due": "2026-11-05", "other": "x"])
    let german = declaration.labelledFields(of: item, in: .de)
    #expect(german.map(\.label) == ["erledigt", "Distanz", "mit", "fällig"])
    #expect(german.map(\.value) == ["ja", "21 km", "Auto", "2026-11-05"])
    #expect(german.last?.format == .day)
    #expect(declaration.labelledFields(of: item, in: .fr).map(\.value) == ["oui", "21 km", "voiture", "2026-11-05"])
    #expect(declaration.noun(in: .it) == "attività")
  }

  @Test func aNumberedDeadlineTakesItsStemsLabelWithItsNumber() {
    #expect(declaration.deadlineLabel("due")?[.de] == "heute fällig")
    #expect(declaration.deadlineLabel("overdue-week-3")?[.de] == "Woche 3")
    #expect(declaration.deadlineLabel("overdue-week-12")?[.fr] == "semaine 12")
    #expect(declaration.deadlineLabel("overdue-week-") == nil)
    #expect(declaration.deadlineLabel("something") == nil)
  }

  @Test func aTitleIsTheFirstTemplateWhoseDetailsTheItemHas() {
    let titled = ItemKindDeclaration(
      .invoice, noun: "invoice", appointment: true,
      titles: [
        LocalizedText(en: "Invoice {number} · {client}", de: "Rechnung {number} · {client}", fr: "", it: ""),
        LocalizedText(en: "Invoice {number}", de: "Rechnung {number}", fr: "", it: ""),
      ])
    let both = Item(kind: .invoice, upstreamID: "1", title: "raw", details: ["number": "INV-7", "client": "Acme"])
    let numberOnly = Item(kind: .invoice, upstreamID: "2", title: "raw", details: ["number": "INV-8", "client": ""])
    let neither = Item(kind: .invoice, upstreamID: "3", title: "raw", details: [:])
    #expect(titled.title(of: both, in: .de) == "Rechnung INV-7 · Acme")
    #expect(titled.title(of: numberOnly, in: .de) == "Rechnung INV-8")
    #expect(titled.title(of: neither, in: .de) == "raw")
    #expect(declaration.title(of: both, in: .de) == "raw")
  }

  @Test func aMeasurementInATitleTakesTheLanguagesDecimalSeparator() {
    let weight = ItemKindDeclaration(
      ItemKind(rawValue: "weight"), noun: "weight", appointment: false,
      titles: [LocalizedText(en: "{kgShown} kg", de: "{kgShown} kg", fr: "{kgShown} kg", it: "{kgShown} kg")])
    let item = Item(
      kind: ItemKind(rawValue: "weight"), upstreamID: "w", title: "87.8 kg", details: ["kgShown": .double(87.8)])
    #expect(weight.title(of: item, in: .en) == "87.8 kg")
    #expect(weight.title(of: item, in: .de) == "87,8 kg")
    #expect(weight.title(of: item, in: .fr) == "87,8 kg")
  }
}

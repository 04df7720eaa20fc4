/// The messages of `outpost agility spending`. Amounts, months and commands are filled in.
extension Catalog {
  static let agilitySpendingEntries: [MessageKey: [Language: String]] = [
    .agilitySpendingHeader: [
      .en: "Business expenses by category · {0}: {1}", .de: "Geschäftsausgaben nach Kategorie · {0}: {1}",
      .fr: "Dépenses professionnelles par catégorie · {0} : {1}", .it: "Spese aziendali per categoria · {0}: {1}",
    ],
    .agilitySpendingNone: [
      .en: "No business expenses in {0}.", .de: "Keine Geschäftsausgaben im {0}.",
      .fr: "Aucune dépense professionnelle en {0}.", .it: "Nessuna spesa aziendale a {0}.",
    ],
    .agilitySpendingUncategorised: [
      .en: "Also {0} out without a category ({1} {1?transaction|transactions}, counted nowhere): `{2}`",
      .de: "Dazu {0} ausgegeben ohne Kategorie ({1} {1?Buchung|Buchungen}, nirgends gezählt): `{2}`",
      .fr: "Et {0} sortis sans catégorie ({1} {1?opération|opérations}, comptées nulle part) : `{2}`",
      .it: "Inoltre {0} usciti senza categoria ({1} {1?movimento|movimenti}, non contati): `{2}`",
    ],
    .agilitySpendingNotBusiness: [
      .en: "Also {0} out filed as personal, not business ({1} {1?transaction|transactions}, not counted here)",
      .de: "Dazu {0} ausgegeben als privat, nicht geschäftlich ({1} {1?Buchung|Buchungen}, hier nicht gezählt)",
      .fr: "Et {0} sortis classés personnels, non professionnels ({1} {1?opération|opérations}, non comptées ici)",
      .it: "Inoltre {0} usciti come personali, non aziendali ({1} {1?movimento|movimenti}, non contati qui)",
    ],
    .agilitySpendingTrendHeader: [
      .en: "Income and expenses, the last {0} {0?month|months}",
      .de: "Einnahmen und Ausgaben, {0?der letzte Monat|die letzten {0} Monate}",
      .fr: "Recettes et dépenses, {0?le dernier mois|les {0} derniers mois}",
      .it: "Entrate e spese, {0?l'ultimo mese|gli ultimi {0} mesi}",
    ],
    .agilitySpendingIn: [.en: "in", .de: "ein", .fr: "entrées", .it: "entrate"],
    .agilitySpendingOut: [.en: "out", .de: "aus", .fr: "sorties", .it: "uscite"],
    .agilitySpendingMonthsRange: [
      .en: "--months is between 1 and 24.", .de: "--months liegt zwischen 1 und 24.",
      .fr: "--months est compris entre 1 et 24.", .it: "--months è compreso tra 1 e 24.",
    ],
    .agilitySpendingWritten: [
      .en: "Wrote {0}: {1}, the trend of {2} {2?month|months}.",
      .de: "{0} geschrieben: {1}, Verlauf über {2} {2?Monat|Monate}.",
      .fr: "{0} écrit : {1}, l'évolution sur {2} mois.",
      .it: "Scritto {0}: {1}, l'andamento di {2} {2?mese|mesi}.",
    ],
  ]
}

import OutpostModel

/// What VolleyManager's items are to the rest of Outpost: how each kind shows, which take the
/// referee's reminders, the news a sync gives about them, and the VolleyKit app's links.
extension VolleyManagerConnector {
  static let itemKindDeclarations: [ItemKindDeclaration] = [
    ItemKindDeclaration(
      .assignment, noun: "assignment", appointment: true, subtitle: ["league", "positionLabel"],
      startReminders: true,
      announcements: [
        ChangeAnnouncement(
          category: "new-assignment", on: [.new],
          summary: LocalizedText(
            en: "New assignment: {0}", de: "Neues Aufgebot: {0}", fr: "Nouvelle convocation : {0}",
            it: "Nuova designazione: {0}"),
          grouped: LocalizedText(
            en: "{0} new assignments", de: "{0} neue Aufgebote", fr: "{0} nouvelles convocations",
            it: "{0} nuove designazioni")),
        ChangeAnnouncement(
          category: "cancelled", on: [.cancelled],
          summary: LocalizedText(en: "Cancelled: {0}", de: "Abgesagt: {0}", fr: "Annulé : {0}", it: "Annullato: {0}"),
          grouped: LocalizedText(
            en: "{0} games cancelled", de: "{0} Spiele abgesagt", fr: "{0} matchs annulés",
            it: "{0} partite annullate")),
        ChangeAnnouncement(
          category: "changed", on: [.changed(fields: ["time"])],
          summary: LocalizedText(
            en: "Time changed: {0}", de: "Neue Zeit: {0}", fr: "Horaire modifié : {0}", it: "Orario cambiato: {0}"),
          grouped: changedMany),
        ChangeAnnouncement(
          category: "changed", on: [.changed(fields: ["venue"])],
          summary: LocalizedText(
            en: "Venue changed: {0}", de: "Neuer Spielort: {0}", fr: "Lieu modifié : {0}",
            it: "Luogo cambiato: {0}"),
          grouped: changedMany),
      ]),
    ItemKindDeclaration(
      .compensation, noun: "compensation", appointment: false, subtitle: ["league"],
      amount: AmountField(valueKey: "cost", currency: "CHF"),
      // Income: kept for the tax years it counts in, not 90 days after the game.
      retention: .taxRecords),
    ItemKindDeclaration(
      .exchange, noun: "exchange entry", appointment: false, subtitle: ["league", "positionLabel"],
      announcements: [
        // Only the user's own offers: other referees' entries come and go all day.
        ChangeAnnouncement(
          category: "exchange-taken", on: [.gone], onlyWhen: ["mine": .bool(true)],
          summary: LocalizedText(
            en: "Your exchange offer was taken: {0}", de: "Dein Tauschangebot wurde übernommen: {0}",
            fr: "Votre offre d'échange a été reprise : {0}", it: "La tua offerta di scambio è stata presa: {0}"))
      ], followsCancellationOf: "gameNumber"),
  ]

  private static let changedMany = LocalizedText(
    en: "{0} assignments changed", de: "{0} Aufgebote geändert", fr: "{0} convocations modifiées",
    it: "{0} designazioni cambiate")

  /// The VolleyKit app's links, which the connector records on every item.
  static let linkSchemes = [
    LinkScheme("volleykit", appName: "VolleyKit", paths: ["assignment", "exchange", "compensation"])
  ]
}

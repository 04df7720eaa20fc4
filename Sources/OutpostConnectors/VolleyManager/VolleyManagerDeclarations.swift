import OutpostModel

/// What VolleyManager's items are to the rest of Outpost: how each kind shows, which take the
/// referee's reminders, the news a sync gives about them, and the VolleyKit app's links.
extension VolleyManagerConnector {
  static let itemKindDeclarations: [ItemKindDeclaration] = [
    ItemKindDeclaration(
      .assignment, noun: "assignment", appointment: true, subtitle: ["league", "positionLabel"],
      valueLabels: ["positionLabel": positionLabels], startReminders: true,
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
      ], nouns: LocalizedText(en: "assignment", de: "Aufgebot", fr: "convocation", it: "designazione")),
    ItemKindDeclaration(
      .compensation, noun: "compensation", appointment: false, subtitle: ["league"],
      amount: AmountField(valueKey: "cost", currency: "CHF"),
      // Income: kept for the tax years it counts in, not 90 days after the game.
      retention: .taxRecords,
      nouns: LocalizedText(en: "compensation", de: "Entschädigung", fr: "indemnité", it: "indennità"),
      fields: [
        DetailField("gameNumber", LocalizedText(en: "game", de: "Spiel", fr: "match", it: "partita")),
        DetailField(
          "gameCompensation",
          LocalizedText(en: "game fee", de: "Spielentschädigung", fr: "indemnité de match", it: "indennità partita"),
          .money),
        DetailField(
          "travelExpenses",
          LocalizedText(en: "travel", de: "Reisespesen", fr: "frais de déplacement", it: "spese di viaggio"),
          .money),
        DetailField(
          "distanceInMetres", LocalizedText(en: "distance", de: "Distanz", fr: "distance", it: "distanza"), .metres),
        DetailField(
          "paymentValueDate", LocalizedText(en: "paid on", de: "ausbezahlt am", fr: "payée le", it: "pagata il"), .day),
      ]),
    ItemKindDeclaration(
      .exchange, noun: "exchange entry", appointment: false, subtitle: ["league", "positionLabel"],
      valueLabels: ["positionLabel": positionLabels],
      announcements: [
        // Only the user's own offers: other referees' entries come and go all day.
        ChangeAnnouncement(
          category: "exchange-taken", on: [.gone], onlyWhen: ["mine": .bool(true)],
          summary: LocalizedText(
            en: "Your exchange offer was taken: {0}", de: "Ihr Tauschangebot wurde übernommen: {0}",
            fr: "Votre offre d'échange a été reprise : {0}", it: "La tua offerta di scambio è stata presa: {0}"))
      ], followsCancellationOf: "gameNumber",
      nouns: LocalizedText(en: "exchange entry", de: "Tauschangebot", fr: "offre d'échange", it: "offerta di scambio")),
  ]

  private static let changedMany = LocalizedText(
    en: "{0} assignments changed", de: "{0} Aufgebote geändert", fr: "{0} convocations modifiées",
    it: "{0} designazioni cambiate")

  /// The VolleyKit app's links, which the connector records on every item.
  static let linkSchemes = [
    LinkScheme("volleykit", appName: "VolleyKit", paths: ["assignment", "exchange", "compensation"])
  ]

  /// The words for a referee's position, by the English label the items keep
  /// (`VolleyManagerItems.positions`), as Swiss Volley says them in each language.
  static let positionLabels: [String: LocalizedText] = [
    "1st referee": LocalizedText(en: "1st referee", de: "1. Schiedsrichter", fr: "1er arbitre", it: "1° arbitro"),
    "2nd referee": LocalizedText(en: "2nd referee", de: "2. Schiedsrichter", fr: "2e arbitre", it: "2° arbitro"),
    "line judge 1": LocalizedText(
      en: "line judge 1", de: "Linienrichter 1", fr: "juge de ligne 1", it: "giudice di linea 1"),
    "line judge 2": LocalizedText(
      en: "line judge 2", de: "Linienrichter 2", fr: "juge de ligne 2", it: "giudice di linea 2"),
    "line judge 3": LocalizedText(
      en: "line judge 3", de: "Linienrichter 3", fr: "juge de ligne 3", it: "giudice di linea 3"),
    "line judge 4": LocalizedText(
      en: "line judge 4", de: "Linienrichter 4", fr: "juge de ligne 4", it: "giudice di linea 4"),
    "standby referee": LocalizedText(
      en: "standby referee", de: "Ersatzschiedsrichter", fr: "arbitre de réserve", it: "arbitro di riserva"),
    "standby line judge": LocalizedText(
      en: "standby line judge", de: "Ersatzlinienrichter", fr: "juge de ligne de réserve",
      it: "giudice di linea di riserva"),
  ]
}

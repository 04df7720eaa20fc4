import OutpostModel

extension ItemKind {
  /// A glucose reading (ViiRaa), keyed by its dedup key so that a synced, an imported and a
  /// phone-sent copy of the same reading are one item.
  public static let glucoseReading = ItemKind(rawValue: "glucose")
  /// A weighing (ViiRaa).
  public static let weightReading = ItemKind(rawValue: "weight")
  /// One local day's steps and exercise (ViiRaa).
  public static let activityDay = ItemKind(rawValue: "activity-day")
  /// One occurrence of a coaching reminder, expanded locally from its RRULE (ViiRaa).
  public static let coachingReminder = ItemKind(rawValue: "coaching")
  /// A coach's or the programme's insight (ViiRaa).
  public static let insight = ItemKind(rawValue: "insight")
  /// The user's ViiRaa profile: time zone, glucose unit, personal range.
  public static let healthProfile = ItemKind(rawValue: "health-profile")
}

/// How ViiRaa's items show and what news they give. Readings are data, not appointments: they
/// stay out of the agenda, the calendars and the bar's "next". Coaching reminders are
/// appointments (they go to the calendars) reminded at their own time through a deadline an
/// hour after it (a reminder to check glucose at 08:00 is pointless by 09:00), with Done and
/// the service's own snooze as buttons; an insight opened from its notification is marked read.
enum ViiRaaKinds {
  /// Where a reading came from (viiraa.md), in each language.
  static let sources: [String: LocalizedText] = [
    "scale": LocalizedText(en: "scale", de: "Waage", fr: "balance", it: "bilancia"),
    "manual": LocalizedText(en: "typed in", de: "eingetippt", fr: "saisie", it: "inserito"),
    "phone_sync": LocalizedText(en: "phone", de: "Telefon", fr: "téléphone", it: "telefono"),
    "libreview_csv": LocalizedText(
      en: "LibreView export", de: "LibreView-Export", fr: "export LibreView", it: "esportazione LibreView"),
    "dexcom_clarity_csv": LocalizedText(
      en: "Dexcom Clarity export", de: "Dexcom-Clarity-Export", fr: "export Dexcom Clarity",
      it: "esportazione Dexcom Clarity"),
  ]

  /// How a glucose value was measured, in each language.
  static let readingKinds: [String: LocalizedText] = [
    "cgm": LocalizedText(en: "sensor", de: "Sensor", fr: "capteur", it: "sensore"),
    "scan": LocalizedText(en: "scan", de: "Scan", fr: "scan", it: "scansione"),
    "fingerstick": LocalizedText(en: "finger prick", de: "Fingerstich", fr: "glycémie capillaire", it: "pungidito"),
    "manual": LocalizedText(en: "typed in", de: "eingetippt", fr: "saisie", it: "inserito"),
  ]

  static let declarations: [ItemKindDeclaration] = [
    ItemKindDeclaration(
      .glucoseReading, noun: "glucose reading", appointment: false, subtitle: ["kind", "source"],
      valueLabels: ["kind": readingKinds, "source": sources],
      nouns: LocalizedText(
        en: "glucose reading", de: "Glukosewert", fr: "mesure de glycémie", it: "misurazione della glicemia")),
    // Health history, like the glucose series: a year of weigh-ins and steps is what the user
    // looks back on, not an ended item.
    ItemKindDeclaration(
      .weightReading, noun: "weight", appointment: false, subtitle: ["source"], valueLabels: ["source": sources],
      retention: ItemRetention(.forever),
      nouns: LocalizedText(en: "weight", de: "Gewicht", fr: "poids", it: "peso"),
      titles: [LocalizedText(en: "{kgShown} kg", de: "{kgShown} kg", fr: "{kgShown} kg", it: "{kgShown} kg")]),
    ItemKindDeclaration(
      // Its numbers as labelled fields, in the reader's words ("exerciseMinutesText" is English).
      .activityDay, noun: "activity day", appointment: false, retention: ItemRetention(.forever),
      nouns: LocalizedText(
        en: "activity day", de: "Aktivitätstag", fr: "journée d'activité", it: "giornata di attività"),
      fields: [
        DetailField("steps", LocalizedText(en: "steps", de: "Schritte", fr: "pas", it: "passi")),
        DetailField(
          "exerciseMinutes",
          LocalizedText(en: "exercise (min)", de: "Bewegung (Min.)", fr: "exercice (min)", it: "esercizio (min)")),
        DetailField("distanceM", LocalizedText(en: "distance", de: "Distanz", fr: "distance", it: "distanza"), .metres),
      ],
      titles: [LocalizedText(en: "{steps} steps", de: "{steps} Schritte", fr: "{steps} pas", it: "{steps} passi")]),
    ItemKindDeclaration(
      .coachingReminder, noun: "coaching reminder", appointment: true, subtitle: ["body"],
      notificationButtons: [
        NotificationButton(
          key: "done", action: .viiraaReminderDone,
          label: LocalizedText(en: "Done", de: "Erledigt", fr: "Fait", it: "Fatto")),
        NotificationButton(
          key: "snooze-30", action: .viiraaReminderSnooze, params: ["minutes": 30],
          label: LocalizedText(en: "Snooze 30 min", de: "30 Min. später", fr: "Reporter 30 min", it: "Rinvia 30 min")),
      ],
      nouns: LocalizedText(
        en: "coaching reminder", de: "Coaching-Erinnerung", fr: "rappel du coach", it: "promemoria del coach"),
      deadlineLabels: [
        "coaching": LocalizedText(
          en: "at its time", de: "zur geplanten Zeit", fr: "à l'heure prévue", it: "all'ora prevista")
      ]),
    ItemKindDeclaration(
      .insight, noun: "insight", appointment: false, subtitle: ["body"],
      announcements: [
        ChangeAnnouncement(
          category: "new-insight", on: [.new], onlyWhen: ["unread": .int(1)],
          summary: LocalizedText(
            en: "New insight: {0}", de: "Neue Erkenntnis: {0}", fr: "Nouvel aperçu : {0}", it: "Nuovo spunto: {0}"),
          grouped: LocalizedText(
            en: "{0} new insights", de: "{0} neue Erkenntnisse", fr: "{0} nouveaux aperçus", it: "{0} nuovi spunti"))
      ], unreadKey: "unread", openAction: .viiraaInsightRead,
      // An insight not read yet stays however old: it is still news to the user.
      retention: ItemRetention(.configured, keptWhile: [.active]),
      nouns: LocalizedText(en: "insight", de: "Erkenntnis", fr: "aperçu", it: "spunto")),
    ItemKindDeclaration(
      .healthProfile, noun: "profile", appointment: false,
      nouns: LocalizedText(en: "profile", de: "Profil", fr: "profil", it: "profilo")),
  ]
}

/// The messages of `outpost notifications …` and `outpost reminders …`.
extension Catalog {
  static let notificationEntries: [MessageKey: [Language: String]] = [
    .remindersRulesAll: [
      .en: "Every account: {0}", .de: "Alle Konten: {0}", .fr: "Tous les comptes : {0}", .it: "Tutti gli account: {0}",
    ],
    .remindersRuleEvening: [
      .en: "the evening before at {0}", .de: "am Vorabend um {0}", .fr: "la veille à {0}",
      .it: "la sera prima alle {0}",
    ],
    .remindersRuleBefore: [
      .en: "{0} min before the start", .de: "{0} Min. vor Beginn", .fr: "{0} min avant le début",
      .it: "{0} min prima dell'inizio",
    ],
    .remindersRuleNone: [
      .en: "no reminders", .de: "keine Erinnerungen", .fr: "aucun rappel", .it: "nessun promemoria",
    ],
    .remindersRulesBadEvening: [
      .en: "--evening-before takes a time like 19:30, or off; not \"{0}\"",
      .de: "--evening-before nimmt eine Zeit wie 19:30 oder off; nicht «{0}»",
      .fr: "--evening-before accepte une heure comme 19:30, ou off ; pas « {0} »",
      .it: "--evening-before accetta un orario come 19:30, oppure off; non «{0}»",
    ],
    .remindersRulesBadBefore: [
      .en: "--before takes minutes (0 for none, up to 10080), not {0}",
      .de: "--before nimmt Minuten (0 für keine, bis 10080), nicht {0}",
      .fr: "--before accepte des minutes (0 pour aucun, jusqu'à 10080), pas {0}",
      .it: "--before accetta minuti (0 per nessuno, fino a 10080), non {0}",
    ],
    .notificationsLimitRange: [
      .en: "--limit takes 1 to 1000", .de: "--limit nimmt 1 bis 1000", .fr: "--limit accepte de 1 à 1000",
      .it: "--limit accetta da 1 a 1000",
    ],
    .notificationsNone: [
      .en: "No notifications.", .de: "Keine Benachrichtigungen.", .fr: "Aucune notification.",
      .it: "Nessuna notifica.",
    ],
    .notificationsNoneUnread: [
      .en: "No unread notifications.", .de: "Keine ungelesenen Benachrichtigungen.",
      .fr: "Aucune notification non lue.", .it: "Nessuna notifica non letta.",
    ],
    .notificationsUnreadTotal: [
      .en: "{0} unread in all; `outpost notifications read --all` {0?marks it|marks them} read.",
      .de: "{0} ungelesen insgesamt; `outpost notifications read --all` markiert sie als gelesen.",
      .fr:
        "{0} non {0?lue|lues} en tout ; `outpost notifications read --all` {0?la marque comme lue|les marque comme lues}.",
      .it:
        "{0} non {0?letta|lette} in tutto; `outpost notifications read --all` {0?la segna come letta|le segna come lette}.",
    ],
    .notificationsReadNeedsNumbers: [
      .en: "give the numbers to mark read, or --all",
      .de: "die Nummern angeben, die als gelesen markiert werden sollen, oder --all",
      .fr: "indiquez les numéros à marquer comme lus, ou --all", .it: "indica i numeri da segnare come letti, o --all",
    ],
    .notificationsReadNotBoth: [
      .en: "give the numbers to mark read or --all, not both", .de: "die Nummern oder --all angeben, nicht beides",
      .fr: "indiquez les numéros à marquer comme lus ou --all, pas les deux",
      .it: "indica i numeri da segnare come letti o --all, non entrambi",
    ],
    .notificationsBadNumber: [
      .en: "{0} is not a notification's number", .de: "{0} ist keine Nummer einer Benachrichtigung",
      .fr: "{0} n'est pas un numéro de notification", .it: "{0} non è un numero di notifica",
    ],
    .notificationsMarked: [
      .en: "Marked {0} read; {1} still unread.", .de: "{0} als gelesen markiert; {1} noch ungelesen.",
      .fr: "{0} {0?marquée comme lue|marquées comme lues} ; {1} encore non {1?lue|lues}.",
      .it: "{0} {0?segnata come letta|segnate come lette}; {1} ancora non {1?letta|lette}.",
    ],
    .notificationsEnabledAndDisabled: [
      .en: "{0} is given to both --enable and --disable", .de: "{0} steht sowohl bei --enable als auch bei --disable",
      .fr: "{0} est donné à la fois à --enable et à --disable",
      .it: "{0} è indicato sia con --enable sia con --disable",
    ],
    .notificationsUnknownCategory: [
      .en: "unknown category “{0}”: use one of {1}", .de: "unbekannte Kategorie „{0}“: möglich sind {1}",
      .fr: "catégorie « {0} » inconnue : utilisez l'une de : {1}", .it: "categoria «{0}» sconosciuta: usa una tra: {1}",
    ],
    .notificationsSuppressed: [
      .en: "  [not shown: quiet hours or category off]", .de: "  [nicht angezeigt: Ruhezeit oder Kategorie aus]",
      .fr: "  [non affichée : heures calmes ou catégorie désactivée]",
      .it: "  [non mostrata: ore di silenzio o categoria disattivata]",
    ],
    .notificationsNoServer: [
      .en: "  [not shown: no notification server]", .de: "  [nicht angezeigt: kein Benachrichtigungsdienst]",
      .fr: "  [non affichée : pas de serveur de notifications]", .it: "  [non mostrata: nessun server di notifiche]",
    ],
    .notificationsQuietHoursInvalid: [
      .en: "“{0}” is not a range of quiet hours: write HH:MM-HH:MM (e.g. 22:00-07:00) or off",
      .de: "„{0}“ ist keine Ruhezeit: HH:MM-HH:MM schreiben (z. B. 22:00-07:00) oder off",
      .fr: "« {0} » n'est pas une plage d'heures calmes : écrivez HH:MM-HH:MM (p. ex. 22:00-07:00) ou off",
      .it: "«{0}» non è un intervallo di ore di silenzio: scrivi HH:MM-HH:MM (p. es. 22:00-07:00) o off",
    ],
    .notificationsDesktopAvailable: [
      .en: "Desktop notifications: available", .de: "Desktop-Benachrichtigungen: verfügbar",
      .fr: "Notifications du bureau : disponibles", .it: "Notifiche desktop: disponibili",
    ],
    .notificationsDesktopAvailableThrough: [
      .en: "Desktop notifications: available through {0}", .de: "Desktop-Benachrichtigungen: verfügbar über {0}",
      .fr: "Notifications du bureau : disponibles via {0}", .it: "Notifiche desktop: disponibili tramite {0}",
    ],
    .notificationsDesktopUnavailable: [
      .en: "Desktop notifications: not available: no notification server on the session bus.",
      .de: "Desktop-Benachrichtigungen: nicht verfügbar: kein Benachrichtigungsdienst auf dem Sitzungsbus.",
      .fr: "Notifications du bureau : indisponibles : aucun serveur de notifications sur le bus de session.",
      .it: "Notifiche desktop: non disponibili: nessun server di notifiche sul bus di sessione.",
    ],
    .notificationsKept: [
      .en: "  Notifications are kept and listed by `outpost notifications`.",
      .de: "  Benachrichtigungen werden aufbewahrt und von `outpost notifications` aufgelistet.",
      .fr: "  Les notifications sont conservées et listées par `outpost notifications`.",
      .it: "  Le notifiche sono conservate ed elencate da `outpost notifications`.",
    ],
    .notificationsQuietHours: [
      .en: "Quiet hours: {0}", .de: "Ruhezeit: {0}", .fr: "Heures calmes : {0}", .it: "Ore di silenzio: {0}",
    ],
    .notificationsQuietHoursLocal: [
      .en: "{0} (local time)", .de: "{0} (Ortszeit)", .fr: "{0} (heure locale)", .it: "{0} (ora locale)",
    ],
    .notificationsQuietHoursOff: [.en: "off", .de: "aus", .fr: "aucune", .it: "nessuna"],
    .notificationsCategories: [.en: "Categories:", .de: "Kategorien:", .fr: "Catégories :", .it: "Categorie:"],
    .notificationsCategoryOn: [.en: "on", .de: "ein", .fr: "activée", .it: "attiva"],
    .notificationsCategoryOff: [.en: "off", .de: "aus", .fr: "désactivée", .it: "disattivata"],
    .notificationsOffAtService: [
      .en: "off at the service for {0}", .de: "beim Dienst aus für {0}", .fr: "désactivée chez le service pour {0}",
      .it: "disattivata presso il servizio per {0}",
    ],
    .notificationsWaitingForService: [
      .en: "for {0} waiting in the queue, sent when the service can be reached",
      .de: "für {0} in der Warteschlange, gesendet, sobald der Dienst erreichbar ist",
      .fr: "pour {0} en file d'attente, envoyé dès que le service est joignable",
      .it: "per {0} in coda, inviato appena il servizio è raggiungibile",
    ],
    .remindersNone: [
      .en: "No reminders to come.", .de: "Keine anstehenden Erinnerungen.", .fr: "Aucun rappel à venir.",
      .it: "Nessun promemoria in arrivo.",
    ],
    .remindersNoneRecent: [
      .en: "No reminders, none in the last 7 days either.",
      .de: "Keine Erinnerungen, auch keine in den letzten 7 Tagen.",
      .fr: "Aucun rappel, ni dans les 7 derniers jours.", .it: "Nessun promemoria, nemmeno negli ultimi 7 giorni.",
    ],
    .remindersColumns: [
      .en: "reminder|due|rule|item|state", .de: "Erinnerung|Fällig|Regel|Eintrag|Zustand",
      .fr: "rappel|échéance|règle|élément|état", .it: "promemoria|scadenza|regola|elemento|stato",
    ],
    .remindersBadNumber: [
      .en: "{0} is not a reminder's number", .de: "{0} ist keine Nummer einer Erinnerung",
      .fr: "{0} n'est pas un numéro de rappel", .it: "{0} non è un numero di promemoria",
    ],
    .remindersSnoozed: [
      .en: "Reminder {0} ({1}) snoozed until {2}.", .de: "Erinnerung {0} ({1}) verschoben auf {2}.",
      .fr: "Rappel n° {0} ({1}) reporté au {2}.", .it: "Promemoria n. {0} ({1}) posticipato a {2}.",
    ],
    .remindersDismissed: [
      .en: "Reminder {0} ({1}) dismissed.", .de: "Erinnerung {0} ({1}) verworfen.",
      .fr: "Rappel n° {0} ({1}) ignoré.", .it: "Promemoria n. {0} ({1}) ignorato.",
    ],
    .reminderRuleEveningBefore: [
      .en: "evening before", .de: "Vorabend", .fr: "la veille au soir", .it: "la sera prima",
    ],
    .reminderRuleBeforeStart: [
      .en: "before start", .de: "vor Beginn", .fr: "avant le début", .it: "prima dell'inizio",
    ],
    .reminderRuleDaysBefore: [.en: "{0} d before", .de: "{0} Tg. vorher", .fr: "{0} j avant", .it: "{0} g prima"],
    .reminderRuleHoursBefore: [.en: "{0} h before", .de: "{0} Std. vorher", .fr: "{0} h avant", .it: "{0} h prima"],
    .reminderRuleMinutesBefore: [
      .en: "{0} min before", .de: "{0} Min. vorher", .fr: "{0} min avant", .it: "{0} min prima",
    ],
    .reminderRuleDeadline: [.en: "{0} deadline", .de: "Frist {0}", .fr: "échéance {0}", .it: "scadenza {0}"],
    .reminderStatePending: [.en: "pending", .de: "geplant", .fr: "prévu", .it: "previsto"],
    .reminderStateFired: [.en: "fired", .de: "angezeigt", .fr: "affiché", .it: "mostrato"],
    .reminderStateMissed: [.en: "missed", .de: "verpasst", .fr: "manqué", .it: "perso"],
    .reminderStateWithdrawn: [.en: "withdrawn", .de: "zurückgezogen", .fr: "retiré", .it: "ritirato"],
    .reminderStateDismissed: [.en: "dismissed", .de: "verworfen", .fr: "ignoré", .it: "ignorato"],
    .reminderStateSnoozed: [
      .en: "snoozed until {0}", .de: "verschoben auf {0}", .fr: "reporté au {0}", .it: "posticipato a {0}",
    ],
    .snoozeExample: [
      .en: "write e.g. 15m, 1h, 1h30m or 1d", .de: "z. B. 15m, 1h, 1h30m oder 1d schreiben",
      .fr: "écrivez p. ex. 15m, 1h, 1h30m ou 1d", .it: "scrivi p. es. 15m, 1h, 1h30m o 1d",
    ],
    .snoozeEmpty: [
      .en: "no duration given: {0}", .de: "keine Dauer angegeben: {0}", .fr: "aucune durée indiquée : {0}",
      .it: "nessuna durata indicata: {0}",
    ],
    .snoozeTooLong: [
      .en: "“{0}” is too long: at most 366d", .de: "„{0}“ ist zu lang: höchstens 366d",
      .fr: "« {0} » est trop long : 366d au plus", .it: "«{0}» è troppo lungo: al massimo 366d",
    ],
    .snoozeBadUnit: [
      .en: "“{0}” is not a duration: use m (minutes), h (hours) or d (days); {1}",
      .de: "„{0}“ ist keine Dauer: m (Minuten), h (Stunden) oder d (Tage) verwenden; {1}",
      .fr: "« {0} » n'est pas une durée : utilisez m (minutes), h (heures) ou d (jours) ; {1}",
      .it: "«{0}» non è una durata: usa m (minuti), h (ore) o d (giorni); {1}",
    ],
    .snoozeNoNumber: [
      .en: "“{0}” is not a duration: a number comes before each unit; {1}",
      .de: "„{0}“ ist keine Dauer: vor jeder Einheit steht eine Zahl; {1}",
      .fr: "« {0} » n'est pas une durée : chaque unité suit un nombre ; {1}",
      .it: "«{0}» non è una durata: ogni unità segue un numero; {1}",
    ],
    .snoozeNoUnit: [
      .en: "“{0}” has no unit: write {1}m (minutes), {1}h (hours) or {1}d (days)",
      .de: "„{0}“ hat keine Einheit: {1}m (Minuten), {1}h (Stunden) oder {1}d (Tage) schreiben",
      .fr: "« {0} » n'a pas d'unité : écrivez {1}m (minutes), {1}h (heures) ou {1}d (jours)",
      .it: "«{0}» non ha unità: scrivi {1}m (minuti), {1}h (ore) o {1}d (giorni)",
    ],
    .snoozeZero: [
      .en: "a snooze must be longer than zero", .de: "eine Verschiebung muss länger als null sein",
      .fr: "un report doit durer plus de zéro", .it: "un posticipo deve essere più lungo di zero",
    ],
  ]
}

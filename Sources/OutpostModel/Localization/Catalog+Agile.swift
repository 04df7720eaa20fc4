/// The messages of `outpost agile …`. Slugs, flags, titles and command examples stay as they
/// are in every language; brand names come from configuration.
extension Catalog {
  static let agileEntries: [MessageKey: [Language: String]] = [
    .agileNoBrands: [
      .en:
        "No brand is configured: add one as [[agile.brands]] in config.toml (see `outpost account add --help`), then restart outpostd.",
      .de:
        "Keine Marke eingerichtet: eine als [[agile.brands]] in config.toml eintragen (siehe `outpost account add --help`), dann outpostd neu starten.",
      .fr:
        "Aucune marque configurée : ajoutez-en une comme [[agile.brands]] dans config.toml (voir `outpost account add --help`), puis redémarrez outpostd.",
      .it:
        "Nessun marchio configurato: aggiungine uno come [[agile.brands]] in config.toml (vedi `outpost account add --help`), poi riavvia outpostd.",
    ],
    .agileNoAccount: [
      .en: "There is no Agile Network account; add one with `outpost account add agilenetwork --brand ID`",
      .de: "Es gibt kein Agile-Network-Konto; fügen Sie eines hinzu mit `outpost account add agilenetwork --brand ID`",
      .fr: "Il n'y a aucun compte Agile Network ; ajoutez-en un avec `outpost account add agilenetwork --brand ID`",
      .it: "Non c'è alcun account Agile Network; aggiungine uno con `outpost account add agilenetwork --brand ID`",
    ],
    .agileSeveralAccounts: [
      .en: "Several Agile Network accounts ({0}); say which with --account NAME",
      .de: "Mehrere Agile-Network-Konten ({0}); wählen Sie eines mit --account NAME",
      .fr: "Plusieurs comptes Agile Network ({0}) ; choisissez avec --account NAME",
      .it: "Più account Agile Network ({0}); scegli con --account NAME",
    ],
    .agileNoContent: [
      .en: "Nothing new from the experts you follow in the last 30 days (`outpost agile experts` finds more).",
      .de:
        "Nichts Neues von den Experten, denen Sie folgen, in den letzten 30 Tagen (`outpost agile experts` findet mehr).",
      .fr:
        "Rien de neuf des experts que vous suivez ces 30 derniers jours (`outpost agile experts` en trouve d'autres).",
      .it: "Niente di nuovo dagli esperti che segui negli ultimi 30 giorni (`outpost agile experts` ne trova altri).",
    ],
    .agileNoExperts: [
      .en: "No expert matches.", .de: "Kein Experte passt.", .fr: "Aucun expert ne correspond.",
      .it: "Nessun esperto corrisponde.",
    ],
    .agileNoSubscriptions: [
      .en: "No subscriptions.", .de: "Keine Abos.", .fr: "Aucun abonnement.", .it: "Nessun abbonamento.",
    ],
    .agileNoSubscription: [
      .en: "No subscription \"{0}\"; `outpost agile subscriptions` lists them (number, expert or id)",
      .de: "Kein Abo «{0}»; `outpost agile subscriptions` listet sie auf (Nummer, Experte oder ID)",
      .fr: "Aucun abonnement « {0} » ; `outpost agile subscriptions` les liste (numéro, expert ou id)",
      .it: "Nessun abbonamento «{0}»; `outpost agile subscriptions` li elenca (numero, esperto o id)",
    ],
    .agileFollowing: [.en: "following", .de: "gefolgt", .fr: "suivi", .it: "seguito"],
    .agileStoreManaged: [
      .en: "Outpost cannot cancel it: {0}", .de: "Outpost kann es nicht kündigen: {0}",
      .fr: "Outpost ne peut pas le résilier : {0}", .it: "Outpost non può disdirlo: {0}",
    ],
    .agileOpening: [
      .en: "Opening {0}", .de: "Öffne {0}", .fr: "Ouverture de {0}", .it: "Apro {0}",
    ],
    .agileSettingOn: [.en: "on", .de: "ein", .fr: "activé", .it: "attivo"],
    .agileSettingOff: [.en: "off", .de: "aus", .fr: "désactivé", .it: "disattivo"],
    .agileStatusActive: [.en: "active", .de: "aktiv", .fr: "actif", .it: "attivo"],
    .agileStatusGrace: [
      .en: "payment failed, in grace period", .de: "Zahlung fehlgeschlagen, in der Nachfrist",
      .fr: "paiement refusé, en période de grâce", .it: "pagamento non riuscito, nel periodo di tolleranza",
    ],
    .agileStatusCancelled: [
      .en: "cancelled, ends with the period", .de: "gekündigt, endet mit der Laufzeit",
      .fr: "résilié, prend fin avec la période", .it: "disdetto, termina con il periodo",
    ],
    .agileStatusExpired: [.en: "expired", .de: "abgelaufen", .fr: "expiré", .it: "scaduto"],
    .agileRenews: [
      .en: "renews {0}", .de: "verlängert sich am {0}", .fr: "renouvelé le {0}", .it: "si rinnova il {0}",
    ],
    .agileAccessUntil: [
      .en: "access until {0}", .de: "Zugang bis {0}", .fr: "accès jusqu'au {0}", .it: "accesso fino al {0}",
    ],
    .agileEnds: [.en: "ends {0}", .de: "endet am {0}", .fr: "prend fin le {0}", .it: "termina il {0}"],
    .agileSettingWaiting: [
      .en: "waiting in the queue for the brand", .de: "wartet in der Warteschlange auf die Marke",
      .fr: "en file d'attente pour la marque", .it: "in coda per il brand",
    ],
    .agileSettingsChanged: [
      .en: "Notification settings sent to the brand.", .de: "Benachrichtigungseinstellungen an die Marke gesendet.",
      .fr: "Réglages de notification envoyés à la marque.", .it: "Impostazioni di notifica inviate al brand.",
    ],
    .agileMoreExperts: [
      .en: "{0} in all; the next page: --after {1}", .de: "{0} insgesamt; die nächste Seite: --after {1}",
      .fr: "{0} au total ; la page suivante : --after {1}", .it: "{0} in tutto; la pagina successiva: --after {1}",
    ],
  ]
}

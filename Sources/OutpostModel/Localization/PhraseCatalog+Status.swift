/// What `daemon.status` says about its parts, and the system's words for a connection that
/// failed (the C library writes them in English whatever the user's language).
extension PhraseCatalog {
  static let status: [PhraseKey: LocalizedText] = [
    "status.storeSilent": LocalizedText(
      en: "the database does not answer; see the daemon's log",
      de: "die Datenbank antwortet nicht; siehe das Protokoll des Dienstes",
      fr: "la base de données ne répond pas ; voir le journal du service",
      it: "il database non risponde; vedi il registro del servizio"),
    "status.noNotificationServer": LocalizedText(
      en: "no notification server on the session bus: notifications are kept, see `outpost notifications`",
      de:
        "kein Benachrichtigungsdienst auf dem Sitzungsbus: Benachrichtigungen bleiben erhalten, siehe `outpost notifications`",
      fr:
        "aucun serveur de notifications sur le bus de session : les notifications sont gardées, voir `outpost notifications`",
      it: "nessun server di notifiche sul bus di sessione: le notifiche sono conservate, vedi `outpost notifications`"),
    // "books: offline — the service cannot be reached: …"
    "status.account": LocalizedText(en: "{0}: {1}", de: "{0}: {1}", fr: "{0} : {1}", it: "{0}: {1}"),
    "status.accountWithReason": LocalizedText(
      en: "{0}: {1} — {2}", de: "{0}: {1} — {2}", fr: "{0} : {1} — {2}", it: "{0}: {1} — {2}"),
    "accountState.ok": LocalizedText(en: "ok", de: "ok", fr: "ok", it: "ok"),
    "accountState.needsLogin": LocalizedText(
      en: "needs login", de: "Anmeldung nötig", fr: "connexion requise", it: "accesso richiesto"),
    "accountState.keyringLocked": LocalizedText(
      en: "keyring locked", de: "Schlüsselbund gesperrt", fr: "trousseau verrouillé", it: "portachiavi bloccato"),
    "accountState.offline": LocalizedText(en: "offline", de: "offline", fr: "hors ligne", it: "offline"),
    "accountState.error": LocalizedText(en: "error", de: "Fehler", fr: "erreur", it: "errore"),
  ]

  /// A connection that failed, as the system says it (`strerror`), for `{0}` the address.
  static let network: [PhraseKey: LocalizedText] = [
    "net.refused": LocalizedText(
      en: "{0}: connection refused", de: "{0}: Verbindung abgelehnt", fr: "{0} : connexion refusée",
      it: "{0}: connessione rifiutata"),
    "net.unreachable": LocalizedText(
      en: "{0}: network is unreachable", de: "{0}: Netzwerk nicht erreichbar", fr: "{0} : réseau injoignable",
      it: "{0}: rete non raggiungibile"),
    "net.hostUnreachable": LocalizedText(
      en: "{0}: no route to host", de: "{0}: keine Route zum Rechner", fr: "{0} : aucun chemin vers l'hôte",
      it: "{0}: nessun percorso per l'host"),
    "net.timedOut": LocalizedText(
      en: "{0}: connecting timed out", de: "{0}: Zeitüberschreitung beim Verbinden",
      fr: "{0} : délai de connexion dépassé", it: "{0}: tempo di connessione scaduto"),
    "net.reset": LocalizedText(
      en: "{0}: connection reset by the other side", de: "{0}: Verbindung von der Gegenseite zurückgesetzt",
      fr: "{0} : connexion réinitialisée par l'autre côté", it: "{0}: connessione azzerata dall'altra parte"),
    "net.connectTimedOut": LocalizedText(
      en: "connecting timed out", de: "Zeitüberschreitung beim Verbinden", fr: "délai de connexion dépassé",
      it: "tempo di connessione scaduto"),
  ]
}

extension AccountState {
  /// The state's name as a phrase ("needs login", "Anmeldung nötig").
  public var phrase: Phrase { Phrase(PhraseKey(rawValue: "accountState." + Self.keySuffix(self))) }

  private static func keySuffix(_ state: AccountState) -> String {
    switch state {
    case .ok: "ok"
    case .needsLogin: "needsLogin"
    case .keyringLocked: "keyringLocked"
    case .offline: "offline"
    case .error: "error"
    }
  }
}

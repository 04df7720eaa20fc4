/// How a sync in progress and each account's syncing read (`outpost sync --wait`, `--status`).
extension Catalog {
  static let syncEntries: [MessageKey: [Language: String]] = [
    .syncProgress: [
      .en: "{0}: page {1}, {2} {2?row|rows} so far…", .de: "{0}: Seite {1}, bisher {2} {2?Zeile|Zeilen}…",
      .fr: "{0} : page {1}, {2} {2?ligne|lignes} jusqu'ici…", .it: "{0}: pagina {1}, finora {2} {2?riga|righe}…",
    ],
    .syncStatusRunning: [
      .en: "{0} (syncing now)", .de: "{0} (wird gerade synchronisiert)", .fr: "{0} (synchronisation en cours)",
      .it: "{0} (sincronizzazione in corso)",
    ],
    .syncStatusLastSuccess: [
      .en: "last success: {0}", .de: "zuletzt erfolgreich: {0}", .fr: "dernier succès : {0}",
      .it: "ultimo successo: {0}",
    ],
    .syncStatusNext: [.en: "next: {0}", .de: "nächste: {0}", .fr: "prochaine : {0}", .it: "prossima: {0}"],
    .syncStatusNextSoon: [
      .en: "now, as soon as a turn is free", .de: "jetzt, sobald ein Platz frei ist",
      .fr: "maintenant, dès qu'une place se libère", .it: "ora, appena c'è posto",
    ],
    .syncStatusWaitsForYou: [
      .en: "waits for you", .de: "wartet auf Sie", .fr: "attend votre action", .it: "attende te",
    ],
    .syncStatusOffline: [.en: "offline", .de: "offline", .fr: "hors ligne", .it: "offline"],
    .syncStatusLastError: [
      .en: "last error: {0}", .de: "letzter Fehler: {0}", .fr: "dernière erreur : {0}", .it: "ultimo errore: {0}",
    ],
    .syncStatusFailing: [
      .en: "failing since {0}, {1} {1?attempt|attempts}", .de: "schlägt seit {0} fehl, {1} {1?Versuch|Versuche}",
      .fr: "en échec depuis {0}, {1} {1?tentative|tentatives}", .it: "non riesce da {0}, {1} {1?tentativo|tentativi}",
    ],
    .syncStatusParked: [
      .en: "needs attention: tried every 6 hours until a sync works (`outpost sync --full {0}` tries now)",
      .de:
        "braucht Aufmerksamkeit: alle 6 Stunden versucht, bis es klappt (`outpost sync --full {0}` versucht es jetzt)",
      .fr:
        "à vérifier : essayé toutes les 6 heures jusqu'à ce que ça marche (`outpost sync --full {0}` essaie maintenant)",
      .it: "richiede attenzione: provato ogni 6 ore finché funziona (`outpost sync --full {0}` prova ora)",
    ],
    .syncStatusProgress: [
      .en: "so far: page {0}, {1} {1?row|rows}", .de: "bisher: Seite {0}, {1} {1?Zeile|Zeilen}",
      .fr: "jusqu'ici : page {0}, {1} {1?ligne|lignes}", .it: "finora: pagina {0}, {1} {1?riga|righe}",
    ],
  ]
}

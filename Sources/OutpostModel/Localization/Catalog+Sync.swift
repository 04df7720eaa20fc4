/// How a sync in progress and each account's syncing read (`outpost sync --wait`, `--status`).
extension Catalog {
  static let syncEntries: [MessageKey: [Language: String]] = [
    .syncProgress: [
      .en: "{0}: page {1}, {2} rows so far…", .de: "{0}: Seite {1}, bisher {2} Zeilen…",
      .fr: "{0} : page {1}, {2} lignes jusqu'ici…", .it: "{0}: pagina {1}, finora {2} righe…",
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
    .syncStatusWaitsForYou: [
      .en: "waits for you", .de: "wartet auf dich", .fr: "attend votre action", .it: "attende te",
    ],
    .syncStatusOffline: [.en: "offline", .de: "offline", .fr: "hors ligne", .it: "offline"],
    .syncStatusLastError: [
      .en: "last error: {0}", .de: "letzter Fehler: {0}", .fr: "dernière erreur : {0}", .it: "ultimo errore: {0}",
    ],
    .syncStatusFailing: [
      .en: "failing since {0}, {1} attempts", .de: "schlägt seit {0} fehl, {1} Versuche",
      .fr: "en échec depuis {0}, {1} tentatives", .it: "non riesce da {0}, {1} tentativi",
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
      .en: "so far: page {0}, {1} rows", .de: "bisher: Seite {0}, {1} Zeilen",
      .fr: "jusqu'ici : page {0}, {1} lignes", .it: "finora: pagina {0}, {1} righe",
    ],
  ]
}

/// The messages of `outpost calendar …` (files, export, feeds, CalDAV), `snapshot` and `open`.
extension Catalog {
  static let calendarEntries: [MessageKey: [Language: String]] = [
    .calendarFilesOff: [
      .en: "calendar files are off (config: [calendar] files = false)",
      .de: "Kalenderdateien sind ausgeschaltet (Konfiguration: [calendar] files = false)",
      .fr: "les fichiers de calendrier sont désactivés (configuration : [calendar] files = false)",
      .it: "i file del calendario sono disattivati (configurazione: [calendar] files = false)",
    ],
    .calendarFile: [
      .en: "  {0}  {1} {1?byte|bytes}", .de: "  {0}  {1} {1?Byte|Bytes}", .fr: "  {0}  {1} {1?octet|octets}",
      .it: "  {0}  {1} byte",
    ],
    .calendarExported: [
      .en: "{0} {0?event|events} written to {1}", .de: "{0} {0?Termin|Termine} in {1} geschrieben",
      .fr: "{0} {0?événement écrit|événements écrits} dans {1}",
      .it: "{0} {0?evento scritto|eventi scritti} in {1}",
    ],
    .calendarCannotWrite: [
      .en: "cannot write {0}: {1}", .de: "{0} kann nicht geschrieben werden: {1}",
      .fr: "impossible d'écrire {0} : {1}", .it: "impossibile scrivere {0}: {1}",
    ],
    .calendarWriteFailed: [
      .en: "writing {0} failed", .de: "Schreiben von {0} fehlgeschlagen", .fr: "l'écriture de {0} a échoué",
      .it: "scrittura di {0} non riuscita",
    ],
    .caldavTarget: [
      .en: "CalDAV {0} ({1}, {2}): {3}, {4} {4?event|events}",
      .de: "CalDAV {0} ({1}, {2}): {3}, {4} {4?Termin|Termine}",
      .fr: "CalDAV {0} ({1}, {2}) : {3}, {4} {4?événement|événements}",
      .it: "CalDAV {0} ({1}, {2}): {3}, {4} {4?evento|eventi}",
    ],
    .caldavScopeAccount: [
      .en: "for account {0}", .de: "für Konto {0}", .fr: "pour le compte {0}", .it: "per l'account {0}",
    ],
    .caldavScopeAll: [
      .en: "for every account", .de: "für alle Konten", .fr: "pour tous les comptes", .it: "per tutti gli account",
    ],
    .caldavStatusOK: [.en: "ok", .de: "in Ordnung", .fr: "OK", .it: "ok"],
    .caldavStatusRetrying: [
      .en: "retrying", .de: "neuer Versuch folgt", .fr: "nouvel essai prévu", .it: "nuovo tentativo previsto",
    ],
    .caldavStatusNeedsLogin: [
      .en: "needs-login", .de: "Anmeldung nötig", .fr: "connexion requise", .it: "accesso richiesto",
    ],
    .caldavStatusError: [.en: "error", .de: "Fehler", .fr: "erreur", .it: "errore"],
    .caldavLastPushed: [
      .en: "  last pushed {0}", .de: "  zuletzt übertragen: {0}", .fr: "  dernier envoi : {0}",
      .it: "  ultimo invio: {0}",
    ],
    .caldavPasswordNoun: [.en: "password", .de: "Passwort", .fr: "mot de passe", .it: "password"],
    .caldavPasswordPrompt: [
      .en: "Password for {0} at {1}: ", .de: "Passwort für {0} bei {1}: ", .fr: "Mot de passe pour {0} sur {1} : ",
      .it: "Password per {0} su {1}: ",
    ],
    .caldavAdded: [
      .en: "Pushing into {0}{1} as {2}.", .de: "Übertragung in {0}{1} als {2} eingerichtet.",
      .fr: "Envoi vers {0}{1} configuré, en tant que {2}.", .it: "Invio verso {0}{1} configurato, come {2}.",
    ],
    .caldavRemoved: [
      .en: "No longer pushing into {0}.", .de: "Übertragung in {0} beendet.", .fr: "Envoi vers {0} arrêté.",
      .it: "Invio verso {0} interrotto.",
    ],
    .caldavDeletedThere: [
      .en: "  {0} {0?event|events} deleted there.", .de: "  {0} {0?Termin|Termine} dort gelöscht.",
      .fr: "  {0} {0?événement supprimé|événements supprimés} là-bas.",
      .it: "  {0} {0?evento eliminato|eventi eliminati} lì.",
    ],
    .caldavLeftThere: [
      .en: "  {0} {0?event|events} left there (use --purge to delete {0?it|them}).",
      .de: "  {0} {0?Termin|Termine} dort belassen (mit --purge löschen).",
      .fr: "  {0} {0?événement laissé|événements laissés} là-bas (--purge pour {0?le|les} supprimer).",
      .it: "  {0} {0?evento lasciato|eventi lasciati} lì (--purge per {0?eliminarlo|eliminarli}).",
    ],
    .caldavNone: [
      .en: "No CalDAV calendar to push into; add one with `outpost calendar caldav add URL --username NAME`.",
      .de:
        "Kein CalDAV-Kalender zum Übertragen; einen hinzufügen mit `outpost calendar caldav add URL --username NAME`.",
      .fr:
        "Aucun calendrier CalDAV où envoyer ; ajoutez-en un avec `outpost calendar caldav add URL --username NOM`.",
      .it:
        "Nessun calendario CalDAV in cui inviare; aggiungine uno con `outpost calendar caldav add URL --username NOME`.",
    ],
    .caldavPushFailed: [
      .en: "pushing into {0} failed: {1}", .de: "Übertragung in {0} fehlgeschlagen: {1}",
      .fr: "l'envoi vers {0} a échoué : {1}", .it: "invio verso {0} non riuscito: {1}",
    ],
    .caldavNotPushed: [
      .en: "  not pushed: {0}", .de: "  nicht übertragen: {0}", .fr: "  pas envoyé : {0}", .it: "  non inviato: {0}",
    ],
    .caldavCounts: [
      .en: "{0} created, {1} updated, {2} deleted", .de: "{0} erstellt, {1} aktualisiert, {2} gelöscht",
      .fr: "{0} {0?créé|créés}, {1} mis à jour, {2} {2?supprimé|supprimés}",
      .it: "{0} {0?creato|creati}, {1} {1?aggiornato|aggiornati}, {2} {2?eliminato|eliminati}",
    ],
    .caldavRecreated: [
      .en: "{0} put back", .de: "{0} neu angelegt", .fr: "{0} {0?recréé|recréés}", .it: "{0} {0?ricreato|ricreati}",
    ],
    .caldavOverwritten: [
      .en: "{0} edited elsewhere, restored", .de: "{0} anderswo bearbeitet, zurückgesetzt",
      .fr: "{0} {0?modifié ailleurs, rétabli|modifiés ailleurs, rétablis}",
      .it: "{0} {0?modificato altrove, ripristinato|modificati altrove, ripristinati}",
    ],
    .caldavUnchanged: [
      .en: "{0} unchanged", .de: "{0} unverändert", .fr: "{0} {0?inchangé|inchangés}",
      .it: "{0} {0?invariato|invariati}",
    ],
    .caldavForeign: [
      .en: "{0} of yours left alone", .de: "{0} {0?eigener|eigene} nicht angerührt",
      .fr: "{0} des vôtres {0?laissé intact|laissés intacts}",
      .it: "{0} {0?tuo lasciato intatto|tuoi lasciati intatti}",
    ],
    .caldavNotWritten: [
      .en: "  not written: {0}", .de: "  nicht geschrieben: {0}", .fr: "  pas écrit : {0}",
      .it: "  non scritto: {0}",
    ],
    .snapshotDaemonDown: [
      .en: "Outpost: outpostd is not running", .de: "Outpost: outpostd läuft nicht",
      .fr: "Outpost : outpostd n'est pas lancé", .it: "Outpost: outpostd non è in esecuzione",
    ],
    .snapshotStartHint: [
      .en: "Start it: systemctl --user start outpostd.socket", .de: "Starten: systemctl --user start outpostd.socket",
      .fr: "Lancez-le : systemctl --user start outpostd.socket", .it: "Avvialo: systemctl --user start outpostd.socket",
    ],
    .snapshotOff: [.en: "Outpost: off", .de: "Outpost: aus", .fr: "Outpost : arrêté", .it: "Outpost: spento"],
    .snapshotUnknownFormat: [
      .en: "unknown format \"{0}\"; use one of {1}", .de: "unbekanntes Format „{0}“; möglich sind: {1}",
      .fr: "format « {0} » inconnu ; utilisez l'un de : {1}", .it: "formato «{0}» sconosciuto; usa uno tra: {1}",
    ],
    .openExclusive: [
      .en: "--web and --print exclude each other", .de: "--web und --print schließen sich aus",
      .fr: "--web et --print s'excluent", .it: "--web e --print si escludono a vicenda",
    ],
    .openNothingNext: [
      .en: "nothing is coming up in your synced data; `outpost agenda` lists what there is",
      .de: "in Ihren synchronisierten Daten steht nichts an; `outpost agenda` zeigt, was da ist",
      .fr: "rien à venir dans vos données synchronisées ; `outpost agenda` liste ce qui s'y trouve",
      .it: "nei dati sincronizzati non c'è nulla in arrivo; `outpost agenda` elenca ciò che c'è",
    ],
    .openNoItem: [
      .en:
        "no item for {0} in your synced data; `outpost sync --wait` fetches the latest, `outpost agenda` lists what is there",
      .de:
        "kein Eintrag für {0} in Ihren synchronisierten Daten; `outpost sync --wait` holt den neuesten Stand, `outpost agenda` zeigt, was da ist",
      .fr:
        "aucun élément pour {0} dans vos données synchronisées ; `outpost sync --wait` récupère les dernières, `outpost agenda` liste ce qui s'y trouve",
      .it:
        "nessun elemento per {0} nei dati sincronizzati; `outpost sync --wait` recupera gli ultimi, `outpost agenda` elenca ciò che c'è",
    ],
    .openNoWebPage: [
      .en: "the service of {0} has no web page Outpost knows; `outpost show {1}` shows the item",
      .de: "für den Dienst von {0} kennt Outpost keine Webseite; `outpost show {1}` zeigt den Eintrag",
      .fr: "Outpost ne connaît pas de page web pour le service de {0} ; `outpost show {1}` affiche l'élément",
      .it: "Outpost non conosce una pagina web per il servizio di {0}; `outpost show {1}` mostra l'elemento",
    ],
    .openCannotRun: [
      .en: "cannot run xdg-open ({0}); open {1} yourself",
      .de: "xdg-open kann nicht gestartet werden ({0}); öffnen Sie {1} selbst",
      .fr: "impossible de lancer xdg-open ({0}) ; ouvrez {1} vous-même",
      .it: "impossibile avviare xdg-open ({0}); apri {1} manualmente",
    ],
    .openFailed: [
      .en: "xdg-open could not open {0} (status {1}); open it yourself",
      .de: "xdg-open konnte {0} nicht öffnen (Status {1}); öffnen Sie es selbst",
      .fr: "xdg-open n'a pas pu ouvrir {0} (statut {1}) ; ouvrez-le vous-même",
      .it: "xdg-open non è riuscito ad aprire {0} (stato {1}); aprilo manualmente",
    ],
    .openOpened: [.en: "opened {0}", .de: "{0} geöffnet", .fr: "{0} ouvert", .it: "{0} aperto"],
  ]
}

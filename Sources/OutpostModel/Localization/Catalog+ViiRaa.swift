/// The messages of `outpost viiraa …`. Units (mg/dL, mmol/L, kg, MiB), flags and command
/// examples stay as they are in every language.
extension Catalog {
  static let viiraaEntries: [MessageKey: [Language: String]] = [
    .viiraaDaysRange: [
      .en: "--days is 1 to 90.", .de: "--days nimmt 1 bis 90.", .fr: "--days accepte de 1 à 90.",
      .it: "--days accetta da 1 a 90.",
    ],
    .viiraaLimitAtLeastOne: [
      .en: "--limit is at least 1.", .de: "--limit ist mindestens 1.", .fr: "--limit vaut au moins 1.",
      .it: "--limit vale almeno 1.",
    ],
    .viiraaChartWritten: [
      .en: "Wrote {0}: {1} {1?day|days}, {2} {2?sensor reading|sensor readings}.",
      .de: "{0} geschrieben: {1} {1?Tag|Tage}, {2} {2?Sensorwert|Sensorwerte}.",
      .fr: "{0} écrit : {1} {1?jour|jours}, {2} {2?mesure du capteur|mesures du capteur}.",
      .it: "Scritto {0}: {1} {1?giorno|giorni}, {2} {2?lettura del sensore|letture del sensore}.",
    ],
    .viiraaChartEmpty: [
      .en: "No sensor readings in those days: sync, or import a CGM file first.",
      .de: "Keine Sensorwerte in diesen Tagen: zuerst synchronisieren oder eine CGM-Datei importieren.",
      .fr: "Aucune mesure du capteur ces jours-là : synchronisez d'abord, ou importez un fichier CGM.",
      .it: "Nessuna lettura del sensore in quei giorni: prima sincronizza, o importa un file CGM.",
    ],
    .viiraaImportNoFile: [
      .en: "Name at least one file.", .de: "Geben Sie mindestens eine Datei an.",
      .fr: "Indiquez au moins un fichier.", .it: "Indica almeno un file.",
    ],
    .viiraaImportDateOrder: [
      .en: "--date-order is month-first or day-first.", .de: "--date-order nimmt month-first oder day-first.",
      .fr: "--date-order accepte month-first ou day-first.", .it: "--date-order accetta month-first o day-first.",
    ],
    .viiraaImportReading: [
      .en: "Reading {0} {0?file|files}, {1} MiB…", .de: "Lese {0} {0?Datei|Dateien}, {1} MiB…",
      .fr: "Lecture de {0} {0?fichier|fichiers}, {1} MiB…", .it: "Lettura di {0} file, {1} MiB…",
    ],
    .viiraaImportFile: [
      .en: "{0} ({1}): {2} new", .de: "{0} ({1}): {2} neu", .fr: "{0} ({1}) : {2} {2?nouvelle|nouvelles}",
      .it: "{0} ({1}): {2} {2?nuova|nuove}",
    ],
    .viiraaImportAlreadyThere: [
      .en: ", {0} already there", .de: ", {0} schon vorhanden", .fr: ", {0} déjà {0?présente|présentes}",
      .it: ", {0} già {0?presente|presenti}",
    ],
    .viiraaImportSkipped: [
      .en: ", {0} other {0?record|records} skipped", .de: ", {0} {0?anderer Datensatz|andere Datensätze} übersprungen",
      .fr: ", {0} {0?autre enregistrement ignoré|autres enregistrements ignorés}",
      .it: ", {0} {0?altro record ignorato|altri record ignorati}",
    ],
    .viiraaImportRejected: [
      .en: ", {0} rejected", .de: ", {0} abgewiesen", .fr: ", {0} {0?refusée|refusées}",
      .it: ", {0} {0?scartata|scartate}",
    ],
    .viiraaImportNote: [
      .en: "  note: {0}", .de: "  Hinweis: {0}", .fr: "  remarque : {0}", .it: "  nota: {0}",
    ],
    .viiraaImportRejectedLine: [
      .en: "  line {0}: {1}", .de: "  Zeile {0}: {1}", .fr: "  ligne {0} : {1}", .it: "  riga {0}: {1}",
    ],
    .viiraaImportMoreRejected: [
      .en: "  … {0} more (--json lists the first 100)", .de: "  … {0} weitere (--json listet die ersten 100)",
      .fr: "  … {0} de plus (--json liste les 100 premières)",
      .it: "  … {0?un'altra|altre {0}} (--json elenca le prime 100)",
    ],
    .viiraaImportDryRun: [
      .en: "Dry run: {0} {0?reading|readings} would be imported; nothing was stored or sent.",
      .de: "Probelauf: {0} {0?Messwert würde|Messwerte würden} importiert; nichts wurde gespeichert oder gesendet.",
      .fr:
        "Essai à blanc : {0} {0?mesure serait importée|mesures seraient importées} ; rien n'a été enregistré ni envoyé.",
      .it:
        "Prova: {0?verrebbe importata {0} lettura|verrebbero importate {0} letture}; nulla è stato salvato né inviato.",
    ],
    .viiraaImportNothingNew: [
      .en: "Nothing new to import.", .de: "Nichts Neues zu importieren.", .fr: "Rien de nouveau à importer.",
      .it: "Niente di nuovo da importare.",
    ],
    .viiraaImported: [
      .en:
        "Imported {0} {0?reading|readings}; {0?it counts|they count} in `outpost viiraa` now and {0?is|are} sent to ViiRaa as action {1} (`outpost queue`).",
      .de:
        "{0} {0?Messwert|Messwerte} importiert; {0?er zählt|sie zählen} ab jetzt in `outpost viiraa` und {0?wird|werden} als Aktion {1} an ViiRaa gesendet (`outpost queue`).",
      .fr:
        "{0} {0?mesure importée|mesures importées} ; {0?elle compte|elles comptent} dès maintenant dans `outpost viiraa` et {0?est envoyée|sont envoyées} à ViiRaa comme action {1} (`outpost queue`).",
      .it:
        "{0?Importata {0} lettura|Importate {0} letture}; {0?conta|contano} da subito in `outpost viiraa` e {0?viene inviata|vengono inviate} a ViiRaa come azione {1} (`outpost queue`).",
    ],
    .viiraaRecorded: [.en: "Recorded.", .de: "Erfasst.", .fr: "Enregistré.", .it: "Registrato."],
    .viiraaNoAccount: [
      .en: "There is no ViiRaa account; add one with `outpost account add viiraa`",
      .de: "Es gibt kein ViiRaa-Konto; fügen Sie eines hinzu mit `outpost account add viiraa`",
      .fr: "Il n'y a aucun compte ViiRaa ; ajoutez-en un avec `outpost account add viiraa`",
      .it: "Non c'è alcun account ViiRaa; aggiungine uno con `outpost account add viiraa`",
    ],
    .viiraaSeveralAccounts: [
      .en: "You have several ViiRaa accounts ({0}): name one with --account",
      .de: "Sie haben mehrere ViiRaa-Konten ({0}): nennen Sie eines mit --account",
      .fr: "Vous avez plusieurs comptes ViiRaa ({0}) : choisissez-en un avec --account",
      .it: "Hai più account ViiRaa ({0}): indicane uno con --account",
    ],
    // The dashboard (`outpost viiraa`) and the readings list.
    .viiraaJustNow: [.en: "just now", .de: "gerade eben", .fr: "à l'instant", .it: "proprio ora"],
    .viiraaMinutesAgo: [
      .en: "{0} min ago", .de: "vor {0} Min.", .fr: "il y a {0} min", .it: "{0} min fa",
    ],
    .viiraaHoursAgo: [.en: "{0} h ago", .de: "vor {0} h", .fr: "il y a {0} h", .it: "{0} h fa"],
    .viiraaDaysAgo: [
      .en: "{0} days ago", .de: "vor {0} Tagen", .fr: "il y a {0} jours", .it: "{0} giorni fa",
    ],
    .viiraaReadingsNone: [
      .en: "No readings in the last {0?24 hours|{0} days}: sync, or import a CGM file (`outpost viiraa import FILE`).",
      .de:
        "Keine Messwerte in den letzten {0?24 Stunden|{0} Tagen}: synchronisieren oder eine CGM-Datei importieren (`outpost viiraa import FILE`).",
      .fr:
        "Aucune mesure {0?ces dernières 24 heures|ces {0} derniers jours} : synchronisez, ou importez un fichier CGM (`outpost viiraa import FILE`).",
      .it:
        "Nessuna lettura {0?nelle ultime 24 ore|negli ultimi {0} giorni}: sincronizza, o importa un file CGM (`outpost viiraa import FILE`).",
    ],
    .viiraaReadingsCount: [
      .en: "{0} {0?reading|readings} in the last {1?24 hours|{1} days}:",
      .de: "{0} {0?Messwert|Messwerte} in den letzten {1?24 Stunden|{1} Tagen}:",
      .fr: "{0} {0?mesure|mesures} {1?ces dernières 24 heures|ces {1} derniers jours} :",
      .it: "{0} {0?lettura|letture} {1?nelle ultime 24 ore|negli ultimi {1} giorni}:",
    ],
    .viiraaReadingsCountNewest: [
      .en: "{0} {0?reading|readings} in the last {1?24 hours|{1} days}, {2?the newest one shown|the newest {2} shown}:",
      .de:
        "{0} {0?Messwert|Messwerte} in den letzten {1?24 Stunden|{1} Tagen}, {2?der neueste angezeigt|die neuesten {2} angezeigt}:",
      .fr:
        "{0} {0?mesure|mesures} {1?ces dernières 24 heures|ces {1} derniers jours}, {2?la plus récente affichée|les {2} plus récentes affichées} :",
      .it:
        "{0} {0?lettura|letture} {1?nelle ultime 24 ore|negli ultimi {1} giorni}, {2?mostrata la più recente|mostrate le {2} più recenti}:",
    ],
    .viiraaLow: [.en: "Low", .de: "Tief", .fr: "Bas", .it: "Basso"],
    .viiraaHigh: [.en: "High", .de: "Hoch", .fr: "Haut", .it: "Alto"],
    .viiraaLatest: [.en: "Latest", .de: "Zuletzt", .fr: "Dernière", .it: "Ultima"],
    .viiraaOrLower: [.en: "or lower", .de: "oder tiefer", .fr: "ou moins", .it: "o meno"],
    .viiraaOrHigher: [.en: "or higher", .de: "oder höher", .fr: "ou plus", .it: "o più"],
    .viiraaStale: [
      .en: "stale: no reading for 20 min", .de: "veraltet: seit 20 Min. kein Messwert",
      .fr: "périmée : aucune mesure depuis 20 min", .it: "non aggiornata: nessuna lettura da 20 min",
    ],
    .viiraaNoData: [
      .en: "no reading for 24 h", .de: "seit 24 h kein Messwert", .fr: "aucune mesure depuis 24 h",
      .it: "nessuna lettura da 24 h",
    ],
    .viiraaNoReadingYet: [
      .en: "no reading yet: sync, or import a CGM file (`outpost viiraa import FILE`)",
      .de: "noch kein Messwert: synchronisieren oder eine CGM-Datei importieren (`outpost viiraa import FILE`)",
      .fr: "pas encore de mesure : synchronisez, ou importez un fichier CGM (`outpost viiraa import FILE`)",
      .it: "ancora nessuna lettura: sincronizza, o importa un file CGM (`outpost viiraa import FILE`)",
    ],
    .viiraaToday: [.en: "Today", .de: "Heute", .fr: "Aujourd'hui", .it: "Oggi"],
    .viiraaSevenDays: [.en: "7 days", .de: "7 Tage", .fr: "7 jours", .it: "7 giorni"],
    .viiraaThirtyDays: [.en: "30 days", .de: "30 Tage", .fr: "30 jours", .it: "30 giorni"],
    .viiraaColumns: [
      .en: "in range|below 70|above 180|mean|CV|coverage",
      .de: "im Zielbereich|unter 70|über 180|Mittelwert|VK|Abdeckung",
      .fr: "dans la cible|sous 70|au-dessus de 180|moyenne|CV|couverture",
      .it: "nel target|sotto 70|sopra 180|media|CV|copertura",
    ],
    .viiraaNoSensorData: [
      .en: "no sensor data", .de: "keine Sensordaten", .fr: "aucune donnée du capteur",
      .it: "nessun dato del sensore",
    ],
    .viiraaTooLittleData: [
      .en: "too little data", .de: "zu wenig Daten", .fr: "trop peu de données", .it: "troppo pochi dati",
    ],
    .viiraaGMI: [
      .en: "GMI (30 days)  {0} %", .de: "GMI (30 Tage)  {0} %", .fr: "GMI (30 jours)  {0} %",
      .it: "GMI (30 giorni)  {0} %",
    ],
    .viiraaWeight: [.en: "Weight", .de: "Gewicht", .fr: "Poids", .it: "Peso"],
    .viiraaWeightChange: [
      .en: "{0} kg in a week", .de: "{0} kg in einer Woche", .fr: "{0} kg en une semaine",
      .it: "{0} kg in una settimana",
    ],
    .viiraaActivity: [
      .en: "{0} {0?step|steps}, {1} min exercise", .de: "{0} {0?Schritt|Schritte}, {1} Min. Bewegung",
      .fr: "{0} pas, {1} min d'exercice", .it: "{0} {0?passo|passi}, {1} min di attività fisica",
    ],
    .viiraaNext: [.en: "Next", .de: "Nächste", .fr: "Prochain", .it: "Prossimo"],
    .viiraaNewInsights: [
      .en: "{0} new {0?insight|insights}: `outpost viiraa insights`",
      .de: "{0} {0?neue Erkenntnis|neue Erkenntnisse}: `outpost viiraa insights`",
      .fr: "{0} {0?nouvel aperçu|nouveaux aperçus} : `outpost viiraa insights`",
      .it: "{0} {0?nuovo spunto|nuovi spunti}: `outpost viiraa insights`",
    ],
    .viiraaNotMedical: [
      .en: "Not a medical device: no glucose alarms.",
      .de: "Kein Medizinprodukt: keine Glukose-Alarme.",
      .fr: "Pas un dispositif médical : aucune alarme de glycémie.",
      .it: "Non è un dispositivo medico: nessun allarme glicemico.",
    ],
    // Coaching reminders and insights.
    .viiraaRemindersNone: [
      .en: "No coaching reminder in the next 14 days.",
      .de: "Keine Coaching-Erinnerung in den nächsten 14 Tagen.",
      .fr: "Aucun rappel de coaching dans les 14 prochains jours.",
      .it: "Nessun promemoria di coaching nei prossimi 14 giorni.",
    ],
    .viiraaTagDone: [.en: "done", .de: "erledigt", .fr: "fait", .it: "fatto"],
    .viiraaTagSnoozed: [
      .en: "snoozed to {0}", .de: "verschoben auf {0}", .fr: "reporté à {0}", .it: "rinviato a {0}",
    ],
    .viiraaInsightMissing: [
      .en: "No insight #{0}; `outpost viiraa insights` lists them",
      .de: "Keine Erkenntnis #{0}; `outpost viiraa insights` listet sie auf",
      .fr: "Aucun aperçu n° {0} ; `outpost viiraa insights` les liste",
      .it: "Nessuno spunto n. {0}; `outpost viiraa insights` li elenca",
    ],
    .viiraaInsightsNone: [
      .en: "No insight yet.", .de: "Noch keine Erkenntnis.", .fr: "Pas encore d'aperçu.",
      .it: "Ancora nessuno spunto.",
    ],
    .viiraaTagNew: [.en: "new", .de: "neu", .fr: "nouveau", .it: "nuovo"],
  ]
}

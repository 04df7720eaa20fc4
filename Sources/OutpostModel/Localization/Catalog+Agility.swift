/// The messages of `outpost agility …`. Amounts ($1,234.56), dates (YYYY-MM-DD), flags,
/// status names and command examples stay as they are in every language.
extension Catalog {
  static let agilityEntries: [MessageKey: [Language: String]] = [
    .agilityStatusChoices: [
      .en: "--status is one of draft, sent, viewed, overdue, paid, unpaid.",
      .de: "--status ist draft, sent, viewed, overdue, paid oder unpaid.",
      .fr: "--status vaut draft, sent, viewed, overdue, paid ou unpaid.",
      .it: "--status è draft, sent, viewed, overdue, paid o unpaid.",
    ],
    .agilityDueWithinRange: [
      .en: "--due-within is 0 or more days.", .de: "--due-within ist 0 oder mehr Tage.",
      .fr: "--due-within vaut 0 jour ou plus.", .it: "--due-within vale 0 o più giorni.",
    ],
    .agilityMonthFormat: [
      .en: "--month is YYYY-MM, e.g. 2026-11.", .de: "--month hat die Form JJJJ-MM, z. B. 2026-11.",
      .fr: "--month s'écrit AAAA-MM, p. ex. 2026-11.", .it: "--month si scrive AAAA-MM, ad es. 2026-11.",
    ],
    .agilityLimitAtLeastOne: [
      .en: "--limit is at least 1.", .de: "--limit ist mindestens 1.", .fr: "--limit vaut au moins 1.",
      .it: "--limit vale almeno 1.",
    ],
    .agilityYearRange: [
      .en: "--year is between 2000 and 2100.", .de: "--year liegt zwischen 2000 und 2100.",
      .fr: "--year est compris entre 2000 et 2100.", .it: "--year è compreso tra 2000 e 2100.",
    ],
    .agilityBusinessOrPersonal: [
      .en: "Give --business or --personal, not both.", .de: "Entweder --business oder --personal, nicht beides.",
      .fr: "Indiquez --business ou --personal, pas les deux.", .it: "Indica --business o --personal, non entrambi.",
    ],
    .agilityDraftNoLines: [
      .en: "A draft needs at least one --line \"DESCRIPTION|QUANTITY|RATE\".",
      .de: "Ein Entwurf braucht mindestens eine --line \"BESCHREIBUNG|MENGE|PREIS\".",
      .fr: "Un brouillon demande au moins une --line \"DESCRIPTION|QUANTITÉ|TARIF\".",
      .it: "Una bozza richiede almeno una --line \"DESCRIZIONE|QUANTITÀ|TARIFFA\".",
    ],
    .agilityEditNothing: [
      .en: "Say what to change: --line, --issued, --due, --tax-rate or --notes.",
      .de: "Angeben, was sich ändert: --line, --issued, --due, --tax-rate oder --notes.",
      .fr: "Indiquez ce qui change : --line, --issued, --due, --tax-rate ou --notes.",
      .it: "Indica cosa cambiare: --line, --issued, --due, --tax-rate o --notes.",
    ],
    .agilityDraftCreated: [
      .en: "Draft {0} for {1} created: {2}. Send it with `outpost agility send {0}`.",
      .de: "Entwurf {0} für {1} angelegt: {2}. Senden mit `outpost agility send {0}`.",
      .fr: "Brouillon {0} pour {1} créé : {2}. Envoyez-le avec `outpost agility send {0}`.",
      .it: "Bozza {0} per {1} creata: {2}. Inviala con `outpost agility send {0}`.",
    ],
    .agilityNoInvoice: [
      .en: "No invoice {0}: see `outpost agility invoices`, or sync first (`outpost sync`).",
      .de: "Keine Rechnung {0}: siehe `outpost agility invoices`, oder zuerst synchronisieren (`outpost sync`).",
      .fr: "Aucune facture {0} : voyez `outpost agility invoices`, ou synchronisez d'abord (`outpost sync`).",
      .it: "Nessuna fattura {0}: vedi `outpost agility invoices`, o sincronizza prima (`outpost sync`).",
    ],
    .agilityNoCategory: [
      .en: "No category \"{0}\". The categories: {1}", .de: "Keine Kategorie „{0}“. Die Kategorien: {1}",
      .fr: "Aucune catégorie « {0} ». Les catégories : {1}", .it: "Nessuna categoria «{0}». Le categorie: {1}",
    ],
    .agilityNoClient: [
      .en: "No single client \"{0}\". The clients: {1}", .de: "Kein eindeutiger Kunde „{0}“. Die Kunden: {1}",
      .fr: "Aucun client unique « {0} ». Les clients : {1}", .it: "Nessun cliente univoco «{0}». I clienti: {1}",
    ],
    .agilityNoAccount: [
      .en:
        "No Agility account: add one with `outpost account add agility --name work --username EMAIL --password-stdin`.",
      .de:
        "Kein Agility-Konto: eines anlegen mit `outpost account add agility --name work --username EMAIL --password-stdin`.",
      .fr:
        "Aucun compte Agility : ajoutez-en un avec `outpost account add agility --name work --username EMAIL --password-stdin`.",
      .it:
        "Nessun account Agility: aggiungine uno con `outpost account add agility --name work --username EMAIL --password-stdin`.",
    ],
    .agilitySeveralAccounts: [
      .en: "Several Agility accounts ({0}): say which with --account.",
      .de: "Mehrere Agility-Konten ({0}): mit --account eines wählen.",
      .fr: "Plusieurs comptes Agility ({0}) : choisissez avec --account.",
      .it: "Più account Agility ({0}): scegline uno con --account.",
    ],
    .agilityNoDataYet: [
      .en: "Agility: no data yet. Run `outpost sync` once the account is added.",
      .de: "Agility: noch keine Daten. `outpost sync` ausführen, sobald das Konto angelegt ist.",
      .fr: "Agility : pas encore de données. Lancez `outpost sync` une fois le compte ajouté.",
      .it: "Agility: ancora nessun dato. Esegui `outpost sync` dopo aver aggiunto l'account.",
    ],
    .agilityStatusHeader: [
      .en: "Agility · {0} so far", .de: "Agility · {0} bisher", .fr: "Agility · {0} jusqu'ici",
      .it: "Agility · {0} finora",
    ],
    .agilityStatusProfit: [
      .en: "Profit and loss  {0}  (income {1}, business expenses {2})",
      .de: "Ergebnis         {0}  (Einnahmen {1}, Geschäftsausgaben {2})",
      .fr: "Résultat            {0}  (recettes {1}, dépenses professionnelles {2})",
      .it: "Utile e perdite    {0}  (entrate {1}, spese aziendali {2})",
    ],
    .agilityStatusCash: [
      .en: "Cash             {0}  (as of {1})", .de: "Liquidität       {0}  (Stand {1})",
      .fr: "Trésorerie          {0}  (au {1})", .it: "Liquidità          {0}  (al {1})",
    ],
    .agilityStatusCashAccount: [
      .en: "{0}: {1} (as of {2})", .de: "{0}: {1} (Stand {2})", .fr: "{0} : {1} (au {2})", .it: "{0}: {1} (al {2})",
    ],
    .agilityManualAccount: [
      .en: "entered by hand", .de: "von Hand erfasst", .fr: "saisi à la main", .it: "inserito a mano",
    ],
    .agilityStatusDueNext: [
      .en: "Due next         {0} {1}, due {2}", .de: "Als Nächstes     {0} {1}, fällig {2}",
      .fr: "Prochaine échéance  {0} {1}, le {2}", .it: "Prossima scadenza  {0} {1}, il {2}",
    ],
    .agilityStatusOverdue: [
      .en: "Overdue          {0} {1}, due {2}", .de: "Überfällig       {0} {1}, fällig seit {2}",
      .fr: "En retard           {0} {1}, dû le {2}", .it: "Scaduta            {0} {1}, dal {2}",
    ],
    .agilityStatusNothingDue: [
      .en: "Nothing due.", .de: "Nichts fällig.", .fr: "Rien à payer.", .it: "Nulla in scadenza.",
    ],
    .agilityNoInvoices: [
      .en: "No invoices.", .de: "Keine Rechnungen.", .fr: "Aucune facture.", .it: "Nessuna fattura.",
    ],
    .agilityInvoiceDue: [.en: "due {0}", .de: "fällig {0}", .fr: "échéance {0}", .it: "scadenza {0}"],
    .agilityInvoiceOpen: [.en: "{0} open", .de: "{0} offen", .fr: "{0} à payer", .it: "{0} da pagare"],
    .agilityDaysOverdue: [
      .en: "{0} {0?day|days}", .de: "{0} {0?Tag|Tage}", .fr: "{0} {0?jour|jours}", .it: "{0} {0?giorno|giorni}",
    ],
    .agilityInvoicesTotals: [
      .en: "Open: {0}, of which overdue: {1}.", .de: "Offen: {0}, davon überfällig: {1}.",
      .fr: "À payer : {0}, dont en retard : {1}.", .it: "Da pagare: {0}, di cui scaduto: {1}.",
    ],
    .agilityNoTransactions: [
      .en: "No transactions.", .de: "Keine Buchungen.", .fr: "Aucune transaction.", .it: "Nessuna transazione.",
    ],
    .agilityUncategorised: [
      .en: "uncategorised", .de: "ohne Kategorie", .fr: "sans catégorie", .it: "senza categoria",
    ],
    .agilityNoticeWageBase: [
      .en: "the Social Security wage base for {0} is not known yet; {1}'s is used",
      .de:
        "die Beitragsbemessungsgrenze der Social Security für {0} ist noch nicht bekannt; die von {1} wird verwendet",
      .fr: "le plafond de la Social Security pour {0} n'est pas encore connu ; celui de {1} est utilisé",
      .it: "il massimale della Social Security per {0} non è ancora noto; si usa quello del {1}",
    ],
    .agilityNoticeUncategorised: [
      .en: "{0} {0?transaction is|transactions are} not categorised and not counted",
      .de: "{0} {0?Buchung ist|Buchungen sind} nicht kategorisiert und nicht mitgezählt",
      .fr:
        "{0} {0?opération n'est pas catégorisée et n'est pas comptée|opérations ne sont pas catégorisées et ne sont pas comptées}",
      .it: "{0} {0?movimento non è categorizzato e non è contato|movimenti non sono categorizzati e non sono contati}",
    ],
    .agilityNoticeMedicare: [
      .en: "the projected profit is above $200,000: Additional Medicare Tax (Form 8959) is not included",
      .de: "der erwartete Gewinn liegt über 200.000 $: die Additional Medicare Tax (Formular 8959) ist nicht enthalten",
      .fr: "le bénéfice prévu dépasse 200 000 $ : l'Additional Medicare Tax (formulaire 8959) n'est pas comprise",
      .it: "l'utile previsto supera 200.000 $: l'Additional Medicare Tax (modulo 8959) non è inclusa",
    ],
    .agilityNoticeOverride: [
      .en: "taxDueOverrides: \"{0}\" is not YEAR-Qn=YYYY-MM-DD (e.g. 2026-Q1=2026-05-01)",
      .de: "taxDueOverrides: «{0}» ist nicht JAHR-Qn=JJJJ-MM-TT (z. B. 2026-Q1=2026-05-01)",
      .fr: "taxDueOverrides : « {0} » n'est pas ANNÉE-Qn=AAAA-MM-JJ (p. ex. 2026-Q1=2026-05-01)",
      .it: "taxDueOverrides: «{0}» non è ANNO-Qn=AAAA-MM-GG (ad es. 2026-Q1=2026-05-01)",
    ],
    .agilityInvoiceDraft: [.en: "draft", .de: "Entwurf", .fr: "brouillon", .it: "bozza"],
    .agilityInvoiceSent: [.en: "sent", .de: "versendet", .fr: "envoyée", .it: "inviata"],
    .agilityInvoiceViewed: [.en: "viewed", .de: "angesehen", .fr: "consultée", .it: "vista"],
    .agilityInvoicePaid: [.en: "paid", .de: "bezahlt", .fr: "payée", .it: "pagata"],
    .agilityInvoiceOverdue: [.en: "overdue", .de: "überfällig", .fr: "en retard", .it: "scaduta"],
    .agilityPartiallyPaid: [
      .en: "partially paid", .de: "teilweise bezahlt", .fr: "payée en partie", .it: "pagata in parte",
    ],
    .agilityPending: [.en: "pending", .de: "vorgemerkt", .fr: "en attente", .it: "in sospeso"],
    .agilityTransactionsTotals: [
      .en: "Transactions: {0}; in {1}, out {2}.",
      .de: "Buchungen: {0}; ein {1}, aus {2}.",
      .fr: "Transactions : {0} ; entrées {1}, sorties {2}.",
      .it: "Transazioni: {0}; entrate {1}, uscite {2}.",
    ],
    .agilityTransactionsShown: [
      .en: "({0} shown)", .de: "({0} angezeigt)", .fr: "({0} {0?affichée|affichées})",
      .it: "({0} {0?mostrata|mostrate})",
    ],
    .agilityTaxHeader: [
      .en: "Estimated tax {0} (self-employment and income tax)",
      .de: "Geschätzte Steuer {0} (Selbständigen- und Einkommensteuer)",
      .fr: "Impôt estimé {0} (cotisations d'indépendant et impôt sur le revenu)",
      .it: "Imposta stimata {0} (contributi autonomi e imposta sul reddito)",
    ],
    .agilityTaxHeaderSEOnly: [
      .en: "Estimated tax {0}: SE tax only (set --option incomeTaxRate=… for income tax)",
      .de: "Geschätzte Steuer {0}: nur SE-Steuer (--option incomeTaxRate=… für die Einkommensteuer)",
      .fr: "Impôt estimé {0} : impôt SE seul (--option incomeTaxRate=… pour l'impôt sur le revenu)",
      .it: "Imposta stimata {0}: solo imposta SE (--option incomeTaxRate=… per l'imposta sul reddito)",
    ],
    .agilityTaxColumnDue: [.en: "due", .de: "fällig", .fr: "échéance", .it: "scadenza"],
    .agilityTaxColumnTarget: [.en: "target so far", .de: "Soll bisher", .fr: "cible cumulée", .it: "obiettivo"],
    .agilityTaxColumnPaid: [.en: "paid", .de: "bezahlt", .fr: "payé", .it: "pagato"],
    .agilityTaxColumnSuggested: [.en: "to pay", .de: "zu zahlen", .fr: "à payer", .it: "da pagare"],
    .agilityTaxCovered: [.en: "covered", .de: "gedeckt", .fr: "couvert", .it: "coperto"],
    .agilityTaxPastDue: [
      .en: "past due, possibly underpaid", .de: "verstrichen, evtl. zu wenig bezahlt",
      .fr: "échu, peut-être insuffisant", .it: "scaduto, forse insufficiente",
    ],
    .agilityTaxProjected: [
      .en: "projected from the year so far", .de: "hochgerechnet aus dem bisherigen Jahr",
      .fr: "projeté sur l'année en cours", .it: "proiettato sull'anno finora",
    ],
    .agilityTaxOpen: [.en: "open", .de: "offen", .fr: "à payer", .it: "da pagare"],
    .agilityTaxShifted: [.en: "moved: {0}", .de: "verschoben: {0}", .fr: "décalé : {0}", .it: "spostato: {0}"],
    .agilityWarning: [.en: "Note: {0}", .de: "Hinweis: {0}", .fr: "Remarque : {0}", .it: "Nota: {0}"],
    .agilityTaxDisclaimer: [
      .en: "This is an estimate, not tax advice.", .de: "Dies ist eine Schätzung, keine Steuerberatung.",
      .fr: "Ceci est une estimation, pas un conseil fiscal.", .it: "Questa è una stima, non una consulenza fiscale.",
    ],
    .agilityImportKeepFormat: [
      .en: "--keep takes line numbers separated by commas, e.g. --keep 12,40.",
      .de: "--keep nimmt Zeilennummern mit Kommas, z. B. --keep 12,40.",
      .fr: "--keep prend des numéros de ligne séparés par des virgules, p. ex. --keep 12,40.",
      .it: "--keep accetta numeri di riga separati da virgole, ad es. --keep 12,40.",
    ],
    .agilityImportReading: [
      .en: "Reading {0} ({1} MiB)…",
      .de: "{0} wird gelesen ({1} MiB)…",
      .fr: "Lecture de {0} ({1} Mio)…",
      .it: "Lettura di {0} ({1} MiB)…",
    ],
    .agilityImportCounts: [
      .en: "{0} → {1}: {2} new, {3} already there.",
      .de: "{0} → {1}: {2} neu, {3} schon vorhanden.",
      .fr: "{0} → {1} : {2} {2?nouvelle|nouvelles}, {3} déjà {3?présente|présentes}.",
      .it: "{0} → {1}: {2} {2?nuova|nuove}, {3} già {3?presente|presenti}.",
    ],
    .agilityImportFlagged: [
      .en: "For your review, NOT imported ({0}): these look like transactions already synced from the bank:",
      .de: "Zur Prüfung, NICHT importiert ({0}): diese gleichen schon von der Bank synchronisierten Buchungen:",
      .fr:
        "À vérifier, NON importées ({0}) : elles ressemblent à des transactions déjà synchronisées depuis la banque :",
      .it: "Da verificare, NON importate ({0}): somigliano a transazioni già sincronizzate dalla banca:",
    ],
    .agilityImportFlaggedLine: [
      .en: "line {0}: {1} {2} {3} looks like {4} ({5})",
      .de: "Zeile {0}: {1} {2} {3} gleicht {4} ({5})",
      .fr: "ligne {0} : {1} {2} {3} ressemble à {4} ({5})",
      .it: "riga {0}: {1} {2} {3} somiglia a {4} ({5})",
    ],
    .agilityImportKeepHint: [
      .en: "To import them anyway: --keep {0} (or --keep-flagged).",
      .de: "Um sie trotzdem zu importieren: --keep {0} (oder --keep-flagged).",
      .fr: "Pour les importer quand même : --keep {0} (ou --keep-flagged).",
      .it: "Per importarle comunque: --keep {0} (o --keep-flagged).",
    ],
    .agilityImportKept: [
      .en: "Flagged rows kept as you asked: {0}.",
      .de: "Markierte Zeilen wie gewünscht übernommen: {0}.",
      .fr: "Lignes signalées gardées comme demandé : {0}.",
      .it: "Righe segnalate mantenute come richiesto: {0}.",
    ],
    .agilityImportRejected: [
      .en: "Left out, unreadable ({0}):",
      .de: "Ausgelassen, nicht lesbar ({0}):",
      .fr: "Laissées de côté, illisibles ({0}) :",
      .it: "Escluse, illeggibili ({0}):",
    ],
    .agilityImportRejectedLine: [
      .en: "line {0}: {1}",
      .de: "Zeile {0}: {1}",
      .fr: "ligne {0} : {1}",
      .it: "riga {0}: {1}",
    ],
    .agilityImportBalance: [
      .en: "Balance check: {0}",
      .de: "Saldoprüfung: {0}",
      .fr: "Contrôle du solde : {0}",
      .it: "Verifica del saldo: {0}",
    ],
    .agilityImportDryRun: [
      .en: "Dry run: {0} would be imported; nothing was stored or sent.",
      .de: "Probelauf: {0} {0?würde|würden} importiert; nichts wurde gespeichert oder gesendet.",
      .fr: "Essai : {0} {0?serait importée|seraient importées} ; rien n'a été enregistré ni envoyé.",
      .it: "Prova: {0} {0?verrebbe importata|verrebbero importate}; nulla è stato salvato o inviato.",
    ],
    .agilityImportNothingNew: [
      .en: "Nothing new to import.",
      .de: "Nichts Neues zu importieren.",
      .fr: "Rien de nouveau à importer.",
      .it: "Niente di nuovo da importare.",
    ],
    .agilityImportQueued: [
      .en: "Stored, new: {0}; the upload is queued as action {1}.",
      .de: "Gespeichert, neu: {0}; das Hochladen ist als Aktion {1} eingereiht.",
      .fr: "Enregistrées, nouvelles : {0} ; l'envoi est en file comme action {1}.",
      .it: "Salvate, nuove: {0}; il caricamento è in coda come azione {1}.",
    ],
  ]
}

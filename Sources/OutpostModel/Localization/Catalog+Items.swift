/// The messages of `outpost sync`, `agenda`, `show` and the item lists.
extension Catalog {
  static let itemEntries: [MessageKey: [Language: String]] = [
    .freshnessState: [
      .en: "{0}: {1} since {2}; data of {3}", .de: "{0}: {1} seit {2}; Daten vom {3}",
      .fr: "{0} : {1} depuis {2} ; données du {3}", .it: "{0}: {1} da {2}; dati del {3}",
    ],
    .freshnessStateNoData: [
      .en: "{0}: {1} since {2}; nothing synced yet", .de: "{0}: {1} seit {2}; noch nichts synchronisiert",
      .fr: "{0} : {1} depuis {2} ; rien de synchronisé encore", .it: "{0}: {1} da {2}; ancora nulla sincronizzato",
    ],
    .freshnessStale: [
      .en: "{0}: data of {1}, not updated for over a day (`outpost sync --wait`)",
      .de: "{0}: Daten vom {1}, seit über einem Tag nicht aktualisiert (`outpost sync --wait`)",
      .fr: "{0} : données du {1}, pas mises à jour depuis plus d'un jour (`outpost sync --wait`)",
      .it: "{0}: dati del {1}, non aggiornati da oltre un giorno (`outpost sync --wait`)",
    ],
    .syncStarted: [
      .en: "{0}: syncing in the background (follow with `outpost events --type items.`)",
      .de: "{0}: wird im Hintergrund synchronisiert (mitverfolgen mit `outpost events --type items.`)",
      .fr: "{0} : synchronisation en arrière-plan (à suivre avec `outpost events --type items.`)",
      .it: "{0}: sincronizzazione in background (segui con `outpost events --type items.`)",
    ],
    .syncSynced: [
      .en: "{0}: synced — {1} new, {2} changed, {3} cancelled, {4} removed",
      .de: "{0}: synchronisiert — {1} neu, {2} geändert, {3} abgesagt, {4} entfernt",
      .fr:
        "{0} : synchronisé — {1} {1?nouveau|nouveaux}, {2} {2?modifié|modifiés}, {3} {3?annulé|annulés}, {4} {4?retiré|retirés}",
      .it:
        "{0}: sincronizzato — {1} {1?nuovo|nuovi}, {2} {2?modificato|modificati}, {3} {3?annullato|annullati}, {4} {4?rimosso|rimossi}",
    ],
    .syncPoints: [
      .en: "{0} {0?reading|readings} stored, {1} removed", .de: "{0} {0?Messwert|Messwerte} gespeichert, {1} entfernt",
      .fr: "{0} {0?mesure enregistrée|mesures enregistrées}, {1} {1?retirée|retirées}",
      .it: "{0} {0?misurazione salvata|misurazioni salvate}, {1} {1?rimossa|rimosse}",
    ],
    .syncNothingNew: [
      .en: "{0}: up to date, nothing changed", .de: "{0}: aktuell, nichts geändert",
      .fr: "{0} : à jour, rien n'a changé", .it: "{0}: aggiornato, nessuna modifica",
    ],
    .syncFailed: [
      .en: "{0}: sync failed: {1}", .de: "{0}: Synchronisierung fehlgeschlagen: {1}",
      .fr: "{0} : échec de la synchronisation : {1}", .it: "{0}: sincronizzazione non riuscita: {1}",
    ],
    .syncRetry: [
      .en: "  next automatic try: {0}", .de: "  nächster automatischer Versuch: {0}",
      .fr: "  prochain essai automatique : {0}", .it: "  prossimo tentativo automatico: {0}",
    ],
    .syncParkedNote: [
      .en: "  needs attention: waiting does not fix this, so it is tried by itself only every 6 hours; "
        + "`outpost sync {0}` tries at once, `--full` starts over",
      .de: "  braucht Aufmerksamkeit: Warten behebt das nicht, deshalb nur noch alle 6 Stunden von selbst versucht; "
        + "`outpost sync {0}` versucht es sofort, `--full` beginnt neu",
      .fr: "  à vérifier : attendre n'y change rien, donc essayé seul toutes les 6 heures seulement ; "
        + "`outpost sync {0}` réessaie tout de suite, `--full` recommence",
      .it: "  richiede attenzione: aspettare non basta, quindi provato da solo solo ogni 6 ore; "
        + "`outpost sync {0}` riprova subito, `--full` ricomincia",
    ],
    .agendaEmpty: [
      .en: "Nothing in the next {0?24 hours|{0} days}. (`outpost sync` fetches the latest.)",
      .de: "Nichts in den nächsten {0?24 Stunden|{0} Tagen}. (`outpost sync` holt den neuesten Stand.)",
      .fr:
        "Rien dans les {0?prochaines 24 heures|{0} prochains jours}. (`outpost sync` récupère les dernières données.)",
      .it: "Niente {0?nelle prossime 24 ore|nei prossimi {0} giorni}. (`outpost sync` recupera gli ultimi dati.)",
    ],
    .itemsEmpty: [
      .en: "No items match. (`outpost sync` fetches the latest; `outpost account list` shows your accounts.)",
      .de:
        "Keine passenden Einträge. (`outpost sync` holt den neuesten Stand; `outpost account list` zeigt Ihre Konten.)",
      .fr:
        "Aucun élément ne correspond. (`outpost sync` récupère les dernières données ; `outpost account list` montre vos comptes.)",
      .it:
        "Nessun elemento corrisponde. (`outpost sync` recupera gli ultimi dati; `outpost account list` mostra i tuoi account.)",
    ],
    .paramMalformed: [
      .en: "--param takes NAME=VALUE, not \"{0}\" (`outpost actions` lists each action's parameters)",
      .de: "--param erwartet NAME=WERT, nicht \"{0}\" (`outpost actions` zeigt die Parameter jeder Aktion)",
      .fr: "--param attend NOM=VALEUR, pas \"{0}\" (`outpost actions` liste les paramètres de chaque action)",
      .it: "--param vuole NOME=VALORE, non \"{0}\" (`outpost actions` elenca i parametri di ogni azione)",
    ],
    .optionMalformed: [
      .en: "--option takes KEY=VALUE, not \"{0}\"", .de: "--option erwartet SCHLÜSSEL=WERT, nicht \"{0}\"",
      .fr: "--option attend CLÉ=VALEUR, pas \"{0}\"", .it: "--option vuole CHIAVE=VALORE, non \"{0}\"",
    ],
    .actionParamRequired: [.en: "required", .de: "erforderlich", .fr: "obligatoire", .it: "obbligatorio"],
    .actionOnlineOnly: [
      .en: "online only: done at once or refused, never queued",
      .de: "nur online: sofort ausgeführt oder abgelehnt, nie vorgemerkt",
      .fr: "en ligne uniquement : fait tout de suite ou refusé, jamais mis en file",
      .it: "solo online: eseguito subito o rifiutato, mai messo in coda",
    ],
    .actionOnlineOnlyRefused: [
      .en:
        "{0} is online only and {1} cannot reach its service now: nothing was sent, nothing is queued. Try again when it is back (`outpost sync {1} --wait` checks).",
      .de:
        "{0} geht nur online, und {1} erreicht seinen Dienst gerade nicht: nichts wurde gesendet, nichts vorgemerkt. Versuchen Sie es erneut, sobald er erreichbar ist (`outpost sync {1} --wait` prüft es).",
      .fr:
        "{0} ne fonctionne qu’en ligne et {1} ne joint pas son service pour l’instant : rien n’a été envoyé ni mis en file. Réessayez quand il sera de retour (`outpost sync {1} --wait` le vérifie).",
      .it:
        "{0} funziona solo online e {1} non raggiunge ora il suo servizio: non è stato inviato né messo in coda nulla. Riprova quando torna raggiungibile (`outpost sync {1} --wait` lo verifica).",
    ],
    .itemAllDay: [.en: "all day", .de: "ganztägig", .fr: "toute la journée", .it: "tutto il giorno"],
    .exchangeMine: [.en: "mine", .de: "meins", .fr: "la mienne", .it: "mia"],
    .exchangeApplied: [.en: "applied", .de: "beworben", .fr: "candidature envoyée", .it: "candidatura inviata"],
    .tasksDone: [.en: "done", .de: "erledigt", .fr: "faite", .it: "fatta"],
    .exchangeLevel: [.en: "level {0}", .de: "Stufe {0}", .fr: "niveau {0}", .it: "livello {0}"],
    .showNoSuchItem: [
      .en: "no item with the number or link \"{0}\"; `outpost agenda` lists them",
      .de: "kein Eintrag mit der Nummer oder dem Link «{0}»; `outpost agenda` listet sie",
      .fr: "aucun élément avec le numéro ou le lien « {0} » ; `outpost agenda` les liste",
      .it: "nessun elemento con il numero o il link «{0}»; `outpost agenda` li elenca",
    ],
    .compensationPaid: [.en: "paid", .de: "bezahlt", .fr: "payée", .it: "pagata"],
    .compensationUnpaid: [.en: "unpaid", .de: "offen", .fr: "non payée", .it: "non pagata"],
    .itemFieldKind: [.en: "kind", .de: "Art", .fr: "type", .it: "tipo"],
    .itemFieldAbout: [.en: "about", .de: "Angaben", .fr: "précisions", .it: "dettagli"],
    .itemFieldAmount: [.en: "amount", .de: "Betrag", .fr: "montant", .it: "importo"],
    .itemFieldWhen: [.en: "when", .de: "Wann", .fr: "quand", .it: "quando"],
    .itemFieldWhere: [.en: "where", .de: "Wo", .fr: "où", .it: "dove"],
    .itemFieldStatus: [.en: "status", .de: "Status", .fr: "état", .it: "stato"],
    .itemFieldNote: [.en: "note", .de: "Hinweis", .fr: "remarque", .it: "nota"],
    .itemFieldLink: [.en: "link", .de: "Link", .fr: "lien", .it: "link"],
    .itemStatusActive: [.en: "current", .de: "aktuell", .fr: "en cours", .it: "in corso"],
    .itemStatusApplied: [.en: "applied for", .de: "beworben", .fr: "candidature envoyée", .it: "candidatura inviata"],
    .itemStatusClosed: [.en: "over", .de: "abgeschlossen", .fr: "terminé", .it: "concluso"],
    .itemMoreDetails: [
      .en: "{0?one more detail|{0} more details} from the service: `outpost show {1} --json`",
      .de: "{0?ein weiteres Detail|{0} weitere Details} vom Dienst: `outpost show {1} --json`",
      .fr: "{0?un autre détail|{0} autres détails} du service : `outpost show {1} --json`",
      .it: "{0?un altro dettaglio|altri {0} dettagli} dal servizio: `outpost show {1} --json`",
    ],
    .itemCancelled: [.en: "CANCELLED", .de: "ABGESAGT", .fr: "ANNULÉ", .it: "ANNULLATO"],
    .itemRemoved: [
      .en: "no longer listed by the service", .de: "vom Dienst nicht mehr aufgeführt",
      .fr: "plus listé par le service", .it: "non più elencato dal servizio",
    ],
    .actionQueued: [
      .en: "Queued as action {0}{1}; it is sent as soon as the service can be reached (`outpost queue`).",
      .de: "Als Aktion {0} vorgemerkt{1}; wird gesendet, sobald der Dienst erreichbar ist (`outpost queue`).",
      .fr: "Mis en file comme action {0}{1} ; envoyé dès que le service est joignable (`outpost queue`).",
      .it: "In coda come azione {0}{1}; viene inviato appena il servizio è raggiungibile (`outpost queue`).",
    ],
    .actionDone: [
      .en: "Done: action {0} ({1}) reached the service.", .de: "Erledigt: Aktion {0} ({1}) ist beim Dienst angekommen.",
      .fr: "Fait : l’action {0} ({1}) est parvenue au service.",
      .it: "Fatto: l’azione {0} ({1}) è arrivata al servizio.",
    ],
    .actionConflict: [
      .en: "Conflict: action {0} ({1}): {2}\nDecide with `outpost conflicts resolve {0} --retry` or `--discard`.",
      .de: "Konflikt: Aktion {0} ({1}): {2}\nEntscheiden mit `outpost conflicts resolve {0} --retry` oder `--discard`.",
      .fr: "Conflit : action {0} ({1}) : {2}\nDécidez avec `outpost conflicts resolve {0} --retry` ou `--discard`.",
      .it: "Conflitto: azione {0} ({1}): {2}\nDecidi con `outpost conflicts resolve {0} --retry` o `--discard`.",
    ],
    .actionFailed: [
      .en:
        "Refused: action {0} ({1}): {2}\nIt is kept: `outpost conflicts resolve {0} --retry` sends it again, `--discard` drops it.",
      .de:
        "Abgelehnt: Aktion {0} ({1}): {2}\nEs bleibt erhalten: `outpost conflicts resolve {0} --retry` sendet es erneut, `--discard` verwirft es.",
      .fr:
        "Refusé : action {0} ({1}) : {2}\nConservé : `outpost conflicts resolve {0} --retry` le renvoie, `--discard` l’abandonne.",
      .it:
        "Rifiutato: azione {0} ({1}): {2}\nÈ conservato: `outpost conflicts resolve {0} --retry` lo invia di nuovo, `--discard` lo scarta.",
    ],
    .actionLine: [
      .en: "action {0}  {1}  {2}  {3}", .de: "Aktion {0}  {1}  {2}  {3}", .fr: "action n° {0}  {1}  {2}  {3}",
      .it: "azione {0}  {1}  {2}  {3}",
    ],
    .actionOnItem: [.en: "item #{0}", .de: "Eintrag #{0}", .fr: "élément #{0}", .it: "elemento #{0}"],
    .actionOnAccount: [.en: "the account", .de: "das Konto", .fr: "le compte", .it: "l’account"],
    .actionStatePending: [.en: "waiting", .de: "wartet", .fr: "en attente", .it: "in attesa"],
    .actionStateRunning: [.en: "being sent", .de: "wird gesendet", .fr: "en cours d’envoi", .it: "in invio"],
    .actionStateDone: [.en: "done", .de: "erledigt", .fr: "fait", .it: "fatto"],
    .actionStateConflict: [.en: "conflict", .de: "Konflikt", .fr: "conflit", .it: "conflitto"],
    .actionStateDiscarded: [.en: "discarded", .de: "verworfen", .fr: "abandonnée", .it: "scartata"],
    .actionStateFailed: [.en: "refused", .de: "abgelehnt", .fr: "refusée", .it: "rifiutata"],
    .queueEmpty: [
      .en: "The queue is empty: everything was sent.", .de: "Die Warteschlange ist leer: alles wurde gesendet.",
      .fr: "La file est vide : tout a été envoyé.", .it: "La coda è vuota: tutto è stato inviato.",
    ],
    .conflictsNone: [.en: "No conflicts.", .de: "Keine Konflikte.", .fr: "Aucun conflit.", .it: "Nessun conflitto."],
    .conflictServerNow: [
      .en: "what the service holds now: `outpost conflicts --json`",
      .de: "was der Dienst jetzt hat: `outpost conflicts --json`",
      .fr: "ce que le service a maintenant : `outpost conflicts --json`",
      .it: "cosa ha ora il servizio: `outpost conflicts --json`",
    ],
  ]
}

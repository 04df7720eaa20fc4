/// The messages of `outpost rpp …`. Order numbers, slots, flags and command examples stay as
/// they are in every language.
extension Catalog {
  static let rppEntries: [MessageKey: [Language: String]] = [
    .rppStatusChoices: [
      .en: "no order status \"{0}\"; --status takes {1}", .de: "kein Auftragsstatus «{0}»; --status nimmt {1}",
      .fr: "aucun état de commande « {0} » ; --status prend {1}",
      .it: "nessuno stato d'ordine «{0}»; --status accetta {1}",
    ],
    .rppDayFormat: [
      .en: "{0} is a day, YYYY-MM-DD (e.g. 2026-12-05), not \"{1}\"",
      .de: "{0} ist ein Tag, JJJJ-MM-TT (z. B. 2026-12-05), nicht «{1}»",
      .fr: "{0} est un jour, AAAA-MM-JJ (p. ex. 2026-12-05), pas « {1} »",
      .it: "{0} è un giorno, AAAA-MM-GG (ad es. 2026-12-05), non «{1}»",
    ],
    .rppNoSavedAddresses: [
      .en: "No saved addresses; book with --address \"street, city, [region] postal code, country code\".",
      .de: "Keine gespeicherten Adressen; buchen Sie mit --address \"Strasse, Ort, [Region] PLZ, Ländercode\".",
      .fr: "Aucune adresse enregistrée ; réservez avec --address \"rue, ville, [région] code postal, code pays\".",
      .it: "Nessun indirizzo salvato; prenota con --address \"via, città, [regione] CAP, codice paese\".",
    ],
    .rppAddressNeeded: [
      .en:
        "Where is the shoot? Give --address: a saved one ({0}) or \"street, city, [region] postal code, country code\".",
      .de:
        "Wo ist das Shooting? Geben Sie --address an: eine gespeicherte ({0}) oder \"Strasse, Ort, [Region] PLZ, Ländercode\".",
      .fr:
        "Où a lieu la séance ? Indiquez --address : une adresse enregistrée ({0}) ou \"rue, ville, [région] code postal, code pays\".",
      .it:
        "Dove si fa il servizio? Indica --address: uno salvato ({0}) o \"via, città, [regione] CAP, codice paese\".",
    ],
    .rppFromAfterTo: [
      .en: "--from ({0}) is after --to ({1})", .de: "--from ({0}) liegt nach --to ({1})",
      .fr: "--from ({0}) est après --to ({1})", .it: "--from ({0}) è dopo --to ({1})",
    ],
    .rppSignedOutEverywhere: [
      .en: "Signed out of RPP on every device; `outpost account login {0}` signs this one in again.",
      .de: "Auf allen Geräten von RPP abgemeldet; `outpost account login {0}` meldet dieses wieder an.",
      .fr: "Déconnecté de RPP sur tous les appareils ; `outpost account login {0}` reconnecte celui-ci.",
      .it: "Disconnesso da RPP su tutti i dispositivi; `outpost account login {0}` ricollega questo.",
    ],
    .rppPhotos: [.en: "photos: {0}", .de: "Fotos: {0}", .fr: "photos : {0}", .it: "foto: {0}"],
    .rppPartnerTimeZone: [
      .en: "the partner's time zone", .de: "Zeitzone des Partners", .fr: "fuseau horaire du partenaire",
      .it: "fuso orario del partner",
    ],
    .rppSlotYours: [.en: "= {0} yours", .de: "= {0} bei Ihnen", .fr: "= {0} chez vous", .it: "= {0} ora tua"],
    .rppSlotTaken: [.en: "taken", .de: "belegt", .fr: "pris", .it: "occupato"],
    .rppNoFreeSlot: [
      .en: "No free slot on those days; try --days 7 or another --date.",
      .de: "Kein freier Termin an diesen Tagen; versuchen Sie --days 7 oder ein anderes --date.",
      .fr: "Aucun créneau libre ces jours-là ; essayez --days 7 ou une autre --date.",
      .it: "Nessuno slot libero in quei giorni; prova --days 7 o un'altra --date.",
    ],
    .rppBooked: [
      .en: "Booked: {0} ({1})", .de: "Gebucht: {0} ({1})", .fr: "Réservé : {0} ({1})", .it: "Prenotato: {0} ({1})",
    ],
    .rppBookedPending: [
      .en: "pending: the partner confirms it", .de: "ausstehend: der Partner bestätigt es",
      .fr: "en attente : le partenaire le confirme", .it: "in attesa: il partner lo conferma",
    ],
    .rppNoOrder: [
      .en: "No RPP order \"{0}\"; `outpost rpp orders` lists them (number, RPP-… or ord_…)",
      .de: "Kein RPP-Auftrag «{0}»; `outpost rpp orders` listet sie auf (Nummer, RPP-… oder ord_…)",
      .fr: "Aucune commande RPP « {0} » ; `outpost rpp orders` les liste (numéro, RPP-… ou ord_…)",
      .it: "Nessun ordine RPP «{0}»; `outpost rpp orders` li elenca (numero, RPP-… o ord_…)",
    ],
    .rppNoAccount: [
      .en: "There is no RPP account; add one with `outpost account add rpp`",
      .de: "Es gibt kein RPP-Konto; fügen Sie eines hinzu mit `outpost account add rpp`",
      .fr: "Il n'y a aucun compte RPP ; ajoutez-en un avec `outpost account add rpp`",
      .it: "Non c'è alcun account RPP; aggiungine uno con `outpost account add rpp`",
    ],
    .rppSeveralAccounts: [
      .en: "You have several RPP accounts ({0}): name one with --account",
      .de: "Sie haben mehrere RPP-Konten ({0}): nennen Sie eines mit --account",
      .fr: "Vous avez plusieurs comptes RPP ({0}) : choisissez-en un avec --account",
      .it: "Hai più account RPP ({0}): indicane uno con --account",
    ],
    // Rescheduling and cancelling.
    .rppRescheduleUntil: [
      .en: "The partner allows rescheduling until {0}.",
      .de: "Der Partner erlaubt das Verschieben bis {0}.",
      .fr: "Le partenaire permet de déplacer la séance jusqu'au {0}.",
      .it: "Il partner consente di spostare il servizio fino al {0}.",
    ],
    .rppLateFee: [
      .en: "A late fee of {0} applies now. To cancel and pay it: outpost rpp cancel {1} --accept-fee",
      .de:
        "Jetzt fällt eine Gebühr für späte Absage von {0} an. Um abzusagen und sie zu bezahlen: outpost rpp cancel {1} --accept-fee",
      .fr:
        "Des frais d'annulation tardive de {0} s'appliquent désormais. Pour annuler et les payer : outpost rpp cancel {1} --accept-fee",
      .it:
        "Ora si applica una penale per disdetta tardiva di {0}. Per annullare e pagarla: outpost rpp cancel {1} --accept-fee",
    ],
    .rppLateFeeSince: [
      .en:
        "A late fee of {0} applies now (free cancellation ended {1}). To cancel and pay it: outpost rpp cancel {2} --accept-fee",
      .de:
        "Jetzt fällt eine Gebühr für späte Absage von {0} an (die kostenlose Absage war bis {1} möglich). Um abzusagen und sie zu bezahlen: outpost rpp cancel {2} --accept-fee",
      .fr:
        "Des frais d'annulation tardive de {0} s'appliquent désormais (l'annulation gratuite a pris fin le {1}). Pour annuler et les payer : outpost rpp cancel {2} --accept-fee",
      .it:
        "Ora si applica una penale per disdetta tardiva di {0} (la disdetta gratuita è terminata il {1}). Per annullare e pagarla: outpost rpp cancel {2} --accept-fee",
    ],
    .rppCancellingWithFee: [
      .en: "Cancelling with the late fee of {0}.",
      .de: "Absage mit der Gebühr für späte Absage von {0}.",
      .fr: "Annulation avec les frais d'annulation tardive de {0}.",
      .it: "Annullamento con la penale per disdetta tardiva di {0}.",
    ],
    .rppFreeCancellationUntil: [
      .en: "Free cancellation until {0}.", .de: "Kostenlose Absage bis {0}.",
      .fr: "Annulation gratuite jusqu'au {0}.", .it: "Disdetta gratuita fino al {0}.",
    ],
    .rppPartnerTime: [
      .en: "{0} {1} partner time ({2} yours)", .de: "{0} {1} Zeit des Partners ({2} bei Ihnen)",
      .fr: "{0} {1} heure du partenaire ({2} chez vous)", .it: "{0} {1} ora del partner ({2} ora tua)",
    ],
    // Conversations.
    .rppUnread: [.en: "{0} unread", .de: "{0} ungelesen", .fr: "{0} non {0?lu|lus}", .it: "{0} non {0?letto|letti}"],
    .rppRead: [.en: "read", .de: "gelesen", .fr: "lu", .it: "letto"],
    .rppNoMessages: [
      .en: "no messages yet", .de: "noch keine Nachrichten", .fr: "pas encore de message",
      .it: "ancora nessun messaggio",
    ],
    .rppNoConversation: [
      .en: "Order {0} has no conversation yet", .de: "Auftrag {0} hat noch keine Unterhaltung",
      .fr: "La commande {0} n'a pas encore de conversation", .it: "L'ordine {0} non ha ancora una conversazione",
    ],
  ]
}

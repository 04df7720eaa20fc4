/// The messages of an Agile Network expert's profile (`outpost agile experts SLUG`) and of
/// `outpost agile subscribe`. Names, titles, slugs, prices and addresses are filled in.
extension Catalog {
  static let agileExpertEntries: [MessageKey: [Language: String]] = [
    .agileSubscriberCount: [
      .en: "{0} {0?subscriber|subscribers}", .de: "{0} {0?Abonnent|Abonnenten}", .fr: "{0} {0?abonné|abonnés}",
      .it: "{0} {0?abbonato|abbonati}",
    ],
    .agileExpertStats: [
      .en: "{0} {0?subscriber|subscribers} · latest: {1} {1?video|videos}, {2} {2?article|articles}, {3} locked",
      .de: "{0} {0?Abonnent|Abonnenten} · zuletzt: {1} {1?Video|Videos}, {2} {2?Artikel|Artikel}, {3} gesperrt",
      .fr:
        "{0} {0?abonné|abonnés} · récents : {1} {1?vidéo|vidéos}, {2} {2?article|articles}, {3} {3?verrouillé|verrouillés}",
      .it:
        "{0} {0?abbonato|abbonati} · recenti: {1} {1?video|video}, {2} {2?articolo|articoli}, {3} {3?bloccato|bloccati}",
    ],
    .agileExpertNotFollowing: [
      .en: "not followed: `outpost agile follow {0}`", .de: "nicht gefolgt: `outpost agile follow {0}`",
      .fr: "non suivi : `outpost agile follow {0}`", .it: "non seguito: `outpost agile follow {0}`",
    ],
    .agileExpertSubscribed: [
      .en: "subscribed (`outpost agile subscriptions`)", .de: "abonniert (`outpost agile subscriptions`)",
      .fr: "abonné (`outpost agile subscriptions`)", .it: "abbonato (`outpost agile subscriptions`)",
    ],
    .agileExpertOffer: [
      .en: "Subscribe for {0}: `outpost agile subscribe {1}`", .de: "Abonnieren für {0}: `outpost agile subscribe {1}`",
      .fr: "S'abonner pour {0} : `outpost agile subscribe {1}`", .it: "Abbonati per {0}: `outpost agile subscribe {1}`",
    ],
    .agileExpertLibrary: [
      .en: "Library, the latest:", .de: "Bibliothek, das Neueste:", .fr: "Bibliothèque, le plus récent :",
      .it: "Biblioteca, le novità:",
    ],
    .agileExpertLibraryEmpty: [
      .en: "Nothing published yet.", .de: "Noch nichts veröffentlicht.", .fr: "Rien de publié pour l'instant.",
      .it: "Ancora nulla di pubblicato.",
    ],
    .agileExpertLibraryMore: [
      .en: "More on the expert's page: {0}", .de: "Mehr auf der Seite des Experten: {0}",
      .fr: "Plus sur la page de l'expert : {0}", .it: "Altro sulla pagina dell'esperto: {0}",
    ],
    .agileExpertLocked: [
      .en: "locked: subscribe to {0} to unlock it (`outpost agile subscribe {1}`)",
      .de: "gesperrt: {0} abonnieren, um es freizuschalten (`outpost agile subscribe {1}`)",
      .fr: "verrouillé : abonnez-vous à {0} pour le débloquer (`outpost agile subscribe {1}`)",
      .it: "bloccato: abbonati a {0} per sbloccarlo (`outpost agile subscribe {1}`)",
    ],
    .agileExpertProfileLater: [
      .en: "The profile and library come from the brand, which cannot be asked now: `outpost agile experts {0}` later.",
      .de:
        "Profil und Bibliothek kommen von der Marke, die gerade nicht erreichbar ist: später `outpost agile experts {0}`.",
      .fr:
        "Le profil et la bibliothèque viennent de la marque, injoignable pour l'instant : `outpost agile experts {0}` plus tard.",
      .it:
        "Profilo e biblioteca vengono dal marchio, ora non raggiungibile: più tardi `outpost agile experts {0}`.",
    ],
    .agileIntervalMonth: [.en: "{0} a month", .de: "{0} im Monat", .fr: "{0} par mois", .it: "{0} al mese"],
    .agileIntervalYear: [.en: "{0} a year", .de: "{0} im Jahr", .fr: "{0} par an", .it: "{0} all'anno"],
    .agileSubscribeOpening: [
      .en: "Subscribe to {0} for {1} on the brand's page (the purchase happens there): {2}",
      .de: "{0} für {1} auf der Seite der Marke abonnieren (dort wird bezahlt): {2}",
      .fr: "Abonnez-vous à {0} pour {1} sur la page de la marque (l'achat se fait là) : {2}",
      .it: "Abbonati a {0} per {1} sulla pagina del marchio (l'acquisto avviene lì): {2}",
    ],
    .agileSubscribeAlready: [
      .en: "You subscribe to {0} already: `outpost agile subscriptions`.",
      .de: "Sie haben {0} schon abonniert: `outpost agile subscriptions`.",
      .fr: "Vous êtes déjà abonné à {0} : `outpost agile subscriptions`.",
      .it: "Sei già abbonato a {0}: `outpost agile subscriptions`.",
    ],
    .agileSubscribeNoOffer: [
      .en: "{0} sells no subscription; the expert's page: {1}",
      .de: "{0} bietet kein Abonnement an; die Seite des Experten: {1}",
      .fr: "{0} ne vend pas d'abonnement ; la page de l'expert : {1}",
      .it: "{0} non vende abbonamenti; la pagina dell'esperto: {1}",
    ],
  ]
}

import OutpostModel

/// Every text a status bar shows, in each language. Kept here rather than in OutpostModel's
/// catalog because the bars are this module's only audience; a test checks that each message has
/// all four languages and the same `{n}` placeholders in each. Numbers are put after a colon
/// ("conflicts to decide: 2") so that no message needs plural forms.
public enum SnapshotMessage: String, CaseIterable, Sendable {
  case today
  case tomorrow
  case nothingUpcoming
  case setUp
  case notSyncedYet
  case lastUpdatedHours
  case lastUpdatedDays
  case stateOK
  case stateNeedsLogin
  case stateKeyringLocked
  case stateOffline
  case stateError
  case accountNeverSynced
  case accountLastSync
  case hintLogin
  case hintUnlock
  case hintOffline
  case pendingActions
  case conflicts
  case unreadNotifications
  case unreadMessages
  case statusCancelled
  case statusApplied
}

enum SnapshotCatalog {
  static let entries: [SnapshotMessage: [Language: String]] = [
    .today: [.en: "today {0}", .de: "heute {0}", .fr: "aujourd'hui {0}", .it: "oggi {0}"],
    .tomorrow: [.en: "tomorrow {0}", .de: "morgen {0}", .fr: "demain {0}", .it: "domani {0}"],
    .nothingUpcoming: [
      .en: "Nothing upcoming", .de: "Nichts geplant", .fr: "Rien de prévu", .it: "Niente in programma",
    ],
    .setUp: [
      .en: "Run `outpost account add` to start", .de: "Mit `outpost account add` beginnen",
      .fr: "Lancez `outpost account add` pour commencer", .it: "Esegui `outpost account add` per iniziare",
    ],
    .notSyncedYet: [
      .en: "Not synced yet", .de: "Noch nicht synchronisiert", .fr: "Pas encore synchronisé",
      .it: "Non ancora sincronizzato",
    ],
    .lastUpdatedHours: [
      .en: "Last updated {0} h ago", .de: "Zuletzt aktualisiert vor {0} h",
      .fr: "Dernière mise à jour il y a {0} h", .it: "Ultimo aggiornamento {0} h fa",
    ],
    .lastUpdatedDays: [
      .en: "Last updated {0} d ago", .de: "Zuletzt aktualisiert vor {0} Tagen",
      .fr: "Dernière mise à jour il y a {0} j", .it: "Ultimo aggiornamento {0} g fa",
    ],
    .stateOK: [.en: "ok", .de: "ok", .fr: "ok", .it: "ok"],
    .stateNeedsLogin: [
      .en: "needs login", .de: "Anmeldung nötig", .fr: "connexion requise", .it: "accesso richiesto",
    ],
    .stateKeyringLocked: [
      .en: "keyring locked", .de: "Schlüsselbund gesperrt", .fr: "trousseau verrouillé",
      .it: "portachiavi bloccato",
    ],
    .stateOffline: [.en: "offline", .de: "offline", .fr: "hors ligne", .it: "offline"],
    .stateError: [.en: "error", .de: "Fehler", .fr: "erreur", .it: "errore"],
    .accountNeverSynced: [
      .en: "never synced", .de: "noch nie synchronisiert", .fr: "jamais synchronisé", .it: "mai sincronizzato",
    ],
    .accountLastSync: [
      .en: "last sync {0}", .de: "zuletzt synchronisiert {0}", .fr: "dernière synchro {0}",
      .it: "ultima sincronizzazione {0}",
    ],
    .hintLogin: [
      .en: "run `outpost account login {0}`", .de: "`outpost account login {0}` ausführen",
      .fr: "lancez `outpost account login {0}`", .it: "esegui `outpost account login {0}`",
    ],
    .hintUnlock: [
      .en: "unlock your keyring; Outpost carries on by itself",
      .de: "Schlüsselbund entsperren; Outpost macht dann von selbst weiter",
      .fr: "déverrouillez votre trousseau ; Outpost reprend tout seul",
      .it: "sblocca il portachiavi; Outpost riprende da solo",
    ],
    .hintOffline: [
      .en: "showing saved data", .de: "gespeicherte Daten werden angezeigt",
      .fr: "données enregistrées affichées", .it: "dati salvati mostrati",
    ],
    .pendingActions: [
      .en: "waiting to be sent: {0} (`outpost queue`)", .de: "warten auf Versand: {0} (`outpost queue`)",
      .fr: "en attente d'envoi : {0} (`outpost queue`)", .it: "in attesa di invio: {0} (`outpost queue`)",
    ],
    .conflicts: [
      .en: "conflicts to decide: {0} (`outpost conflicts`)",
      .de: "zu entscheidende Konflikte: {0} (`outpost conflicts`)",
      .fr: "conflits à trancher : {0} (`outpost conflicts`)",
      .it: "conflitti da decidere: {0} (`outpost conflicts`)",
    ],
    .unreadNotifications: [
      .en: "unread notifications: {0}", .de: "ungelesene Mitteilungen: {0}",
      .fr: "notifications non lues : {0}", .it: "notifiche non lette: {0}",
    ],
    .unreadMessages: [
      .en: "unread messages: {0}", .de: "ungelesene Nachrichten: {0}", .fr: "messages non lus : {0}",
      .it: "messaggi non letti: {0}",
    ],
    .statusCancelled: [.en: "cancelled", .de: "abgesagt", .fr: "annulé", .it: "annullato"],
    .statusApplied: [.en: "applied", .de: "beworben", .fr: "candidature envoyée", .it: "candidatura inviata"],
  ]

  /// Short weekday names, Sunday first (Calendar's `weekday` 1…7).
  static let weekdays: [Language: [String]] = [
    .en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    .de: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
    .fr: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
    .it: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
  ]

  /// Short month names, January first.
  static let months: [Language: [String]] = [
    .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    .de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
    .fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
    .it: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
  ]
}

/// Looks up a snapshot text in one language and fills in `{0}`, `{1}`, …
public struct SnapshotLocalizer: Sendable {
  public let language: Language

  public init(_ language: Language) { self.language = language }

  public func callAsFunction(_ key: SnapshotMessage, _ arguments: String...) -> String {
    var text = SnapshotCatalog.entries[key]?[language] ?? SnapshotCatalog.entries[key]?[.en] ?? key.rawValue
    for (index, argument) in arguments.enumerated() {
      text = text.replacing("{\(index)}", with: argument)
    }
    return text
  }

  /// Calendar weekday 1 (Sunday) … 7.
  func weekday(_ number: Int) -> String {
    let names = SnapshotCatalog.weekdays[language] ?? SnapshotCatalog.weekdays[.en]!
    return names[(number - 1 + 7) % 7]
  }

  /// "12 Dec", "12. Dez.", "12 déc.", "12 dic".
  func dayAndMonth(day: Int, month: Int) -> String {
    let names = SnapshotCatalog.months[language] ?? SnapshotCatalog.months[.en]!
    let name = names[(month - 1 + 12) % 12]
    return language == .de ? "\(day). \(name)" : "\(day) \(name)"
  }
}

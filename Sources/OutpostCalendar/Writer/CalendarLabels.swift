import OutpostModel

/// The words the writer puts into events, per language. A struct with one value per language
/// rather than catalog entries: the compiler then checks that every language has every label.
/// The referee terms follow Swiss Volley's own (1. SR / ARB 1 / 1° arbitro).
struct CalendarLabels: Sendable {
  var game: String
  var league: String
  var position: String
  var association: String
  var hall: String
  var address: String
  var coReferees: String
  /// Put before the SUMMARY of a cancelled event: `[Cancelled] Home – Away`.
  var cancelled: String
  var postponed: String
  var onExchange: String
  /// The text of a VALARM (DISPLAY alarms must have one).
  var reminder: String
  var women: String
  var men: String
  /// By VolleyManager position code (upstreams/volleymanager.md §3.3).
  var positions: [String: String]

  static func forLanguage(_ language: Language) -> CalendarLabels {
    switch language {
    case .en: english
    case .de: german
    case .fr: french
    case .it: italian
    }
  }

  static let english = CalendarLabels(
    game: "Game", league: "League", position: "Position", association: "Association", hall: "Hall",
    address: "Address", coReferees: "Co-referees", cancelled: "Cancelled", postponed: "Postponed",
    onExchange: "Offered on the exchange", reminder: "Reminder", women: "women", men: "men",
    positions: [
      "head-one": "1st referee", "head-two": "2nd referee", "linesman-one": "line judge 1",
      "linesman-two": "line judge 2", "linesman-three": "line judge 3", "linesman-four": "line judge 4",
      "standby-head": "standby referee", "standby-linesman": "standby line judge",
    ])

  static let german = CalendarLabels(
    game: "Spiel", league: "Liga", position: "Funktion", association: "Verband", hall: "Halle",
    address: "Adresse", coReferees: "Mitschiedsrichter", cancelled: "Abgesagt", postponed: "Verschoben",
    onExchange: "In der Tauschbörse angeboten", reminder: "Erinnerung", women: "Frauen", men: "Männer",
    positions: [
      "head-one": "1. SR", "head-two": "2. SR", "linesman-one": "1. LR", "linesman-two": "2. LR",
      "linesman-three": "3. LR", "linesman-four": "4. LR", "standby-head": "Ersatz-SR",
      "standby-linesman": "Ersatz-LR",
    ])

  static let french = CalendarLabels(
    game: "Match", league: "Ligue", position: "Fonction", association: "Association", hall: "Salle",
    address: "Adresse", coReferees: "Co-arbitres", cancelled: "Annulé", postponed: "Reporté",
    onExchange: "Proposé à la bourse d'échange", reminder: "Rappel", women: "femmes", men: "hommes",
    positions: [
      "head-one": "ARB 1", "head-two": "ARB 2", "linesman-one": "JL 1", "linesman-two": "JL 2",
      "linesman-three": "JL 3", "linesman-four": "JL 4", "standby-head": "ARB de réserve",
      "standby-linesman": "JL de réserve",
    ])

  static let italian = CalendarLabels(
    game: "Partita", league: "Lega", position: "Funzione", association: "Associazione", hall: "Palestra",
    address: "Indirizzo", coReferees: "Co-arbitri", cancelled: "Annullata", postponed: "Rinviata",
    onExchange: "Offerta nella borsa scambi", reminder: "Promemoria", women: "donne", men: "uomini",
    positions: [
      "head-one": "1° arbitro", "head-two": "2° arbitro", "linesman-one": "1° giudice di linea",
      "linesman-two": "2° giudice di linea", "linesman-three": "3° giudice di linea",
      "linesman-four": "4° giudice di linea", "standby-head": "arbitro di riserva",
      "standby-linesman": "giudice di linea di riserva",
    ])
}

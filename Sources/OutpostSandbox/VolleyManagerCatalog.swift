/// The fixed ingredients generated data is drawn from: Swiss halls with real postal codes and
/// coordinates, clubs, leagues and referee names. Realistic on purpose: clients must cope with
/// umlauts, accents, slashes in city names and the "Mobilière" cup, as they will upstream.
enum VolleyManagerCatalog {
  struct Hall: Sendable, Equatable {
    var name: String
    var street: String
    var postalCode: String
    var city: String
    var latitude: Double
    var longitude: Double
    /// Association short names that schedule games here; empty means national only.
    var regions: [String]
  }

  static let halls: [Hall] = [
    Hall(
      name: "Saalsporthalle", street: "Allmendstrasse 28", postalCode: "8041", city: "Zürich", latitude: 47.3594,
      longitude: 8.5236, regions: ["SVRZ"]),
    Hall(
      name: "Sporthalle Hardau", street: "Hardaustrasse 10", postalCode: "8004", city: "Zürich", latitude: 47.3780,
      longitude: 8.5090, regions: ["SVRZ"]),
    Hall(
      name: "Turnhalle Milchbuck", street: "Milchbuckstrasse 45", postalCode: "8057", city: "Zürich", latitude: 47.3960,
      longitude: 8.5430, regions: ["SVRZ"]),
    Hall(
      name: "Sporthalle Eulach", street: "Wartstrasse 73", postalCode: "8400", city: "Winterthur", latitude: 47.5050,
      longitude: 8.7200, regions: ["SVRZ"]),
    Hall(
      name: "Dreifachhalle Hofacher", street: "Hofacherstrasse 12", postalCode: "8600", city: "Dübendorf",
      latitude: 47.3970, longitude: 8.6180, regions: ["SVRZ"]),
    Hall(
      name: "Sporthalle Lättenwiesen", street: "Lättenwiesenstrasse 5", postalCode: "8152", city: "Opfikon",
      latitude: 47.4310, longitude: 8.5680, regions: ["SVRZ"]),
    Hall(
      name: "Sporthalle Grünau", street: "Grünauring 9", postalCode: "8064", city: "Zürich", latitude: 47.3880,
      longitude: 8.4780, regions: ["SVRZ"]),
    Hall(
      name: "Sporthalle Zelgli", street: "Zelglistrasse 20", postalCode: "8820", city: "Wädenswil", latitude: 47.2280,
      longitude: 8.6720, regions: ["SVRZ"]),
    Hall(
      name: "Sporthalle Mitte", street: "Turnweg 3", postalCode: "2502", city: "Biel/Bienne", latitude: 47.1370,
      longitude: 7.2470, regions: []),
    Hall(
      name: "Salle du Lac", street: "Rue du Port 6", postalCode: "2000", city: "Neuchâtel", latitude: 46.9920,
      longitude: 6.9310, regions: []),
    Hall(
      name: "Sporthalle Telli", street: "Tellistrasse 2", postalCode: "5000", city: "Aarau", latitude: 47.3930,
      longitude: 8.0540, regions: []),
    Hall(
      name: "Sporthalle Wankdorf", street: "Papiermühlestrasse 71", postalCode: "3014", city: "Bern", latitude: 46.9600,
      longitude: 7.4650, regions: []),
    Hall(
      name: "Salle omnisport du Petit-Lancy", street: "Avenue Louis-Bertrand 5", postalCode: "1213",
      city: "Petit-Lancy", latitude: 46.1900, longitude: 6.1170, regions: []),
    Hall(
      name: "Salle de Dorigny", street: "Route de la Sorge 2", postalCode: "1015", city: "Lausanne", latitude: 46.5220,
      longitude: 6.5780, regions: []),
    Hall(
      name: "Sporthalle Kreuzbleiche", street: "Kreuzbleicheweg 2", postalCode: "9000", city: "St. Gallen",
      latitude: 47.4190, longitude: 9.3560, regions: []),
    Hall(
      name: "Sporthalle Egelmoos", street: "Egelmoosstrasse 1", postalCode: "8580", city: "Amriswil", latitude: 47.5460,
      longitude: 9.2980, regions: []),
    Hall(
      name: "Palazzetto dello sport", street: "Via Vela 4", postalCode: "6500", city: "Bellinzona", latitude: 46.1920,
      longitude: 9.0200, regions: []),
    Hall(
      name: "Sporthalle Wartegg", street: "Wartegghalde 7", postalCode: "6005", city: "Luzern", latitude: 47.0430,
      longitude: 8.3130, regions: []),
    Hall(
      name: "Halle du Belluard", street: "Derrière-les-Remparts 14", postalCode: "1700", city: "Fribourg",
      latitude: 46.8060, longitude: 7.1620, regions: []),
    Hall(
      name: "Sporthalle St. Jakob", street: "Brüglingerstrasse 19", postalCode: "4052", city: "Basel",
      latitude: 47.5400, longitude: 7.6200, regions: []),
    Hall(
      name: "Lintharena", street: "Oberurnerstrasse 16", postalCode: "8752", city: "Näfels", latitude: 47.1010,
      longitude: 9.0650, regions: []),
    Hall(
      name: "Sporthalle Schönenwerd", street: "Sportplatzweg 2", postalCode: "5012", city: "Schönenwerd",
      latitude: 47.3700, longitude: 8.0040, regions: []),
  ]

  /// National clubs (NLA to 1st league and the cup), and clubs of the Zürich region.
  static let nationalClubs = [
    "Volley Amriswil", "Volley Schönenwerd", "Lausanne UC", "Chênois Genève VB", "Volley Näfels", "TSV Jona",
    "Volley Luzern", "STV St. Gallen", "VBC Seeland", "Volley Aarau", "VC Lac", "SC Berg", "VBC Fribourg",
    "Pallavolo Bellinzona", "Volley Bern", "VBC Thun", "Colombier Volley", "VBC Münsingen",
  ]
  static let regionalClubs = [
    "VBC Züri Unterland", "Volley Wädenswil", "VBC Winterthur", "Volley Dübendorf", "VBC Kloten",
    "VC Zürich Affoltern", "VBC Adliswil", "Volley Uster", "VBC Opfikon", "SC Zürich", "VBC Küsnacht",
    "Volley Bülach",
  ]

  static let maleFirstNames = [
    "Noah", "Luca", "Elias", "Nico", "Jonas", "Matteo", "Julien", "Marco", "Samuel", "Timo", "Loïc", "Fabian",
    "Reto", "Beat", "Urs", "Andrin", "Gian", "Mathéo",
  ]
  static let femaleFirstNames = [
    "Lena", "Mia", "Anna", "Laura", "Sara", "Chiara", "Léa", "Céline", "Nina", "Jana", "Selina", "Aline",
    "Corinne", "Franziska", "Elena", "Zoé", "Melanie", "Rahel",
  ]
  static let lastNames = [
    "Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Schneider", "Steiner", "Fischer", "Gerber",
    "Brunner", "Baumann", "Frei", "Zimmermann", "Moser", "Widmer", "Wyss", "Roth", "Favre", "Rochat", "Bianchi",
    "Rossi", "Bühler", "Käser", "Studer", "Graf", "Lüthi", "Zürcher", "Berset", "Dubois",
  ]

  /// League categories a national association (originId 0) schedules, and a regional one.
  static let nationalCategories = ["NLA", "NLB", "1L", cupName]
  static let regionalCategories = ["2L", "3L", "4L"]
  static let cupName = "Mobilière Volley Cup"

  /// Referee slots a game of this category convenes, in position order.
  static func positions(category: String) -> [VolleyManagerPosition] {
    switch category {
    case "NLA", "NLB", cupName: [.headOne, .headTwo, .linesmanOne, .linesmanTwo]
    default: [.headOne, .headTwo]
    }
  }

  /// CHF per game for a head referee; linesmen get half.
  static func gameCompensation(category: String) -> Int {
    switch category {
    case "NLA": 120
    case "NLB": 100
    case cupName: 90
    case "1L": 80
    case "2L": 60
    case "3L": 50
    default: 45
    }
  }

  /// The lowest referee level (N1 highest … N4) allowed to whistle this category.
  static func requiredLevel(category: String) -> Int {
    switch category {
    case "NLA": 1
    case "NLB", "1L", cupName: 2
    case "2L": 3
    default: 4
    }
  }

  /// The group name as VolleyManager shows it, in German.
  static func groupName(category: String, gender: String, group: Int) -> String {
    let men = gender == "m"
    let letter = ["A", "B", "C"][group % 3]
    switch category {
    case "NLA", "NLB": return "\(category) \(men ? "Männer" : "Frauen")"
    case cupName: return "\(cupName) \(men ? "Männer" : "Frauen")"
    case "1L": return "1. Liga \(men ? "Herren" : "Damen") Gruppe \(letter)"
    default: return "\(men ? "Herren" : "Damen") \(category.prefix(1)). Liga Gruppe \(letter)"
    }
  }

  static func phaseName(category: String, round: Int) -> String {
    category == cupName
      ? ["1/16-Final", "1/8-Final", "1/4-Final"][round % 3] : ["Qualifikation", "Finalrunde"][round % 2]
  }
}

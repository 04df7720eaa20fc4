#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The reader of a text a connector writes itself (a status bar's line): their language, zone
/// and decimal separator. The daemon hands it to a store view in its params (`_language`,
/// `_timeZone`, `_decimal`; underscored so that no declared parameter can meet them); a view
/// asked without them writes English in the system's zone, as before.
public struct ViewLocale: Sendable, Equatable {
  public var language: Language
  public var timeZone: TimeZone
  public var numbers: NumberStyle

  public init(language: Language = .en, timeZone: TimeZone = .current, numbers: NumberStyle? = nil) {
    self.language = language
    self.timeZone = timeZone
    self.numbers = numbers ?? NumberStyle.style(language, region: nil)
  }

  public init(params: [String: JSONValue]) {
    let language = params["_language"]?.stringValue.flatMap(Language.init(rawValue:)) ?? .en
    let zone = params["_timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? .current
    // The whole number style travels: the decimal alone made a French bar German ("19.169,95 $").
    let numbers = params["_decimal"]?.stringValue.map { decimal in
      NumberStyle(
        decimalSeparator: decimal, groupingSeparator: params["_grouping"]?.stringValue,
        currencyPlacement: params["_currency"]?.stringValue.flatMap(NumberStyle.CurrencyPlacement.init(rawValue:)))
    }
    self.init(language: language, timeZone: zone, numbers: numbers)
  }

  public var params: [String: JSONValue] {
    [
      "_language": .string(language.rawValue), "_timeZone": .string(timeZone.identifier),
      "_decimal": .string(numbers.decimalSeparator), "_grouping": .string(numbers.groupingSeparator),
      "_currency": .string(numbers.currencyPlacement.rawValue),
    ]
  }

  /// `text` in the reader's language, its `{n}` filled with `arguments`.
  public func say(_ text: LocalizedText, _ arguments: String...) -> String {
    Localizer.fill(text[language], arguments, language: language)
  }

  /// "14:05" in the reader's zone.
  public func clock(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return Self.two(parts.hour ?? 0) + ":" + Self.two(parts.minute ?? 0)
  }

  /// "Sat 2026-03-14" (en) or "Sa 14.03.2026" (de, fr, it) in the reader's zone: the order the
  /// CLI writes days in.
  public func day(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: date)
    let weekday = (Self.weekdays[language] ?? Self.weekdays[.en]!)[((parts.weekday ?? 1) - 1) % 7]
    return weekday + " " + self.date(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// A calendar date as the reader writes it: "2026-03-14" or "14.03.2026".
  public func date(year: Int, month: Int, day: Int) -> String {
    if language == .en { return "\(year)-\(Self.two(month))-\(Self.two(day))" }
    return "\(Self.two(day)).\(Self.two(month)).\(year)"
  }

  /// "December 2026", "Dezember 2026", "décembre 2026": a month as the reader names it.
  public func month(year: Int, month: Int) -> String {
    guard (1...12).contains(month) else { return "\(year)-\(Self.two(month))" }
    return (Self.months[language] ?? Self.months[.en]!)[month - 1] + " \(year)"
  }

  /// The place a zone is named after, "Los Angeles" for America/Los_Angeles.
  public static func city(_ zone: TimeZone) -> String {
    let last = zone.identifier.split(separator: "/").last.map(String.init) ?? zone.identifier
    return last.replacing("_", with: " ")
  }

  public static let weekdays: [Language: [String]] = [
    .en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], .de: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
    .fr: ["dim", "lun", "mar", "mer", "jeu", "ven", "sam"], .it: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
  ]

  public static let months: [Language: [String]] = [
    .en: [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December",
    ],
    .de: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
      "Dezember",
    ],
    .fr: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
      "décembre",
    ],
    .it: [
      "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
      "novembre", "dicembre",
    ],
  ]

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why an action cannot be queued: its parameters are wrong, or the item does not allow it.
/// Both are the user's to fix, and are said before anything is recorded.
public enum ActionRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  case invalidParams(String)
  case notAllowed(String)
  /// Not allowed, said as a phrase each client words in its language.
  case refused(Phrase)
  /// Parameters that are wrong, said as a phrase each client words in its language.
  case invalid(Phrase)

  /// Not allowed, with the reason in every language.
  public static func said(_ reason: LocalizedText) -> ActionRefusal { .refused(.inline(reason)) }

  public var description: String {
    switch self {
    case .invalidParams(let detail), .notAllowed(let detail): detail
    case .refused(let phrase), .invalid(let phrase): phrase.english
    }
  }
}

extension ActionDeclaration {
  /// Checks `params` against the declared parameters and returns them in canonical form:
  /// numbers given as text (from a command line) become numbers, decimals keep their exact text,
  /// dates are `YYYY-MM-DD`, date-times UTC `YYYY-MM-DDTHH:MM:SSZ`. Unknown names, missing
  /// required ones and values of the wrong type are refused, each with what would be right.
  public func validate(_ params: JSONValue?) throws(ActionRefusal) -> [String: JSONValue] {
    try parameters.validate(params, for: name.rawValue)
  }
}

extension [ActionParameter] {
  /// The checks of `ActionDeclaration.validate`, for anything with typed parameters (actions,
  /// queries); `owner` names it in the refusals.
  public func validate(_ params: JSONValue?, for owner: String) throws(ActionRefusal) -> [String: JSONValue] {
    let given: [String: JSONValue]
    switch params {
    case nil, .null?: given = [:]
    case .object(let members)?: given = members
    case let other?: throw .invalidParams("params must be an object, not \(other.typeName)")
    }
    let known = Set(map(\.name))
    if let unknown = given.keys.sorted().first(where: { !known.contains($0) }) {
      let allowed = isEmpty ? "it takes none" : "it takes \(map(\.name).joined(separator: ", "))"
      throw .invalidParams("\(owner) has no parameter \"\(unknown)\"; \(allowed)")
    }
    var result: [String: JSONValue] = [:]
    for parameter in self {
      guard let value = given[parameter.name], value != .null else {
        if parameter.required { throw .invalidParams("\(owner) needs \(parameter.name): \(parameter.summary)") }
        continue
      }
      result[parameter.name] = try parameter.canonical(value)
    }
    return result
  }
}

extension ActionParameter {
  /// The value in canonical form, or a refusal that names the parameter and what it takes.
  func canonical(_ value: JSONValue) throws(ActionRefusal) -> JSONValue {
    let text = value.stringValue.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    switch type {
    case .string:
      guard let string = value.stringValue else {
        throw refusal(LocalizedText(en: "a text", de: "ein Text", fr: "un texte", it: "un testo"))
      }
      if let maxLength, string.count > maxLength {
        throw refusal(
          LocalizedText(
            en: "a text of at most \(maxLength) characters", de: "ein Text von höchstens \(maxLength) Zeichen",
            fr: "un texte d'au plus \(maxLength) caractères", it: "un testo di al massimo \(maxLength) caratteri"))
      }
      return .string(string)
    case .int:
      guard let number = value.int64Value ?? text.flatMap({ Int64($0) }) else {
        throw refusal(
          LocalizedText(en: "a whole number", de: "eine ganze Zahl", fr: "un nombre entier", it: "un numero intero"))
      }
      try checkBounds(Double(number))
      return .int(number)
    case .decimal:
      let literal: String? =
        switch value {
        case .int(let number): String(number)
        case .double(let number) where number.isFinite: String(number)
        case .string: text
        default: nil
        }
      guard let literal, Self.isDecimal(literal), let number = Double(literal) else {
        throw refusal(
          LocalizedText(
            en: "a decimal number such as 12.5", de: "eine Dezimalzahl wie 12.5", fr: "un nombre décimal comme 12.5",
            it: "un numero decimale come 12.5"))
      }
      try checkBounds(number)
      return .string(literal)
    case .date:
      guard let text, Self.isDate(text) else {
        throw refusal(
          LocalizedText(
            en: "a date as YYYY-MM-DD", de: "ein Datum wie 2026-12-05 (JJJJ-MM-TT)",
            fr: "une date comme 2026-12-05 (AAAA-MM-JJ)", it: "una data come 2026-12-05 (AAAA-MM-GG)"))
      }
      return .string(text)
    case .dateTime:
      guard let text = text.map(Self.withSeconds), text.count >= 19, Self.isDate(String(text.prefix(10))),
        let instant = UTCTimestamp.parse(text)
      else {
        throw refusal(
          LocalizedText(
            en: "a date and time as YYYY-MM-DDTHH:MM with Z or an offset (2026-12-05T18:00+01:00)",
            de: "ein Zeitpunkt wie 2026-12-05T18:00+01:00 (mit Z oder Zeitverschiebung)",
            fr: "une date et heure comme 2026-12-05T18:00+01:00 (avec Z ou un décalage)",
            it: "una data e ora come 2026-12-05T18:00+01:00 (con Z o uno scostamento)"))
      }
      return .string(Self.canonicalInstant(instant))
    case .enum:
      let choices = choices ?? []
      guard let text, choices.contains(text) else {
        let list = choices.joined(separator: ", ")
        throw refusal(
          LocalizedText(
            en: "one of \(list)", de: "eines von \(list)", fr: "l'une des valeurs \(list)", it: "uno tra \(list)"))
      }
      return .string(text)
    case .bool:
      if case .bool(let flag) = value { return .bool(flag) }
      switch text?.lowercased() {
      case "true", "yes", "1": return .bool(true)
      case "false", "no", "0": return .bool(false)
      default:
        throw refusal(
          LocalizedText(en: "true or false", de: "true oder false", fr: "true ou false", it: "true o false"))
      }
    }
  }

  /// "due must be …" in every language (a phrase the client says in its own).
  private func refusal(_ expected: LocalizedText) -> ActionRefusal {
    .invalid(
      .inline(
        LocalizedText(
          en: "\(name) must be \(expected.en)", de: "\(name) muss \(expected.de) sein",
          fr: "\(name) doit être \(expected.fr)", it: "\(name) deve essere \(expected.it)")))
  }

  private func checkBounds(_ number: Double) throws(ActionRefusal) {
    if let minimum, number < minimum {
      let bound = Self.plain(minimum)
      throw refusal(
        LocalizedText(
          en: "at least \(bound)", de: "mindestens \(bound)", fr: "au moins \(bound)", it: "almeno \(bound)"))
    }
    if let maximum, number > maximum {
      let bound = Self.plain(maximum)
      throw refusal(
        LocalizedText(
          en: "at most \(bound)", de: "höchstens \(bound)", fr: "au plus \(bound)", it: "al massimo \(bound)"))
    }
  }

  private static func plain(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
  }

  static func isDecimal(_ text: String) -> Bool {
    text.wholeMatch(of: /-?[0-9]{1,15}(\.[0-9]{1,9})?/) != nil
  }

  /// A time typed without seconds ("2026-12-05T18:00Z", "…T18:00+01:00"), as the refusal's
  /// own example shows it, with ":00" put in: the wire format has seconds.
  static func withSeconds(_ text: String) -> String {
    let characters = Array(text)
    guard characters.count > 16, characters[13] == ":", ["Z", "z", "+", "-"].contains(characters[16])
    else { return text }
    return String(characters[0..<16]) + ":00" + String(characters[16...])
  }

  static func isDate(_ text: String) -> Bool {
    guard let match = text.wholeMatch(of: /([0-9]{4})-([0-9]{2})-([0-9]{2})/), let month = Int(match.2),
      let day = Int(match.3)
    else { return false }
    return (1...12).contains(month) && (1...31).contains(day)
  }

  /// Whole seconds, UTC, with `Z`: one spelling per instant, so a queued action reads the same
  /// whatever offset the user typed.
  static func canonicalInstant(_ date: Date) -> String {
    let full = UTCTimestamp.format(date)  // 2026-11-22T04:01:14.123Z
    return String(full.prefix(19)) + "Z"
  }
}

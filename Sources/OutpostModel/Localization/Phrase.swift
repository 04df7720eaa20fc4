#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something the daemon says to a person (why an account is offline, why a sync failed, what an
/// error means), sent as a key with its arguments so that each client says it in its own
/// language: two users of one machine, or a German bar beside an English terminal, each read
/// theirs (issue 48 §1). The English text travels beside it for logs, scripts and older clients.
///
/// An argument is a text (a name, the service's own words), another phrase (the cause inside
/// "needs a new login (CAUSE)"), or a time, which the reader writes in its own zone and words.
public struct Phrase: Sendable, Equatable, Codable {
  public var key: PhraseKey
  public var args: [Argument]

  public init(_ key: PhraseKey, _ args: [Argument] = []) {
    self.key = key
    self.args = args
  }

  public init(_ key: PhraseKey, _ args: Argument...) { self.init(key, args) }

  /// A text no phrase key says better: the service's own words, shown as they are.
  public static func verbatim(_ text: String) -> Phrase { Phrase(.verbatim, [.text(text)]) }

  /// Words a connector says in every language where it says them (an action's refusal), so
  /// that no catalogue of the core has to know them: its arguments are the four texts.
  public static func inline(_ text: LocalizedText) -> Phrase {
    Phrase(.inline, [.text(text.en), .text(text.de), .text(text.fr), .text(text.it)])
  }

  public indirect enum Argument: Sendable, Equatable, Codable, ExpressibleByStringLiteral {
    case text(String)
    case phrase(Phrase)
    case time(Date)

    public init(stringLiteral value: String) { self = .text(value) }

    // A text is a JSON string, a phrase an object with `key`, a time an object with `time`
    // (RFC 3339, UTC).
    private enum CodingKeys: String, CodingKey { case key, args, time }

    public init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        self = .text(text)
        return
      }
      let object = try decoder.container(keyedBy: CodingKeys.self)
      if let time = try object.decodeIfPresent(String.self, forKey: .time) {
        guard let date = UTCTimestamp.parse(time) else {
          throw DecodingError.dataCorruptedError(forKey: .time, in: object, debugDescription: "not an RFC 3339 time")
        }
        self = .time(date)
        return
      }
      self = .phrase(try Phrase(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
      switch self {
      case .text(let text):
        var container = encoder.singleValueContainer()
        try container.encode(text)
      case .phrase(let phrase): try phrase.encode(to: encoder)
      case .time(let date):
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(UTCTimestamp.format(date), forKey: .time)
      }
    }
  }

  /// The phrase in `language`; `time` writes a time argument (the reader's zone and words).
  /// A key this build does not know (a newer daemon's) reads as nil: show the English text sent
  /// beside it instead.
  public func text(_ language: Language, time: (Date) -> String = Phrase.plainTime) -> String? {
    if key == .inline {
      guard args.count == Language.allCases.count, let index = Language.allCases.firstIndex(of: language),
        case .text(let text) = args[index]
      else { return nil }
      return text
    }
    guard let template = PhraseCatalog.template(key) else { return nil }
    var values: [String] = []
    values.reserveCapacity(args.count)
    for argument in args {
      switch argument {
      case .text(let text): values.append(text)
      case .time(let date): values.append(time(date))
      case .phrase(let inner):
        guard let text = inner.text(language, time: time) else { return nil }
        values.append(text)
      }
    }
    if key == .sentences, let first = values.first, !first.hasSuffix(".") { values[0] = first + "." }
    return Localizer.fill(template[language], values, language: language)
  }

  /// The same as a sentence: its first letter upper-case ("The service cannot be reached: …").
  public func sentence(_ language: Language, time: (Date) -> String = Phrase.plainTime) -> String? {
    text(language, time: time).map { $0.prefix(1).uppercased() + $0.dropFirst() }
  }

  /// The English text, as logs and the `message` fields beside a phrase carry it.
  public var english: String { text(.en) ?? key.rawValue }

  /// "2026-12-02 18:05 UTC": a time when nobody said how the reader writes one.
  public static func plainTime(_ date: Date) -> String {
    let text = UTCTimestamp.format(date)
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
  }
}

/// The name of a phrase; `PhraseCatalog` holds its words in every language.
public struct PhraseKey: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { rawValue = value }

  public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// `{0}` as it is: words the service or the user chose.
  public static let verbatim: PhraseKey = "verbatim"
  /// The text in the reader's language among its four arguments (`Phrase.inline`).
  public static let inline: PhraseKey = "inline"
}

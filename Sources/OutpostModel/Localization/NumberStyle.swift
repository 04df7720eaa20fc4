/// How the user writes a decimal number: "96.0 %" in English and in Swiss German and Italian,
/// "96,0 %" in French and in German and Italian outside Switzerland (CLDR's de-CH, it-CH and
/// fr-CH; de-DE, it-IT, fr-FR). Chosen from the same environment as the language, with the
/// region of the locale that names it (`de_CH.UTF-8`), `LC_NUMERIC` first as POSIX has it.
public struct NumberStyle: Sendable, Equatable {
  public var decimalSeparator: String

  public init(decimalSeparator: String) { self.decimalSeparator = decimalSeparator }

  public static func preferred(environment: [String: String]) -> NumberStyle {
    let language = Language.preferred(environment: environment)
    let locales = ["OUTPOST_LANG", "LC_ALL", "LC_NUMERIC", "LANG"].compactMap { environment[$0] }
    let found = locales.lazy.compactMap { locale -> String? in
      guard Language.match(locale) == language else { return nil }
      return region(of: locale)
    }.first
    return style(language, region: found)
  }

  public static func style(_ language: Language, region: String?) -> NumberStyle {
    switch language {
    case .en: NumberStyle(decimalSeparator: ".")
    case .de, .it: NumberStyle(decimalSeparator: region == "CH" || region == "LI" ? "." : ",")
    case .fr: NumberStyle(decimalSeparator: ",")
    }
  }

  /// "de_CH.UTF-8" → "CH"; "de" → nil.
  static func region(of locale: String) -> String? {
    let name = locale.prefix { $0 != "." && $0 != "@" }
    guard let separator = name.firstIndex(where: { $0 == "_" || $0 == "-" }) else { return nil }
    let region = name[name.index(after: separator)...]
    return region.isEmpty ? nil : region.uppercased()
  }

  /// A number written with a point ("96.0") as the user writes it.
  public func decimal(_ text: String) -> String {
    decimalSeparator == "." ? text : text.replacing(".", with: decimalSeparator)
  }
}

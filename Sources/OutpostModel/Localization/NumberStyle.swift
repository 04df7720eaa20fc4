/// How the user writes a decimal number: "96.0 %" in English and in Swiss German and Italian,
/// "96,0 %" in French and in German and Italian outside Switzerland (CLDR's de-CH, it-CH and
/// fr-CH; de-DE, it-IT, fr-FR). Chosen from the same environment as the language, with the
/// region of the locale that names it (`de_CH.UTF-8`), `LC_NUMERIC` first as POSIX has it.
public struct NumberStyle: Sendable, Equatable {
  public var decimalSeparator: String
  /// Between groups of three digits: "1,234" (en), "1.234" (de, it), "1 234" (fr, a narrow
  /// no-break space), "1’234" (Switzerland).
  public var groupingSeparator: String
  /// Where the currency sign goes: "$1,234.56" (en), "$ 1’234.56" (Switzerland), else after
  /// the amount, "1.234,56 $" (CLDR's de, fr, it).
  public var currencyPlacement: CurrencyPlacement

  public enum CurrencyPlacement: String, Sendable, Equatable {
    case before, beforeSpaced, after
  }

  public init(decimalSeparator: String, groupingSeparator: String? = nil, currencyPlacement: CurrencyPlacement? = nil) {
    self.decimalSeparator = decimalSeparator
    self.groupingSeparator = groupingSeparator ?? (decimalSeparator == "." ? "," : ".")
    self.currencyPlacement = currencyPlacement ?? (decimalSeparator == "." ? .before : .after)
  }

  public static func preferred(environment: [String: String]) -> NumberStyle {
    let language = Language.preferred(environment: environment)
    return style(language, region: preferredRegion(environment: environment))
  }

  /// The region of the first locale in the user's language (`CH` of `de_CH.UTF-8`), if any.
  public static func preferredRegion(environment: [String: String]) -> String? {
    let language = Language.preferred(environment: environment)
    let locales = ["OUTPOST_LANG", "LC_ALL", "LC_NUMERIC", "LANG"].compactMap { environment[$0] }
    return locales.lazy.compactMap { locale -> String? in
      guard Language.match(locale) == language else { return nil }
      return region(of: locale)
    }.first
  }

  public static func style(_ language: Language, region: String?) -> NumberStyle {
    let swiss = region == "CH" || region == "LI"
    return switch language {
    case .en: NumberStyle(decimalSeparator: ".")
    case .de, .it:
      swiss
        ? NumberStyle(decimalSeparator: ".", groupingSeparator: "’", currencyPlacement: .beforeSpaced)
        : NumberStyle(decimalSeparator: ",", groupingSeparator: ".", currencyPlacement: .after)
    case .fr: NumberStyle(decimalSeparator: ",", groupingSeparator: "\u{202F}", currencyPlacement: .after)
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

  /// A whole number with the reader's group separator: "4’621" (de-CH), "4.621" (de), "4 621" (fr).
  public func grouped(_ number: Int64) -> String {
    var digits = String(number.magnitude)
    var grouped = ""
    while digits.count > 3 {
      grouped = groupingSeparator + digits.suffix(3) + grouped
      digits = String(digits.dropLast(3))
    }
    return (number < 0 ? "−" : "") + digits + grouped
  }

  /// An amount given as decimal text ("-2500.00") in `currency` (ISO 4217), as the user writes
  /// it: "−$2,500.00", "−2.500,00 $", "CHF 60.00" (de-CH), "60,00 CHF"; the text as it came
  /// when it is not a decimal.
  public func money(decimal text: String, currency: String?) -> String {
    var digits = Substring(text)
    let negative = digits.first == "-" || digits.first == "−"
    if negative { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isNumber), parts.count <= 2,
      parts.dropFirst().allSatisfy({ $0.allSatisfy(\.isNumber) })
    else { return [currency, text].compactMap { $0 }.joined(separator: " ") }
    let fraction = parts.count > 1 ? String(parts[1]) : "00"
    let symbol = currency == "USD" ? "$" : currency ?? ""
    return money(negative: negative, whole: String(whole), fraction: fraction, symbol: symbol)
  }

  /// An amount as the user writes it: `whole` its digits, `fraction` its two decimals,
  /// `symbol` the currency's ("$"): "−$1,234.56", "−1.234,56 $", "−$ 1’234.56".
  public func money(negative: Bool, whole: String, fraction: String, symbol: String) -> String {
    var digits = whole
    var grouped = ""
    while digits.count > 3 {
      grouped = groupingSeparator + digits.suffix(3) + grouped
      digits = String(digits.dropLast(3))
    }
    let number = digits + grouped + decimalSeparator + fraction
    let sign = negative ? "−" : ""
    // A code ("CHF") is a word: a space keeps it off the digits, before them too.
    let isCode = symbol.last?.isLetter == true
    return switch currencyPlacement {
    case .before: sign + symbol + (isCode ? " " : "") + number
    case .beforeSpaced: sign + symbol + " " + number
    case .after: sign + number + "\u{00A0}" + symbol
    }
  }
}

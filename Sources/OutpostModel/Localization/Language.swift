/// The languages Outpost speaks. Chosen from the environment like gettext does: `OUTPOST_LANG`
/// first (an override for Outpost alone), then `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`.
public enum Language: String, CaseIterable, Sendable {
  case en, de, fr, it

  public static func preferred(environment: [String: String]) -> Language {
    if let value = environment["OUTPOST_LANG"], let language = match(value) { return language }
    // LANGUAGE is a priority list, honoured only when a locale is set at all (as gettext does).
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    if let locale, locale != "C", locale != "POSIX", let list = environment["LANGUAGE"] {
      for entry in list.split(separator: ":") {
        if let language = match(String(entry)) { return language }
      }
    }
    return locale.flatMap(match) ?? .en
  }

  /// "de_CH.UTF-8" → .de; unknown languages → nil.
  static func match(_ value: String) -> Language? {
    Language(rawValue: String(value.prefix { $0.isLetter }).lowercased())
  }
}

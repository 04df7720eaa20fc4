/// A short text in each of Outpost's languages, as a connector declares it (what a notification
/// says about its items). Every language is a stored property, so a connector cannot forget
/// one; `{0}`, `{1}`, … and plurals (`{0?one|other}`) are filled in as in the catalog.
public struct LocalizedText: Codable, Sendable, Equatable {
  public var en: String
  public var de: String
  public var fr: String
  public var it: String

  public init(en: String, de: String, fr: String, it: String) {
    self.en = en
    self.de = de
    self.fr = fr
    self.it = it
  }

  public subscript(language: Language) -> String {
    switch language {
    case .en: en
    case .de: de
    case .fr: fr
    case .it: it
    }
  }

  public func callAsFunction(_ language: Language, _ arguments: String...) -> String {
    Localizer.fill(self[language], arguments, language: language)
  }

  /// The same with `suffix` after each language's text (a command every language spells alike).
  public func appending(_ suffix: String) -> LocalizedText {
    LocalizedText(en: en + suffix, de: de + suffix, fr: fr + suffix, it: it + suffix)
  }
}

/// Looks up user-facing text in the catalog, in one language, and fills in `{0}`, `{1}`, …
public struct Localizer: Sendable {
  public let language: Language

  public init(_ language: Language) { self.language = language }

  public init(environment: [String: String]) { self.init(Language.preferred(environment: environment)) }

  public func callAsFunction(_ key: MessageKey, _ arguments: String...) -> String {
    self(key, arguments: arguments)
  }

  /// The same with the values in an array.
  public func callAsFunction(_ key: MessageKey, arguments: [String]) -> String {
    let template = Catalog.template(key, language) ?? key.rawValue
    return Self.fill(template, arguments)
  }

  static func fill(_ template: String, _ arguments: [String]) -> String {
    var text = template
    for (index, argument) in arguments.enumerated() {
      text = text.replacing("{\(index)}", with: argument)
    }
    return text
  }
}

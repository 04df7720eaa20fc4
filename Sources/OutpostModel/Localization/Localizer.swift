/// Looks up user-facing text in the catalog, in one language, and fills in `{0}`, `{1}`, …
///
/// A template says a plural with `{N?one|other}`: `one` when argument N is a count the language
/// says in the singular (`pluralTakesOne`), else `other` ("{0} {0?reading|readings}"). Either
/// text may hold `{M}` placeholders ("{1?the last day|the last {1} days}"), not another group.
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
    return Self.fill(template, arguments, language: language)
  }

  /// `template` filled in, its plurals said as English says them.
  static func fill(_ template: String, _ arguments: [String]) -> String {
    fill(template, arguments, language: .en)
  }

  /// `template` with `{n}` replaced by `arguments[n]` and each `{N?one|other}` by the text the
  /// count in argument N takes in `language`, itself filled in. A placeholder or a group whose
  /// argument is missing, and a group without `|` or `}`, stay as they are written; an
  /// argument's own text is never read as a placeholder.
  static func fill(_ template: String, _ arguments: [String], language: Language) -> String {
    guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
    var text = ""
    text.reserveCapacity(template.utf8.count)
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      text += rest[..<open]
      let inside = rest[rest.index(after: open)...]
      if let (filled, end) = fillBrace(inside, arguments, language) {
        text += filled
        rest = inside[end...]
      } else {
        text.append("{")
        rest = inside
      }
    }
    text += rest
    return text
  }

  /// What `{` followed by `inside` stands for, and where the text after its `}` starts; nil
  /// when it is not a placeholder or a plural group that can be filled in.
  private static func fillBrace(
    _ inside: Substring, _ arguments: [String], _ language: Language
  ) -> (String, String.Index)? {
    let digits = inside.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let index = Int(digits), index < arguments.count, digits.endIndex < inside.endIndex
    else { return nil }
    switch inside[digits.endIndex] {
    case "}":
      return (arguments[index], inside.index(after: digits.endIndex))
    case "?":
      let body = inside[inside.index(after: digits.endIndex)...]
      // The group ends at the first `}` that closes no `{M}` inside it.
      var depth = 0
      var bar: String.Index?
      var position = body.startIndex
      while position < body.endIndex {
        switch body[position] {
        case "{": depth += 1
        case "}" where depth > 0: depth -= 1
        case "}":
          guard let bar else { return nil }
          let one = body[..<bar]
          let other = body[body.index(after: bar)..<position]
          let chosen = pluralTakesOne(arguments[index], language) ? one : other
          return (fill(String(chosen), arguments, language: language), body.index(after: position))
        case "|" where depth == 0 && bar == nil: bar = position
        default: break
        }
        position = body.index(after: position)
      }
      return nil
    default:
      return nil
    }
  }

  /// Whether the count `argument` takes the singular in `language` (CLDR's "one" for whole
  /// numbers): 1 in English, German and Italian; 0 and 1 in French. Text that is not a whole
  /// number takes the plural.
  static func pluralTakesOne(_ argument: String, _ language: Language) -> Bool {
    guard let count = Int(argument) else { return false }
    switch language {
    case .en, .de, .it: return count == 1
    case .fr: return count == 0 || count == 1
    }
  }
}

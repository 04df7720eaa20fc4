import Foundation
import OutpostConnectors

@testable import OutpostModel

/// Finds Outpost's own English in a text meant for a reader of another language (issue 48's
/// "done means"). A word counts when it is in the English catalogues (the CLI's and the
/// daemon's phrases), in no text of the reader's language there (so "Outpost", "status" or
/// "login" are not counted), and not among the service's own words: the string values of the
/// same command's `--json` reply, which hold the titles, names and notes a service wrote in
/// whatever language it writes. Keys of that reply are not allowed: a raw camelCase key in
/// human output counts too.
struct EnglishLeftIn {
  let language: Language
  let english: Set<String>

  init(_ language: Language) {
    self.language = language
    var english = Set<String>()
    var own = Set<String>()
    for text in Self.catalogueTexts() {
      english.formUnion(Self.wordSet(text[.en]))
      own.formUnion(Self.wordSet(text[language]))
    }
    self.english = english.subtracting(own).subtracting(Self.sharedWords)
  }

  /// Words every language here writes the same way, or that are names rather than words.
  static let sharedWords: Set<String> = ["outpost", "outpostd", "json", "ical", "webcal", "caldav", "https", "http"]

  /// Each finding: the words, and the line they are on. The service's texts are taken out of
  /// each line whole; a word of theirs counts only when short (a longer one is the service's
  /// even where the line shows a shortened title), so "the" in a title does not hide "the" in
  /// Outpost's sentence.
  func findings(in output: String, service: ServiceText) -> [String] {
    var found: [String] = []
    for line in output.split(separator: "\n") {
      var prose = Self.withoutCode(String(line))
      for text in service.texts where prose.contains(text) { prose = prose.replacing(text, with: " ") }
      let words = Self.wordList(prose)
      let english = words.filter { self.english.contains($0) && !($0.count >= 5 && service.words.contains($0)) }
      let camel = Self.camelCaseTokens(prose).filter { !service.words.contains($0.lowercased()) }
      if !english.isEmpty || !camel.isEmpty {
        found.append("\((english + camel).joined(separator: ", ")): \(line)")
      }
    }
    return found
  }

  /// The service's own words in a command's reply: every string value of its `--json` output
  /// (not the keys), longest first, and their words.
  struct ServiceText {
    var texts: [String] = []
    var words = Set<String>()

    init(json: String) {
      guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
      else { return }
      var texts = Set<String>()
      func walk(_ value: Any) {
        switch value {
        case let text as String: texts.insert(text)
        case let array as [Any]: array.forEach(walk)
        // `display` is Outpost's own words for the item, not the service's.
        case let object as [String: Any]: for (key, member) in object where key != "display" { walk(member) }
        default: break
        }
      }
      walk(value)
      self.texts = texts.filter { $0.count >= 3 }.sorted { $0.count > $1.count }
      words = texts.reduce(into: Set<String>()) { $0.formUnion(EnglishLeftIn.wordSet($1)) }
    }

    mutating func add(_ other: ServiceText) {
      texts = Array(Set(texts + other.texts)).sorted { $0.count > $1.count }
      words.formUnion(other.words)
    }
  }

  static func wordList(_ text: String) -> [String] {
    let withoutPlaceholders = text.replacing(/\{\d+\??/, with: " ")
    return withoutPlaceholders.split { !$0.isLetter && $0 != "'" }.map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")).lowercased()
    }.filter { $0.count >= 3 }
  }

  static func wordSet(_ text: String) -> Set<String> { Set(wordList(text)) }

  /// Tokens like `dueNext` or `allowedActions`: a key, not a word.
  static func camelCaseTokens(_ text: String) -> [String] {
    text.matches(of: /\b[a-z]+[A-Z][A-Za-z]*\b/).map { String($0.output) }
  }

  /// The text without `backquoted commands`, --flags, KEY=VALUE settings and URLs.
  static func withoutCode(_ line: String) -> String {
    line.replacing(/`[^`]*`/, with: " ").replacing(/[a-z]+:\/\/\S+/, with: " ").replacing(/--[a-z-]+/, with: " ")
      .replacing(/\S+=\S*/, with: " ")
  }

  static func catalogueTexts() -> [LocalizedText] {
    var texts: [LocalizedText] = MessageKey.allCases.compactMap { key in
      guard let en = Catalog.template(key, .en) else { return nil }
      return LocalizedText(
        en: en, de: Catalog.template(key, .de) ?? "", fr: Catalog.template(key, .fr) ?? "",
        it: Catalog.template(key, .it) ?? "")
    }
    texts += PhraseCatalog.keys.compactMap { PhraseCatalog.template($0) }
    // The words connectors declare for their kinds: nouns, labels, values, news, deadlines.
    for kind in ConnectorRegistry.itemKinds {
      texts += [kind.nouns].compactMap { $0 } + kind.fields.map(\.label) + kind.valueLabels.values.flatMap(\.values)
      texts += kind.announcements.flatMap { [$0.summary, $0.grouped, $0.openLabel].compactMap { $0 } }
      texts += kind.deadlineLabels.values + kind.notificationButtons.map(\.label)
    }
    return texts
  }
}

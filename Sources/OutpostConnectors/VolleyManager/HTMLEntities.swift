/// Decodes the HTML character references the service puts into attributes (`&quot;`, `&amp;`,
/// `&#39;`, `&#x27;`, …).
enum HTMLEntities {
  private static let named: [Substring: String] = [
    "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'", "nbsp": "\u{00A0}",
  ]

  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = text[...]
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let afterAmpersand = rest[rest.index(after: ampersand)...]
      guard let semicolon = afterAmpersand.prefix(10).firstIndex(of: ";") else {
        result += "&"
        rest = afterAmpersand
        continue
      }
      let entity = afterAmpersand[..<semicolon]
      if let replacement = replacement(for: entity) {
        result += replacement
        rest = afterAmpersand[afterAmpersand.index(after: semicolon)...]
      } else {
        result += "&"
        rest = afterAmpersand
      }
    }
    return result + rest
  }

  private static func replacement(for entity: Substring) -> String? {
    if let named = named[entity] { return named }
    guard entity.first == "#" else { return nil }
    let digits = entity.dropFirst()
    let value =
      digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
    return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
  }
}

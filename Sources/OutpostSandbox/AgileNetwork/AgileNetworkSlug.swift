import Foundation

/// URL slugs from expert names: "José Müller" → `jose-muller`. Accents are stripped (canonical
/// decomposition, combining marks dropped) and the letters that do not decompose are spelled
/// out, as the fan sites' slugs do; anything else becomes one dash.
enum AgileNetworkSlug {
  private static let spelled: [Character: String] = [
    "ß": "ss", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "æ": "ae", "Æ": "ae", "œ": "oe",
    "Œ": "oe", "þ": "th", "ı": "i",
  ]

  static func make(_ name: String) -> String {
    var out = ""
    var pendingDash = false
    for character in name {
      let letters = spelled[character] ?? asciiLetters(character)
      if letters.isEmpty {
        pendingDash = !out.isEmpty
        continue
      }
      if pendingDash { out += "-" }
      pendingDash = false
      out += letters.lowercased()
    }
    return out
  }

  /// The ASCII letters and digits left after dropping combining marks.
  private static func asciiLetters(_ character: Character) -> String {
    let decomposed = String(character).decomposedStringWithCanonicalMapping
    return String(
      decomposed.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        .map(Character.init))
  }
}

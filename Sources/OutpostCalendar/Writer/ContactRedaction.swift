/// Removes e-mail addresses and phone numbers from free text. Feed descriptions (VolleyManager's
/// above all) list team managers' and other referees' contact details; a calendar is easily
/// shared or synced to a cloud, so by default those people's details stay out of it.
enum ContactRedaction {
  /// The text without e-mail addresses and phone numbers, and without the list separators they
  /// leave dangling ("Anna Muster, anna@example.ch, +41 79 …" becomes "Anna Muster").
  static func redacted(_ text: String) -> String {
    guard mayHoldContact(text.utf8) else { return text }
    // Lines split on the bytes (a split by characters was most of an event's content, issue 20):
    // an LF byte not after a CR is exactly a "\n" character (a line feed always stands alone,
    // except in CR LF, which a split on "\n" does not split either).
    let utf8 = text.utf8
    var lines: [Substring] = []
    var start = utf8.startIndex
    var previous: UInt8 = 0
    var index = utf8.startIndex
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A && previous != 0x0D {
        lines.append(text[start..<index])
        start = utf8.index(after: index)
      }
      previous = byte
      index = utf8.index(after: index)
    }
    lines.append(text[start...])
    guard lines.contains(where: { mayHoldContact($0.utf8) }) else { return text }
    return lines.map { mayHoldContact($0.utf8) ? redactedLine(Array($0)) : String($0) }.joined(separator: "\n")
  }

  /// Whether a line could hold an address or a number at all: an address needs an "@", a phone
  /// number 9 ASCII digits with nothing but spaces, `-`, `/`, `(`, `)` and `+` between them (what
  /// `phoneEnd` reads). Most lines have neither, and the scan below asks Unicode properties of
  /// every character (a third of a 10,000-event calendar's rendering time before this check),
  /// so they are passed over on their bytes. Any byte outside that set ends a run: `phoneEnd`
  /// stops at its character too, and counts no more digits than the bytes before it hold.
  private static func mayHoldContact(_ bytes: some Sequence<UInt8>) -> Bool {
    var digits = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "@"): return true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        if digits >= 9 { return true }
      case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "+"):
        continue
      default: digits = 0
      }
    }
    return false
  }

  /// One line without its addresses and numbers (the tests' reference of `redacted` shares it).
  static func redactedLine(_ line: [Character]) -> String {
    var kept: [Character] = []
    var removedAny = false
    var index = 0
    while index < line.count {
      if let end = emailEnd(line, at: index) ?? phoneEnd(line, at: index) {
        index = end
        removedAny = true
        continue
      }
      kept.append(line[index])
      index += 1
    }
    guard removedAny else { return String(line) }
    return tidied(String(kept))
  }

  /// Drops what a removal leaves behind: empty list items (", ,", a trailing ","), "()", double
  /// spaces; keeps the indent (VolleyManager indents sub-lines with a TAB).
  private static func tidied(_ line: String) -> String {
    let indent = line.prefix { $0 == " " || $0 == "\t" }
    let parts = line.dropFirst(indent.count).split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty && $0 != "()" }
    return String(indent) + parts.joined(separator: ", ")
  }

  /// An e-mail address starting at `index` (`local@domain.tld`), or nil. Only at the start of a
  /// word, so that the scan finds each address once.
  private static func emailEnd(_ line: [Character], at index: Int) -> Int? {
    guard isLocalPart(line[index]), index == 0 || !isLocalPart(line[index - 1]) else { return nil }
    var at = index
    while at < line.count, isLocalPart(line[at]) { at += 1 }
    guard at < line.count, line[at] == "@" else { return nil }
    var end = at + 1
    while end < line.count, line[end].isLetter || line[end].isNumber || line[end] == "-" || line[end] == "." {
      end += 1
    }
    while end > at + 1, line[end - 1] == "." { end -= 1 }  // A full stop ending the sentence.
    let domain = line[(at + 1)..<end]
    guard domain.contains("."), domain.first != "." else { return nil }
    return end
  }

  private static func isLocalPart(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "._%+-'".contains(character)
  }

  /// A phone number starting at `index`: `+` or `0` at the start of a word, then digits with
  /// spaces, `-`, `/` and parentheses between them, 9 to 15 digits in all (E.164's longest). Dots
  /// and colons end it, so that dates and times ("01.09.2025 20:15") are never taken for one.
  private static func phoneEnd(_ line: [Character], at index: Int) -> Int? {
    let first = line[index]
    guard first == "+" || first == "0" || first == "(" else { return nil }
    if index > 0, line[index - 1].isLetter || line[index - 1].isNumber || line[index - 1] == "#" { return nil }
    var end = index
    var digits = 0
    var lastDigitEnd = index
    while end < line.count {
      let character = line[end]
      if character.isASCII, character.isNumber {
        digits += 1
        lastDigitEnd = end + 1
      } else if !(end == index && character == "+") && !" -/()".contains(character) {
        break
      }
      end += 1
    }
    guard (9...15).contains(digits) else { return nil }
    // Glued to a word, or going on as a time or decimal ("01/09/2025 20:15"): not a number.
    if lastDigitEnd < line.count {
      let next = line[lastDigitEnd]
      if next.isLetter { return nil }
      if next == ":" || next == ".", lastDigitEnd + 1 < line.count, line[lastDigitEnd + 1].isNumber { return nil }
    }
    return lastDigitEnd
  }
}

/// The CSV fingerprint of agility.md §5.3, so seeded CSV rows carry the `import_hash` a client
/// re-importing the same bank file computes (and the server then skips them as duplicates).
enum AgilityImportHash {
  /// Upper-case; runs of anything but letters, digits and `&` become one space; tokens of 4+
  /// digits and `X+digits` masks dropped; trimmed.
  static func normalized(_ description: String) -> String {
    var spaced = ""
    for character in description.uppercased() {
      spaced.append(character.isLetter || character.isNumber || character == "&" ? character : " ")
    }
    return spaced.split(separator: " ").filter { token in
      !(token.count >= 4 && token.allSatisfy(\.isNumber)) && token.wholeMatch(of: /X+\d+/) == nil
    }.joined(separator: " ")
  }

  /// `-59.99`, `1234.50`: a signed amount with two decimals.
  static func amountText(_ cents: Int64) -> String {
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return (cents < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// `sha256("v1|account|date|amount|normalized description|occurrence")`, lower-case hex.
  static func fingerprint(
    accountID: String, date: String, amountCents: Int64, description: String, occurrence: Int
  ) -> String {
    let text = "v1|\(accountID)|\(date)|\(amountText(amountCents))|\(normalized(description))|\(occurrence)"
    return SandboxIdentifiers.hex(SandboxDigest.sha256(Array(text.utf8)))
  }
}

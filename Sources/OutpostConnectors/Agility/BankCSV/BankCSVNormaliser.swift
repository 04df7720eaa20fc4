import Crypto

/// agility.md §5.3: the description as dedup compares it, and the row's `import_hash`.
public enum BankCSVNormaliser {
  /// Upper-case; every run of characters other than letters, digits and `&` becomes one space;
  /// tokens of 4 or more digits (card fragments, reference numbers) and `X+\d+` masks
  /// (`XXXX1234`) are dropped, because banks vary them between exports of the same transaction.
  public static func normalise(_ description: String) -> String {
    if description.utf8.allSatisfy({ $0 < 0x80 }) { return normaliseASCII(description) }
    var tokens: [String] = []
    var token = ""
    func flush() {
      if !token.isEmpty && !isDropped(token) { tokens.append(token) }
      token = ""
    }
    for scalar in description.uppercased().unicodeScalars {
      let properties = scalar.properties
      if scalar == "&" || properties.isAlphabetic || properties.numericType == .decimal {
        token.unicodeScalars.append(scalar)
      } else {
        flush()
      }
    }
    flush()
    return tokens.joined(separator: " ")
  }

  /// The common case, on bytes: no Unicode tables, one allocation for the result.
  private static func normaliseASCII(_ description: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(description.utf8.count)
    var tokenStart = 0
    var inToken = false
    func finishToken() {
      inToken = false
      // A dropped token goes with the space written before it.
      if isDropped(output[tokenStart...]) { output.removeSubrange((tokenStart > 0 ? tokenStart - 1 : 0)...) }
    }
    for byte in description.utf8 {
      let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
      let kept =
        (upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z"))
        || (upper >= UInt8(ascii: "0") && upper <= UInt8(ascii: "9")) || upper == UInt8(ascii: "&")
      if kept {
        if !inToken {
          if !output.isEmpty { output.append(0x20) }
          tokenStart = output.count
          inToken = true
        }
        output.append(upper)
      } else if inToken {
        finishToken()
      }
    }
    if inToken { finishToken() }
    return String(decoding: output, as: UTF8.self)
  }

  /// All digits and 4 or more of them, or `X+\d+`.
  private static func isDropped<T: Collection>(_ token: T) -> Bool where T.Element == UInt8 {
    var xs = 0
    var digits = 0
    for byte in token {
      if byte == UInt8(ascii: "X") {
        guard digits == 0 else { return false }
        xs += 1
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
      } else {
        return false
      }
    }
    return xs > 0 ? digits > 0 : digits >= 4
  }

  private static func isDropped(_ token: String) -> Bool { isDropped(Array(token.utf8)) }

  /// `import_hash`: lower-case hex SHA-256 of
  /// `v1|<account_id>|<YYYY-MM-DD>|<signed amount, 2 decimals>|<normalised>|<occurrence>`.
  public static func fingerprint(
    accountID: String, date: BankDate, amountCents: Int64, normalised: String, occurrence: Int
  ) -> String {
    // Built as bytes: this runs for every row of a file.
    var text: [UInt8] = []
    text.reserveCapacity(32 + accountID.utf8.count + normalised.utf8.count)
    text += "v1|".utf8
    text += accountID.utf8
    text.append(UInt8(ascii: "|"))
    text += date.isoBytes
    text.append(UInt8(ascii: "|"))
    text += BankCSVMoney.plain(amountCents).utf8
    text.append(UInt8(ascii: "|"))
    text += normalised.utf8
    text.append(UInt8(ascii: "|"))
    text += String(occurrence).utf8
    let digest = SHA256.hash(data: text)
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(64)
    for byte in digest {
      output.append(hex[Int(byte >> 4)])
      output.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: output, as: UTF8.self)
  }
}

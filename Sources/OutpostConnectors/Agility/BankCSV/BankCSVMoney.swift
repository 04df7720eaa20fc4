/// Amounts as whole cents in `Int64`: a statement's money is exact, and binary floating point is
/// not (agility.md §2: `numeric(12,2)`). Reading is done on the bytes, without Foundation's number
/// parsing, because a 50,000-row file reads two or three amounts per row.
enum BankCSVMoney {
  enum Reading: Equatable {
    case blank
    case cents(Int64)
    case invalid(String)
  }

  /// Reads `$1,234.56`, `(12.34)`, `12.34-`, `-12.34`, `+5`, and in a file whose fields are split by
  /// `;` or tab also `1.234,56` (§5.2.1). When both `.` and `,` appear, the last one is the
  /// decimal mark; a lone `,` in a comma-delimited file can only be a thousands separator.
  static func read(_ text: String, decimalComma: Bool) -> Reading {
    var value: Int64 = 0
    var digitCount = 0
    var negative = false
    var signs = 0
    var openParen = false
    var closeParen = false
    var dots = 0
    var commas = 0
    var lastMark: UInt8 = 0
    var digitsAfterMark = 0
    var sawDigit = false
    var trailingMinus = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard !closeParen, !trailingMinus else { return .invalid(notAmount(text)) }
        digitCount += 1
        // 15 digits is far beyond numeric(12,2) and keeps Int64 safe.
        guard digitCount <= 15 else { return .invalid("amount '\(text)' has too many digits") }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        digitsAfterMark += 1
        sawDigit = true
      case UInt8(ascii: "."), UInt8(ascii: ","):
        guard sawDigit || byte == UInt8(ascii: "."), !closeParen, !trailingMinus else {
          return .invalid(notAmount(text))
        }
        if byte == UInt8(ascii: ".") { dots += 1 } else { commas += 1 }
        lastMark = byte
        digitsAfterMark = 0
      case UInt8(ascii: "-"):
        if sawDigit {
          guard !trailingMinus, !closeParen else { return .invalid(notAmount(text)) }
          trailingMinus = true
        }
        negative = true
        signs += 1
      case UInt8(ascii: "+"):
        guard !sawDigit else { return .invalid(notAmount(text)) }
        signs += 1
      case UInt8(ascii: "("):
        guard !sawDigit, !openParen else { return .invalid(notAmount(text)) }
        openParen = true
        negative = true
        signs += 1
      case UInt8(ascii: ")"):
        guard openParen, sawDigit, !closeParen else { return .invalid(notAmount(text)) }
        closeParen = true
      case UInt8(ascii: "$"), UInt8(ascii: " "), UInt8(ascii: "\t"):
        continue
      default:
        return .invalid(notAmount(text))
      }
    }
    if !sawDigit {
      return signs == 0 && dots == 0 && commas == 0 && !openParen ? .blank : .invalid(notAmount(text))
    }
    guard signs <= 1, openParen == closeParen else { return .invalid("amount '\(text)' has more than one sign") }
    // Which mark, if any, is the decimal one.
    var decimals = 0
    if lastMark != 0 {
      let last = lastMark
      let other = last == UInt8(ascii: ".") ? commas : dots
      let sameCount = last == UInt8(ascii: ".") ? dots : commas
      let lastIsDecimal: Bool
      if other > 0 {
        lastIsDecimal = true
      } else if last == UInt8(ascii: ".") {
        // In a comma file `.` is always decimal; with a decimal comma, `1.234` is a thousand.
        lastIsDecimal = !decimalComma || (sameCount == 1 && digitsAfterMark <= 2)
      } else {
        // A lone `,` is decimal where the decimal comma is allowed (`1,234` is then refused for
        // its three decimals rather than read as a thousand), and thousands otherwise.
        lastIsDecimal = decimalComma
      }
      if lastIsDecimal {
        guard sameCount == 1 else { return .invalid(notAmount(text)) }
        guard digitsAfterMark <= 2 else { return .invalid("amount '\(text)' has more than 2 decimals") }
        decimals = digitsAfterMark
      } else if digitsAfterMark != 3 {
        return .invalid(notAmount(text))
      }
    }
    var cents = value
    for _ in decimals..<2 { cents *= 10 }
    return .cents(negative ? -cents : cents)
  }

  private static func notAmount(_ text: String) -> String {
    "amount '\(text)' is not an amount (expected e.g. -12.34, (12.34), 12.34- or $1,234.56)"
  }

  /// `-4.50`, `1234.56`, `0.00`: the fingerprint's form (§5.3), no thousands separators.
  static func plain(_ cents: Int64) -> String {
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return (cents < 0 ? "-" : "") + String(magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
  }
}

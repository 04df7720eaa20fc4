/// A date field as written, before the file's day/month order is known: the three numbers in
/// written order. agility.md §5.2.5 decides the order over the whole file (viiraa.md §4.3), so a
/// row's date can only be resolved once every row has been read.
struct BankCSVDateText: Sendable, Equatable {
  var first: Int
  var second: Int
  var third: Int
  /// `YYYY-MM-DD` (or `YYYY/MM/DD`): the first number has four digits and the order is fixed.
  var yearFirst: Bool

  /// Reads `MM/DD/YYYY`, `DD.MM.YY`, `YYYY-MM-DD`, with `/`, `-` or `.` between the numbers and
  /// anything after a space or `T` ignored (some banks append `00:00:00`). Nil for anything else.
  init?(_ text: String) {
    var numbers: (Int, Int, Int) = (0, 0, 0)
    var digitCounts: (Int, Int, Int) = (0, 0, 0)
    var index = 0
    var value = 0
    var digits = 0
    var separator: UInt8 = 0
    func store() -> Bool {
      guard digits > 0, index < 3 else { return false }
      switch index {
      case 0: (numbers.0, digitCounts.0) = (value, digits)
      case 1: (numbers.1, digitCounts.1) = (value, digits)
      default: (numbers.2, digitCounts.2) = (value, digits)
      }
      index += 1
      value = 0
      digits = 0
      return true
    }
    loop: for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits < 4 else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."):
        // The same separator twice (`01/02-2026` is not a date).
        guard index < 2, separator == 0 || separator == byte, store() else { return nil }
        separator = byte
      case UInt8(ascii: " "), UInt8(ascii: "T"):
        guard index == 2 else { return nil }
        break loop
      default:
        return nil
      }
    }
    guard store(), index == 3 else { return nil }
    yearFirst = digitCounts.0 == 4
    if yearFirst {
      guard digitCounts.1 <= 2, digitCounts.2 <= 2 else { return nil }
    } else {
      // §5.2.5: a two-digit year is 20YY.
      guard digitCounts.0 <= 2, digitCounts.1 <= 2, digitCounts.2 == 4 || digitCounts.2 == 2 else { return nil }
      if digitCounts.2 == 2 { numbers.2 += 2000 }
    }
    (first, second, third) = numbers
  }

  /// The day in the given order; nil when that reading is not a real day.
  func resolve(dayFirst: Bool) -> BankDate? {
    if yearFirst { return BankDate(year: first, month: second, day: third) }
    return dayFirst
      ? BankDate(year: third, month: second, day: first) : BankDate(year: third, month: first, day: second)
  }

  /// Evidence for the file's order: a first number over 12 that makes a real day-first date, or a
  /// second number over 12 that makes a real month-first date.
  var showsDayFirst: Bool { !yearFirst && first > 12 && resolve(dayFirst: true) != nil }
  var showsMonthFirst: Bool { !yearFirst && second > 12 && resolve(dayFirst: false) != nil }
}

/// The day/month order of a file (agility.md §5.2.5, viiraa.md §4.3): a first number over 12
/// anywhere means day-first, a second one month-first; when every date is ambiguous, or the file
/// contradicts itself, the saved profile's order, else month-first (US banks).
enum BankCSVDateOrder {
  static func decide(
    dayFirstSeen: Bool, monthFirstSeen: Bool, ambiguousSeen: Bool, saved: BankCSVProfile.DateOrder?
  ) -> (order: BankCSVProfile.DateOrder, assumption: String?) {
    if dayFirstSeen != monthFirstSeen { return (dayFirstSeen ? .dmy : .mdy, nil) }
    let fallback: BankCSVProfile.DateOrder = saved == .dmy ? .dmy : .mdy
    guard dayFirstSeen || ambiguousSeen else { return (fallback, nil) }
    let written = fallback == .dmy ? "day-first (DD/MM/YYYY)" : "month-first (MM/DD/YYYY)"
    let why = saved == nil || saved == .ymd ? "the US default" : "the account's saved CSV profile"
    let what =
      dayFirstSeen
      ? "The dates contradict each other (some day-first, some month-first)"
      : "Every date was ambiguous (day and month both 12 or less)"
    return (fallback, "\(what); read as \(written), \(why)")
  }
}

/// A local date-time as written in an export, before the day/month order and the zone are known:
/// LibreView's `03-01-2026 07:05 AM` or `01-03-2026 07:05`, Clarity's `2026-03-01T07:02:41`.
struct WallClockStamp: Equatable {
  /// The three date numbers in written order.
  var date: (Int, Int, Int)
  /// The first date number has four digits (`YYYY-MM-DD`).
  var yearFirst: Bool
  var hour: Int
  var minute: Int
  var second: Int
  /// `true` for PM, `false` for AM, `nil` for a 24-hour clock.
  var pm: Bool?

  static func == (a: WallClockStamp, b: WallClockStamp) -> Bool {
    a.date == b.date && a.yearFirst == b.yearFirst && a.hour == b.hour && a.minute == b.minute
      && a.second == b.second && a.pm == b.pm
  }

  /// Reads numbers separated by any of `-/. :T` and an optional AM/PM; `nil` when the shape is wrong.
  init?(_ text: String) {
    var numbers: [(value: Int, digits: Int)] = []
    var word: [UInt8] = []
    var current = 0
    var digits = 0
    func flushNumber() {
      if digits > 0 { numbers.append((current, digits)) }
      current = 0
      digits = 0
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits < 9 else { return nil }
        current = current * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        flushNumber()
        word.append(byte & 0xDF)
      case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: " "):
        flushNumber()
      default:
        return nil
      }
    }
    flushNumber()
    switch word {
    case []: pm = nil
    case Array("T".utf8): pm = nil
    case Array("AM".utf8): pm = false
    case Array("PM".utf8): pm = true
    default: return nil
    }
    guard numbers.count == 5 || numbers.count == 6 else { return nil }
    date = (numbers[0].value, numbers[1].value, numbers[2].value)
    yearFirst = numbers[0].digits == 4
    guard yearFirst || numbers[2].digits == 4 || numbers[2].digits == 2 else { return nil }
    if !yearFirst && numbers[2].digits == 2 { date.2 += 2000 }
    hour = numbers[3].value
    minute = numbers[4].value
    second = numbers.count == 6 ? numbers[5].value : 0
  }

  /// Seconds since 1970 of this wall time read as if it were UTC; `nil` for an impossible date or time.
  func localSeconds(dayFirst: Bool) -> Int64? {
    let (year, month, day) =
      yearFirst ? (date.0, date.1, date.2) : dayFirst ? (date.2, date.1, date.0) : (date.2, date.0, date.1)
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
    var hour24 = hour
    if let pm {
      guard (1...12).contains(hour) else { return nil }
      hour24 = hour % 12 + (pm ? 12 : 0)
    }
    guard (0...23).contains(hour24), (0...59).contains(minute), (0...59).contains(second) else { return nil }
    return Self.daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour24 * 3600 + minute * 60 + second)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

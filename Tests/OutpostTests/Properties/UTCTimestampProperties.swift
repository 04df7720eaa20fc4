import Foundation
import OutpostModel
import PropertyBased
import Testing

/// `UTCTimestamp.parse` counts days itself; glibc's `timegm`, which it used before, is the
/// reference: the same instant for any text of the forms it reads, out-of-range fields (month
/// 13, February 30, hour 24) carried over as `timegm` carries them.
@Suite struct UTCTimestampProperties {
  static func reference(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 19 else { return nil }
    func number(_ range: Range<Int>) -> Int32? { Int32(String(decoding: bytes[range], as: UTF8.self)) }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
      let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    var parts = tm()
    (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
    (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
    return Date(timeIntervalSince1970: Double(timegm(&parts)))
  }

  static let texts = Generator<String, Shrink.None<String>> { rng in
    func digits(_ count: Int, _ rng: inout any SeededRandomNumberGenerator) -> String {
      String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
    }
    func field(_ typical: ClosedRange<Int>, _ rng: inout any SeededRandomNumberGenerator) -> String {
      let value = Bool.random(using: &rng) ? Int.random(in: typical, using: &rng) : Int.random(in: 0...99, using: &rng)
      return value < 10 ? "0\(value)" : "\(value)"
    }
    let year = Bool.random(using: &rng) ? String(Int.random(in: 1900...2100, using: &rng)) : digits(4, &rng)
    return "\(year)-\(field(1...12, &rng))-\(field(1...31, &rng))T\(field(0...23, &rng)):"
      + "\(field(0...59, &rng)):\(field(0...59, &rng))Z"
  }

  @Test func countsDaysAsTimegmDoes() async {
    await propertyCheck(count: 20_000, input: Self.texts) { text in
      #expect(UTCTimestamp.parse(text) == Self.reference(text), "\(text)")
    }
  }

  @Test func readsEveryFormTheServicesUse() throws {
    let instant = Date(timeIntervalSince1970: 1_765_222_200)  // 2025-12-08T19:30:00Z
    for text in [
      "2025-12-08T19:30:00Z", "2025-12-08T19:30:00.000000+00:00", "2025-12-08T20:30:00+01:00",
      "2025-12-08 19:30:00", "2025-12-08T18:30:00-01:00",
    ] {
      #expect(UTCTimestamp.parse(text) == instant, "\(text)")
    }
    #expect(try #require(UTCTimestamp.parse("2025-12-08T19:30:00.25Z")).timeIntervalSince(instant) == 0.25)
    #expect(UTCTimestamp.parse("2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
    #expect(UTCTimestamp.parse("0000-03-01T00:00:00Z") == Date(timeIntervalSince1970: -62_162_035_200))
    for bad in ["", "2025-12-08", "2025/12/08T19:30:00Z", "2025-12-08T19:30:00X", "2025-1a-08T19:30:00Z"] {
      #expect(UTCTimestamp.parse(bad) == nil, "\(bad)")
    }
  }
}

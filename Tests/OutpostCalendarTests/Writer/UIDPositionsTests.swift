import Testing

@testable import OutpostCalendar

/// `UIDPositions` against a `[String: Int]`, with hashes poor enough that most UIDs share one,
/// from 16 slots (grown as UIDs come).
@Suite struct UIDPositionsTests {
  /// Every string of one to four letters over "abc": 120 UIDs, many of one length.
  static let uids: [String] = (1...4).flatMap { length in
    (0..<pow3(length)).map { number in
      String((0..<length).map { place in Array("abc")[number / pow3(place) % 3] })
    }
  }

  static func pow3(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { value, _ in value * 3 } }

  @Test(arguments: [1, 7, 31, 7919])
  func findsWhatADictionaryFinds(stride: Int) {
    let poor: [(String) -> Int] = [{ $0.utf8.count % 3 }, { _ in 7 }, { $0.hashValue }]
    for hash in poor {
      var positions = UIDPositions(capacity: 16, hash: hash)
      var reference: [String: Int] = [:]
      var inserted: [String] = []
      // Each UID comes several times, in an order that depends on the stride.
      for step in 0..<600 {
        let uid = Self.uids[step * stride % Self.uids.count]
        let found = positions.firstPosition(of: uid, else: inserted.count, uidAt: { inserted[$0] })
        #expect(found == reference[uid], "\(uid)")
        if found == nil {
          reference[uid] = inserted.count
          inserted.append(uid)
        }
      }
      #expect(!inserted.isEmpty && inserted.count == reference.count)
    }
  }
}

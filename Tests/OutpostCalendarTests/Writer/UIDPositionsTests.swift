import Testing

@testable import OutpostCalendar

/// `UIDPositions` against a `[String: Int]`, with hashes poor enough that most UIDs share one.
@Suite struct UIDPositionsTests {
  @Test(arguments: [0, 1, 2, 3])
  func findsWhatADictionaryFinds(seed: Int) {
    var generator = SplitMix(seed: UInt64(seed))
    let poor: [(String) -> Int] = [{ $0.utf8.count % 3 }, { _ in 7 }, { $0.hashValue }]
    for hash in poor {
      var positions = UIDPositions(capacity: 16, hash: hash)
      var reference: [String: Int] = [:]
      var inserted: [String] = []
      for _ in 0..<2_000 {
        let length = Int(generator.next() % 4) + 1
        let uid = String((0..<length).map { _ in "abc".randomElement(using: &generator)! })
        let found = positions.position(of: uid, uidAt: { inserted[$0] })
        #expect(found == reference[uid], "\(uid)")
        if found == nil {
          positions.insert(uid, at: inserted.count)
          reference[uid] = inserted.count
          inserted.append(uid)
        }
      }
      #expect(inserted.count == reference.count)
    }
  }
}

/// A seeded generator, so that a failure can be replayed.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

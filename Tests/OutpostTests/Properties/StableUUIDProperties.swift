import Crypto
import PropertyBased
import Testing

@testable import OutpostConnectors

/// `StableUUID.from` writes its text as bytes; the ids are stored in the store and at the
/// service, so they must stay exactly what the first version (kept here) wrote.
@Suite struct StableUUIDProperties {
  static let pieces = [
    "agility-csv:", "viiraa:", "0f6c3a0e-4b7e", ":", "|", "2026-11-29", "-12.50", "é", "日本", "🏐", " ", "a",
  ]
  static let names = Generator<String, Shrink.None<String>> { rng in
    (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  @Test func idsAreWhatTheFirstVersionWrote() async {
    await propertyCheck(count: 2000, input: Self.names) { name in
      #expect(StableUUID.from(name) == Self.firstVersion(name))
    }
  }

  @Test func idsAreVersion5UUIDsInLowercase() {
    let id = StableUUID.from("agility-csv:acct-bench:0123456789abcdef")
    #expect(id == Self.firstVersion("agility-csv:acct-bench:0123456789abcdef"))
    #expect(id.utf8.count == 36)
    #expect(id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
    #expect(Array(id)[14] == "5")
    #expect("89ab".contains(Array(id)[19]))
    #expect(id == id.lowercased())
  }

  /// The first version, as it was before the ids were written as bytes.
  static func firstVersion(_ name: String) -> String {
    var hash = Insecure.SHA1()
    hash.update(data: StableUUID.namespace)
    hash.update(data: Array(name.utf8))
    var bytes = Array(hash.finalize().prefix(16))
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = bytes.map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
  }
}

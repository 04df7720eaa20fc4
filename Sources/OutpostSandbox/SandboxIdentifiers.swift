/// SplitMix64: tiny, fast and good enough for a fake. Seeded, so injected errors and derived
/// identifiers are the same on every run.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in [0, 1).
  mutating func nextUnitInterval() -> Double { Double(next() >> 11) * 0x1p-53 }
}

/// Identifiers in the shapes VolleyManager uses.
enum SandboxIdentifiers {
  static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
  static let hexDigits = Array("0123456789abcdef")

  /// A lower-case UUID (version 4 layout) derived from `key`: the same person, occupation or
  /// season gets the same `__identity` in every run, which keeps fixtures and logs comparable.
  static func stableUUID(_ key: String) -> String {
    var generator = SplitMix64(seed: fnv1a(key))
    return uuid(using: &generator)
  }

  /// `count` characters of [A-Za-z0-9] derived from `key` (the iCal calendar code).
  static func stableCode(_ key: String, count: Int) -> String {
    var generator = SplitMix64(seed: fnv1a(key))
    return String((0..<count).map { _ in alphanumerics.randomElement(using: &generator)! })
  }

  /// Lower-case hex of `bytes` (an HMAC, a digest).
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    var text: [UInt8] = []
    for byte in bytes {
      text.append(hexASCII[Int(byte >> 4)])
      text.append(hexASCII[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A fresh `Neos_Flow_Session` id: 32 alphanumeric characters, from the system RNG so that
  /// ids cannot be guessed even when the rest of the sandbox is seeded.
  static func sessionID() -> String {
    var generator = SystemRandomNumberGenerator()
    return String((0..<32).map { _ in alphanumerics.randomElement(using: &generator)! })
  }

  /// A fresh CSRF token: 32 hex digits, like Flow's `bin2hex(random_bytes(16))`.
  static func csrfToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return String((0..<32).map { _ in hexDigits.randomElement(using: &generator)! })
  }

  static func uuid(using generator: inout some RandomNumberGenerator) -> String {
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    // Built as ASCII bytes in one go: data generation makes hundreds of thousands of these.
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(hexASCII[Int(byte >> 4)])
      text.append(hexASCII[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let hexASCII = Array("0123456789abcdef".utf8)

  /// 64-bit FNV-1a; only used to turn a key into a seed.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01B3
    }
    return hash
  }
}

import Crypto

/// Lower-case hex SHA-256 digests, for `CalendarWriter.contentDigest` and the CalDAV state.
/// A real digest rather than a 64-bit hash: the caller stores it and compares it for years, and
/// a collision would silently keep a changed event's old SEQUENCE. The hashing is swift-crypto's;
/// the name differs from its `SHA256` so that a file importing both modules stays unambiguous.
public enum HexDigest {
  public static func sha256(_ message: [UInt8]) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(SHA256.byteCount * 2)
    for byte in SHA256.hash(data: message) {
      text.append(hexDigits[Int(byte >> 4)])
      text.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

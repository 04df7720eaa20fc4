import Crypto

/// A name-based UUID (RFC 9562 version 5, SHA-1 in a namespace of Outpost's own): the same name
/// gives the same id on every machine and every run, so a row sent again is the same row.
enum StableUUID {
  /// A random UUID fixed once as Outpost's namespace.
  static let namespace: [UInt8] = [
    0x6b, 0x1f, 0x3c, 0x52, 0x8e, 0x0a, 0x4d, 0x7b, 0x9a, 0x31, 0x5e, 0xc2, 0x77, 0x04, 0xd9, 0x18,
  ]

  static func from(_ name: String) -> String {
    var hash = Insecure.SHA1()
    hash.update(data: namespace)
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

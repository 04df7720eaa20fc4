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
    var name = name
    name.withUTF8 { hash.update(bufferPointer: UnsafeRawBufferPointer($0)) }
    // Written as bytes: an import names every one of its rows this way (50,000 for a large
    // bank file, 105,120 for a year of glucose readings).
    return hash.finalize().withUnsafeBytes { digest in
      String(unsafeUninitializedCapacity: 36) { text in
        let hex: StaticString = "0123456789abcdef"
        var written = 0
        for index in 0..<16 {
          var byte = digest[index]
          if index == 6 { byte = (byte & 0x0F) | 0x50 }  // version 5
          if index == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 9562's variant
          if index == 4 || index == 6 || index == 8 || index == 10 {
            text[written] = UInt8(ascii: "-")
            written += 1
          }
          text[written] = hex.utf8Start[Int(byte >> 4)]
          text[written + 1] = hex.utf8Start[Int(byte & 0x0F)]
          written += 2
        }
        return written
      }
    }
  }
}

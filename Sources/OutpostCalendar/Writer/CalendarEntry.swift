import Foundation
import OutpostModel

/// One VEVENT, derived from a stored item. The caller keeps `sequence`: it bumps it when
/// `CalendarWriter.contentDigest` of the item changes, so that SEQUENCE only increases when the
/// event really changes (RFC 5545 §3.8.7.4).
public struct CalendarEntry: Sendable, Equatable {
  /// Stable per item: `CalendarEntry.uid(for:)`.
  public var uid: String
  public var sequence: Int
  public var item: Item
  /// `StoredItem.updatedAt`: written as DTSTAMP and LAST-MODIFIED, so that nothing in the output
  /// depends on when it was written.
  public var lastModified: Date

  public init(uid: String, sequence: Int, item: Item, lastModified: Date) {
    self.uid = uid
    self.sequence = sequence
    self.item = item
    self.lastModified = lastModified
  }

  /// The longest UID written; longer ones are cut and made unique with a hash. UIDs name vdir
  /// files and CalDAV resources, and file names stop at 255 bytes.
  static let maximumUIDLength = 200

  /// `<kind>-<upstreamID>@outpost`, e.g. `assignment-6f0c…@outpost`. Letters, digits, `.`, `_`
  /// and `-` are kept; every other byte is percent-encoded, which keeps distinct ids distinct
  /// (feed UIDs hold `@`, `/`, spaces) and the UID safe as a file name and in a URL path once
  /// `%` is encoded there.
  public static func uid(for item: Item) -> String {
    let local = sanitized(item.kind.rawValue) + "-" + sanitized(item.upstreamID)
    let limit = maximumUIDLength - "@outpost".count
    guard local.utf8.count > limit else { return local + "@outpost" }
    // Cut on a whole escape, then add the hash of the full id so that cut ids stay distinct.
    var cut = String(local.prefix(limit - 17))
    if let percent = cut.suffix(2).firstIndex(of: "%") { cut = String(cut[..<percent]) }
    return cut + "-" + fnv1a(local) + "@outpost"
  }

  private static func sanitized(_ text: String) -> String {
    // Bytes in, ASCII out, made a string once: appending scalar by scalar (and a fresh array of
    // hex digits per escape) was a third of each event's digest (issue 20).
    let hex: StaticString = "0123456789ABCDEF"
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      let isKept =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      if isKept {
        result.append(byte)
      } else {
        result.append(UInt8(ascii: "%"))
        result.append(hex.utf8Start[Int(byte >> 4)])
        result.append(hex.utf8Start[Int(byte & 0x0F)])
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// 16 hex digits of FNV-1a 64: only to keep long cut ids apart, not a digest.
  private static func fnv1a(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

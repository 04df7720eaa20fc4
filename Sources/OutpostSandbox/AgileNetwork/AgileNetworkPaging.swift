import Foundation

/// Relay cursors (agile-network.md §6's connections): opaque base64 of `o:<offset>` for expert
/// lists, whose order is fixed, and of `c:<number>` for content, newest first, so a page stays
/// put while new content arrives on top.
enum AgileNetworkPaging {
  static let maximumFirst = 100
  static let maximumChanges = 500

  struct Page<Item> {
    let items: [(cursor: String, item: Item)]
    let hasNextPage: Bool
    var endCursor: String? { items.last?.cursor }
  }

  static func first(_ value: Int?, default fallback: Int, maximum: Int = maximumFirst) throws(AgileGraphError) -> Int {
    let first = value ?? fallback
    guard (0...maximum).contains(first) else { throw .badInput("first must be between 0 and \(maximum)") }
    return first
  }

  static func encode(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

  static func decode(_ cursor: String, prefix: String) throws(AgileGraphError) -> Int {
    guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8),
      text.hasPrefix(prefix), let value = Int(text.dropFirst(prefix.count))
    else { throw .badInput("after is not a cursor of this list") }
    return value
  }

  /// A page of a fixed-order list.
  static func byOffset<Item>(_ items: [Item], first: Int, after: String?) throws(AgileGraphError) -> Page<Item> {
    let start = try after.map { cursor throws(AgileGraphError) in try decode(cursor, prefix: "o:") + 1 } ?? 0
    guard start >= 0 else { throw .badInput("after is not a cursor of this list") }
    let end = min(items.count, start + first)
    let slice = start < end ? Array(items[start..<end].enumerated()) : []
    return Page(
      items: slice.map { (encode("o:\(start + $0.offset)"), $0.element) }, hasNextPage: end < items.count)
  }

  /// A page of content, newest first, after the item numbered by the cursor.
  static func byContent(_ items: [AgileContent], first: Int, after: String?) throws(AgileGraphError) -> Page<
    AgileContent
  > {
    var remaining = items[...]
    if let after {
      let number = try decode(after, prefix: "c:")
      remaining = remaining.drop { $0.number >= number }
    }
    let taken = Array(remaining.prefix(first))
    return Page(
      items: taken.map { (encode("c:\($0.number)"), $0) }, hasNextPage: remaining.count > taken.count)
  }
}

/// `searchConfiguration[…]` as the `/search` endpoints receive it: bracket-encoded form fields
/// (§2.1). Only what changes the result is read: property filters (date range, enum values,
/// `NOT_NULL`), the first ordering's direction, offset and limit.
struct VolleyManagerSearchConfiguration {
  struct Filter {
    var propertyName = ""
    var from: Int?
    var to: Int?
    var enumValues: [String] = []
    var values: [String] = []
  }

  /// The real UI pages by 10; the OpenAPI caps a page at 100 and so does the sandbox.
  static let defaultLimit = 10
  static let maximumLimit = 100

  var filters: [Filter] = []
  /// nil when the client sent no ordering; each endpoint has its own default.
  var descending: Bool?
  var offset = 0
  var limit = defaultLimit

  /// Flow's property mapper fails on values it cannot convert (a date that is not a date, a
  /// limit that is not a number): the endpoint answers that with a 500 page.
  struct Unmappable: Error {
    var detail: String
  }

  init(form: FormFields) throws(Unmappable) {
    let prefix = "searchConfiguration["
    var filtersByIndex: [Int: Filter] = [:]
    for (name, value) in form.pairs where name.hasPrefix(prefix) {
      let path = Self.segments(name.dropFirst(prefix.count - 1))
      switch path.first {
      case "offset":
        guard let number = Int(value), number >= 0 else { throw Unmappable(detail: "offset: \(value)") }
        offset = number
      case "limit":
        guard let number = Int(value) else { throw Unmappable(detail: "limit: \(value)") }
        limit = min(max(number, 1), Self.maximumLimit)
      case "propertyOrderings" where path.count == 3 && path[2] == "descending" && descending == nil:
        descending = value == "true" || value == "1"
      case "propertyFilters" where path.count >= 3:
        guard let index = Int(path[1]) else { continue }
        var filter = filtersByIndex[index] ?? Filter()
        switch (path[2], path.count > 3 ? path[3] : nil) {
        case ("propertyName", nil): filter.propertyName = value
        case ("dateRange", "from"): filter.from = try Self.date(value)
        case ("dateRange", "to"): filter.to = try Self.date(value)
        case ("enumValues", _): filter.enumValues.append(value)
        case ("values", _): filter.values.append(value)
        default: break
        }
        filtersByIndex[index] = filter
      default: continue
      }
    }
    filters = filtersByIndex.keys.sorted().map { filtersByIndex[$0]! }
  }

  /// The date range on `property`, if the request filters on one (either end may be open).
  func dateRange(on property: String) -> ClosedRange<Int>? {
    guard let filter = filters.first(where: { $0.propertyName == property && ($0.from != nil || $0.to != nil) })
    else { return nil }
    return (filter.from ?? Int.min)...(filter.to ?? Int.max)
  }

  /// The enum values the request filters `property` on; empty for no such filter.
  func enumValues(on property: String) -> [String] {
    filters.filter { $0.propertyName == property }.flatMap(\.enumValues)
  }

  func hasNotNullFilter(on property: String) -> Bool {
    filters.contains { $0.propertyName == property && $0.values.contains("NOT_NULL") }
  }

  /// The requested page of `items`, which are already filtered and ordered.
  func page<Item>(_ items: [Item]) -> ArraySlice<Item> {
    guard offset < items.count else { return [] }
    return items[offset..<min(items.count, offset + limit)]
  }

  /// `[propertyFilters][0][dateRange][from]` → ["propertyFilters", "0", "dateRange", "from"].
  private static func segments(_ text: Substring) -> [Substring] {
    text.split(separator: "]", omittingEmptySubsequences: true).map { $0.drop { $0 == "[" } }
  }

  private static func date(_ text: String) throws(Unmappable) -> Int {
    guard let seconds = SandboxTime.parseISO(text) else { throw Unmappable(detail: "not a date: \(text)") }
    return seconds
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A question a connector answers live from the service, never from the store: what a booking
/// flow needs (a partner's catalogue, the free slots of a day). Declared like actions, with
/// typed parameters, so the RPC layer and the CLI need nothing per service. Online only by
/// nature: a slot listed yesterday says nothing about today.
public struct QueryDeclaration: Codable, Sendable, Equatable {
  /// Unique across every connector (`rpp.services`, `rpp.availability`).
  public var name: String
  /// The connector kind that answers it (`rpp`).
  public var service: String
  /// One line, for lists and `--help`.
  public var summary: String
  public var parameters: [ActionParameter]
  /// Set for a question answered from the store, offline (a dashboard over synced readings):
  /// which items it is computed from. Nil for one asked of the service.
  public var fromStore: StoreSource?

  public init(
    name: String, service: String, summary: String, parameters: [ActionParameter] = [], fromStore: StoreSource? = nil
  ) {
    self.name = name
    self.service = service
    self.summary = summary
    self.parameters = parameters
    self.fromStore = fromStore
  }

  /// The parameters in canonical form, or a refusal that says what would be right.
  public func validate(_ params: JSONValue?) throws(ActionRefusal) -> [String: JSONValue] {
    try parameters.validate(params, for: name)
  }
}

/// The items a question answered from the store is computed from: the account's items of
/// `kinds` that start within the last `pastDays` (and up to `futureDays` ahead), and all its
/// items of `undatedKinds` (a profile).
public struct StoreSource: Codable, Sendable, Equatable {
  public var kinds: [ItemKind]
  public var pastDays: Int
  public var futureDays: Int
  public var undatedKinds: [ItemKind]
  /// The parameter that names a period the question is about (a tax year `2026`, a month
  /// `2026-03`): the items of that whole period are read too, however long ago it was (and
  /// `futureDays` past its end), not only those of the window around today. Without it, a tax
  /// table asked for a year four years back read none of that year's transactions.
  public var periodParameter: String?

  public init(
    kinds: [ItemKind], pastDays: Int, futureDays: Int = 0, undatedKinds: [ItemKind] = [],
    periodParameter: String? = nil
  ) {
    self.kinds = kinds
    self.pastDays = pastDays
    self.futureDays = futureDays
    self.undatedKinds = undatedKinds
    self.periodParameter = periodParameter
  }

  /// The instants whose items the question reads at `now` with `params`: the window around
  /// now, widened to the named period (UTC, a day of slack either side).
  public func range(now: Date, params: [String: JSONValue]) -> ClosedRange<Date> {
    var lower = now.addingTimeInterval(-Double(pastDays) * 86_400)
    var upper = now.addingTimeInterval(Double(futureDays) * 86_400)
    if let name = periodParameter, let period = params[name].flatMap(Self.period) {
      lower = min(lower, period.lowerBound.addingTimeInterval(-86_400))
      upper = max(upper, period.upperBound.addingTimeInterval(Double(futureDays + 1) * 86_400))
    }
    return lower...upper
  }

  /// `2026` (a number or text) is that year, `2026-03` that month, in UTC.
  static func period(_ value: JSONValue) -> ClosedRange<Date>? {
    let text = value.int64Value.map(String.init) ?? value.stringValue ?? ""
    let parts = text.split(separator: "-")
    guard let year = parts.first.flatMap({ Int($0) }), (1970...9999).contains(year), parts.count <= 2 else {
      return nil
    }
    let month = parts.count == 2 ? Int(parts[1]) : nil
    if parts.count == 2, !(1...12).contains(month ?? 0) { return nil }
    let first = GregorianDays.days(year: year, month: month ?? 1, day: 1)
    let next =
      switch month {
      case nil: GregorianDays.days(year: year + 1, month: 1, day: 1)
      case 12?: GregorianDays.days(year: year + 1, month: 1, day: 1)
      case let month?: GregorianDays.days(year: year, month: month + 1, day: 1)
      }
    return Date(timeIntervalSince1970: Double(first) * 86_400)...Date(timeIntervalSince1970: Double(next) * 86_400)
  }
}

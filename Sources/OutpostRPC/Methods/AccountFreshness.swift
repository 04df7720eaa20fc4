import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An account whose data a view shows but that cannot be kept current now (offline, signed out,
/// failing) or whose last sync is more than a day old: the phone app's banner, "offline since
/// …, data of …", beside every view's items (API 1.20.0).
public struct AccountFreshness: Codable, Sendable, Equatable {
  public var account: String
  public var state: AccountState
  /// Since when the account is in `state`; absent when it is `ok` (then only the data is old).
  public var since: Date?
  /// When its data was last brought up to date (its last successful sync); absent if never.
  public var dataOf: Date?
  /// The data is more than a day old.
  public var stale: Bool

  public init(account: String, state: AccountState, since: Date?, dataOf: Date?, stale: Bool) {
    self.account = account
    self.state = state
    self.since = since
    self.dataOf = dataOf
    self.stale = stale
  }

  /// Data older than this is "old" (as the bars' `stale`).
  public static let staleAfter: TimeInterval = 24 * 3600
}

// By hand, as the `items.list` and `items.lines` replies it travels in (their direct coders).
extension AccountFreshness: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("account", account)
    object.member("dataOf", dataOf)
    object.member("since", since)
    object.member("stale", stale)
    object.member("state", state.rawValue)
  }

  public init(json object: JSONObjectReader) throws {
    self.init(
      account: try object.string("account"), state: try object.rawValue(AccountState.self, "state"),
      since: try object.dateIfPresent("since"), dataOf: try object.dateIfPresent("dataOf"),
      stale: try object.boolIfPresent("stale") ?? false)
  }
}

import OutpostModel
import OutpostRPC

/// The phone app's banner, on every view: an account that is offline (signed out, failing)
/// since when and how old its data is, or data more than a day old. On stderr, so that the
/// view's own lines stay as they are for whoever reads them after a pipe.
enum FreshnessBanner {
  static func show(_ freshness: [AccountFreshness]?) {
    for entry in freshness ?? [] { Terminal.note(line(entry)) }
  }

  /// A view's JSON with the banner's accounts as `freshness`, as `ItemsList.Result` has it;
  /// unchanged when every account is current (or the view is not an object).
  static func json(_ view: JSONValue, _ freshness: [AccountFreshness]?) -> JSONValue {
    guard case .object(var members) = view, let freshness,
      let encoded = try? JSONCoding.encoder().encode(freshness), let value = try? JSONParser.parse(Array(encoded))
    else { return view }
    members["freshness"] = value
    return .object(members)
  }

  static func line(_ entry: AccountFreshness) -> String {
    let data = entry.dataOf.map(Terminal.localTime)
    guard entry.state != .ok else { return localized(.freshnessStale, entry.account, data ?? "?") }
    let state = AccountText.stateName(entry.state)
    let since = entry.since.map(Terminal.localTime) ?? "?"
    guard let data else { return localized(.freshnessStateNoData, entry.account, state, since) }
    return localized(.freshnessState, entry.account, state, since, data)
  }
}

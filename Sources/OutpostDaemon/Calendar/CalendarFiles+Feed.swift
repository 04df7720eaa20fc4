import OutpostModel
import OutpostStore

/// The feed serves the same rendering as the files (`render(accountID:name:)`), through the
/// cache that `regenerateNow` empties.
extension CalendarFiles: FeedSource {
  /// The merged calendar's name in the URL (`/calendar/<token>/all.ics`), like `all.ics` on disk.
  nonisolated static let allName = "all"

  nonisolated func cached(_ name: String) -> FeedBody? { feedCache.cached(name) }

  nonisolated func body(_ name: String) async throws -> FeedBody? {
    try await feedCache.body(name) { try await self.renderFeed(name) }
  }

  /// `all`, or the account called `name`; nil when there is none.
  private func renderFeed(_ name: String) async throws -> FeedBody? {
    if name == Self.allName { return FeedBody(try await render(accountID: nil, name: nil).bytes) }
    guard let account = try await store.account(named: name) else { return nil }
    return FeedBody(try await render(accountID: account.id, name: account.name).bytes)
  }
}

import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore

extension ItemHandlers {
  /// The accounts a view of `params` shows data of that are not current: not `ok` (offline,
  /// signed out, failing), or last synced more than a day ago. What the phone app's banner says
  /// above every screen ("offline since …, data of …"); nil when every one is current.
  static func freshness(_ params: ItemsList.Params, _ services: DaemonServices) async throws -> [AccountFreshness]? {
    let syncs = (try? await services.snapshots.lastSuccessfulSyncs()) ?? [:]
    let now = Date()
    var result: [AccountFreshness] = []
    for account in try await services.store.accounts() {
      if let name = params.account, account.name != name { continue }
      if let service = params.service, account.kind != service { continue }
      // A view of some kinds is about the accounts whose service has them.
      if let kinds = params.kinds, let declared = ConnectorRegistry.kind(account.kind)?.descriptor.itemKinds,
        !declared.contains(where: { kinds.contains($0.kind.rawValue) })
      {
        continue
      }
      let dataOf = syncs[account.id]
      let stale = dataOf.map { now.timeIntervalSince($0) >= AccountFreshness.staleAfter } ?? false
      // The account's state says "offline" from the second failed sync on (no flapping in the
      // bar); a view says it from the first that could not reach the service, as a phone does.
      var (state, since) = (account.state, account.state == .ok ? nil : account.stateChangedAt)
      if state == .ok, let status = await services.sync.status(accountID: account.id), status.offline,
        status.consecutiveFailures > 0
      {
        (state, since) = (.offline, status.failingSince ?? status.lastAttemptAt)
      }
      guard state != .ok || stale else { continue }
      result.append(AccountFreshness(account: account.name, state: state, since: since, dataOf: dataOf, stale: stale))
    }
    return result.isEmpty ? nil : result
  }
}

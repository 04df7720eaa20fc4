import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostSnapshot
import OutpostStore

/// Questions connectors answer from the store (`QueryDeclaration.fromStore`): the items and
/// series points of the kinds the declaration names are read and handed to the connector. Used by `queries.run` and by the
/// status bars (a connector's `barView`).
enum StoreViews {
  static func answer(
    _ declaration: QueryDeclaration, params: [String: JSONValue], kind: ConnectorKind, account: Account, store: Store,
    now: Date = Date()
  ) async throws -> JSONValue {
    guard let source = declaration.fromStore else {
      throw RPCError.invalidParams("\(declaration.name) is asked of the service, not of the store")
    }
    let range = source.range(now: now, params: params)
    var items = try await store.items(accountID: account.id, kinds: source.kinds, startingIn: range).map(\.item)
    let points = try await store.seriesPoints(accountID: account.id, kinds: source.kinds, in: range)
    if !source.undatedKinds.isEmpty {
      items += try await store.items(accountID: account.id, kinds: source.undatedKinds).map(\.item)
    }
    do throws(ActionRefusal) {
      return try kind.answerFromStore(
        declaration.name, params: params, items: items, points: points, options: account.options ?? [:], now: now)
    } catch {
      switch error {
      case .invalidParams(let detail): throw RPCError.invalidParams(detail)
      case .notAllowed(let detail): throw RPCError.actionNotAllowed(detail)
      case .refused(let reason): throw RPCError.actionNotAllowed(reason)
      case .invalid(let reason): throw RPCError.invalidParams(reason)
      }
    }
  }

  /// Each account's part of the bar, for the accounts whose connector declares a `barView`.
  /// One that cannot be computed is left out (and logged by the caller's error path): the
  /// bar never fails for it.
  static func barSummaries(store: Store, locale: ViewLocale = ViewLocale(), now: Date = Date()) async -> [String:
    Snapshot.ServiceSummary]
  {
    var summaries: [String: Snapshot.ServiceSummary] = [:]
    guard let accounts = try? await store.accounts() else { return [:] }
    for account in accounts {
      summaries[account.id] = await barSummary(account, store: store, locale: locale, now: now)
    }
    return summaries
  }

  /// One account's part of the bar, written for `locale`'s reader (the bar's language and
  /// zone); nil when its connector declares no `barView` or the view cannot be computed.
  static func barSummary(_ account: Account, store: Store, locale: ViewLocale = ViewLocale(), now: Date) async
    -> Snapshot.ServiceSummary?
  {
    guard let kind = ConnectorRegistry.kind(account.kind), let view = kind.descriptor.barView,
      let declaration = kind.queries.first(where: { $0.name == view }),
      let answer = try? await answer(
        declaration, params: locale.params, kind: kind, account: account, store: store, now: now),
      let text = answer["bar"]?.stringValue
    else { return nil }
    return Snapshot.ServiceSummary(
      text: text, block: answer["block"] ?? .null,
      validUntil: answer["validUntil"]?.stringValue.flatMap(UTCTimestamp.parse))
  }
}

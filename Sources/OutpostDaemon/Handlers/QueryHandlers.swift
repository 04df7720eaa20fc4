import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC

/// `queries.*`: the connectors' declared live questions (a catalogue, a day's free slots),
/// asked through the account's session and answered by the service, never by the store.
enum QueryHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    registry.register(QueriesKinds.self) { params, _ in
      if let service = params.service, ConnectorRegistry.kind(service) == nil {
        let known = ConnectorRegistry.descriptors.map(\.kind).joined(separator: ", ")
        throw RPCError.invalidParams("unknown service \"\(service)\"; known: \(known)")
      }
      return QueriesKinds.Result(
        queries: ConnectorRegistry.queries.filter { params.service == nil || $0.service == params.service })
    }
    registry.register(QueriesRun.self) { params, _ in
      try await run(params, services)
    }
  }

  static func run(_ params: QueriesRun.Params, _ services: DaemonServices) async throws -> QueriesRun.Result {
    guard let (kind, declaration) = ConnectorRegistry.query(params.query) else {
      let known = ConnectorRegistry.queries.map(\.name).joined(separator: ", ")
      throw RPCError.invalidParams("unknown query \"\(params.query)\"; known: \(known.isEmpty ? "none" : known)")
    }
    let checked: [String: JSONValue]
    do {
      checked = try declaration.validate(params.params)
    } catch {
      // What is wrong in the user's language when the check said it as a phrase.
      if case .invalid(let reason) = error { throw RPCError.invalidParams(reason) }
      throw RPCError.invalidParams(error.description)
    }
    let account = try await account(params.account, of: kind.descriptor, services)
    if declaration.fromStore != nil {
      // Answered from what was synced: the banner says when that is not current.
      return QueriesRun.Result(
        account: account.name,
        result: try await StoreViews.answer(
          declaration, params: checked, kind: kind, account: account, store: services.store),
        freshness: try await ItemHandlers.freshness(ItemsList.Params(account: account.name), services))
    }
    guard let sink = await services.accounts.session(for: account) as? any QuerySink else {
      throw RPCError.needsLogin(account.name, reason: Phrase("session.noSessionYet"))
    }
    do throws(SessionError) {
      let answer = try await sink.query(declaration.name, params: checked)
      return QueriesRun.Result(account: account.name, result: answer)
    } catch .connector(.notFound(let detail)) {
      // What the user named is not there (an expert's slug): their word to correct, not "an
      // answer Outpost does not understand … is the base URL right?".
      throw RPCError.invalidParams(detail)
    } catch {
      throw AccountService.failure(error, name: account.name)
    }
  }

  /// The named account, which must be of the query's service; without a name, the service's
  /// only account.
  static func account(_ name: String?, of descriptor: ConnectorDescriptor, _ services: DaemonServices)
    async throws -> Account
  {
    if let name {
      guard let account = try await services.store.account(named: name) else { throw RPCError.accountNotFound(name) }
      guard account.kind == descriptor.kind else {
        throw RPCError.invalidParams("\(name) is a \(account.kind) account, not a \(descriptor.displayName) one")
      }
      return account
    }
    let candidates = try await services.store.accounts().filter { $0.kind == descriptor.kind }
    switch candidates.count {
    case 1: return candidates[0]
    case 0:
      throw RPCError.invalidParams(
        "there is no \(descriptor.displayName) account; add one with `outpost account add \(descriptor.kind)`")
    default:
      let names = candidates.map(\.name).joined(separator: ", ")
      throw RPCError.invalidParams("there are several \(descriptor.displayName) accounts (\(names)): name one")
    }
  }
}

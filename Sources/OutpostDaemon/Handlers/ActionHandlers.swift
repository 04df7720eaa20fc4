import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import OutpostSync

/// `actions.*`: the offline action queue. An action is checked against the item as last synced,
/// recorded, and then performed by the sync engine (now, or when the service can be reached).
enum ActionHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    let store = services.store
    registry.register(ActionsKinds.self) { params, _ in
      let actions = ConnectorRegistry.actions.filter { params.service == nil || $0.service == params.service }
      if let service = params.service, ConnectorRegistry.kind(service) == nil {
        let known = ConnectorRegistry.descriptors.map(\.kind).joined(separator: ", ")
        throw RPCError.invalidParams("unknown service \"\(service)\"; known: \(known)")
      }
      return ActionsKinds.Result(actions: actions)
    }
    registry.register(ActionsPerform.self) { params, _ in
      try await queue(params.action, item: params.item, params: params.params, wait: params.wait, services)
    }
    registry.register(ActionsAdd.self) { params, _ in
      try await queue(params.type, item: params.item, params: params.params, wait: params.wait, services)
    }

    registry.register(ActionsList.self) { params, _ in
      var accountID: String?
      if let name = params.account {
        guard let account = try await store.account(named: name) else { throw RPCError.accountNotFound(name) }
        accountID = account.id
      }
      let states = params.states ?? [.pending, .running, .conflict]
      return ActionsList.Result(actions: try await store.actions(accountID: accountID, states: states))
    }

    registry.register(ActionsResolve.self) { params, _ in
      guard let action = try await store.action(number: params.number) else {
        throw RPCError.actionNotFound(params.number)
      }
      guard action.state == .conflict || (action.state == .pending && params.resolution == .discard) else {
        throw RPCError.actionNotAllowed("action #\(action.number) is \(action.state.rawValue), not a conflict")
      }
      let state: ActionState = params.resolution == .retry ? .pending : .discarded
      let updated = try await store.setActionState(number: action.number, state: state) ?? action
      services.logger.notice("action #\(action.number): \(params.resolution.rawValue) by the user")
      if params.resolution == .retry {
        let engine = services.sync
        Task { _ = await engine.sync(accountID: action.accountID) }
      }
      return ActionsResolve.Result(action: updated)
    }
  }

  /// Checks a declared action against its parameters and the item as last synced, records it,
  /// and has the engine perform it (now, or when the service can be reached).
  static func queue(_ name: String, item number: Int64, params: JSONValue?, wait: Bool?, _ services: DaemonServices)
    async throws -> ActionsAdd.Result
  {
    let store = services.store
    guard let (kind, declaration) = ConnectorRegistry.action(ActionType(name)) else {
      let known = ConnectorRegistry.actions.map(\.name.rawValue).joined(separator: ", ")
      throw RPCError.invalidParams("unknown action \"\(name)\"; known: \(known) (`outpost actions` describes them)")
    }
    guard let stored = try await store.item(number: number) else { throw RPCError.itemNotFound(number) }
    guard let account = try await store.accounts().first(where: { $0.id == stored.accountID }),
      account.kind == kind.descriptor.kind
    else {
      throw RPCError.actionNotAllowed(
        "\(name) is a \(kind.descriptor.displayName) action; #\(number) belongs to another service")
    }
    let prepared: PreparedAction
    do {
      prepared = try kind.prepare(declaration, on: stored.item, params: params, now: Date())
    } catch .invalidParams(let detail) {
      throw RPCError.invalidParams(detail)
    } catch .notAllowed(let detail) {
      throw RPCError.actionNotAllowed("#\(number): \(detail)")
    }
    if !declaration.offline, await services.sync.status(accountID: account.id)?.offline == true {
      throw RPCError.actionNotAllowed(
        "\(name) cannot wait in the queue and \(account.name) is offline: try again when it is back")
    }
    let type = declaration.name
    var action = try await store.enqueueAction(
      accountID: stored.accountID, type: type, itemNumber: stored.number, target: prepared.target,
      params: prepared.params)
    services.logger.notice("action #\(action.number) (\(type.rawValue)) queued for item #\(stored.number)")
    let engine = services.sync
    if wait == true {
      _ = await engine.sync(accountID: stored.accountID)
      action = try await store.action(number: action.number) ?? action
    } else {
      Task { _ = await engine.sync(accountID: stored.accountID) }
    }
    return ActionsAdd.Result(action: action)
  }
}

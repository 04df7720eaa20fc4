import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import OutpostSync

/// `actions.*`: the offline action queue. An action is checked against the item as last synced,
/// recorded, and then performed by the sync engine (now, or when the service can be reached;
/// an online-only one now or never, `OnlineOnlyActions`).
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
      try await queue(
        params.action, on: try target(item: params.item, account: params.account), params: params.params,
        wait: params.wait, services)
    }
    registry.register(ActionsAdd.self) { params, _ in
      try await queue(
        params.type, on: try target(item: params.item, account: params.account), params: params.params,
        wait: params.wait, services)
    }

    registry.register(ActionsList.self) { params, _ in
      var accountID: String?
      if let name = params.account {
        guard let account = try await store.account(named: name) else { throw RPCError.accountNotFound(name) }
        accountID = account.id
      }
      let states = params.states ?? [.pending, .running, .conflict, .failed]
      // An import's upload holds every row of the file: listed by size, not by content.
      let actions = try await store.actions(accountID: accountID, states: states).map { action in
        var shown = action
        let size = action.params.serialized.count
        if size > Self.listedParamsLimit { shown.params = ["omitted": .string("\(size) bytes")] }
        return shown
      }
      return ActionsList.Result(actions: actions)
    }

    registry.register(ActionsResolve.self) { params, _ in
      guard let action = try await store.action(number: params.number) else {
        throw RPCError.actionNotFound(params.number)
      }
      guard action.state.needsUser || (action.state == .pending && params.resolution == .discard) else {
        throw RPCError.actionNotAllowed(
          "action #\(action.number) is \(action.state.rawValue), not a conflict or a failure")
      }
      let state: ActionState = params.resolution == .retry ? .pending : .discarded
      // A retry after a conflict is made over the service's copy the user was shown, not
      // against the version the action was queued with (it would only conflict again).
      if params.resolution == .retry, action.state == .conflict, let serverState = action.serverState,
        let account = try await store.accounts().first(where: { $0.id == action.accountID }),
        let rebased = ConnectorRegistry.kind(account.kind)?.rebase(
          action.type, params: action.params, over: serverState)
      {
        try await store.setActionParams(number: action.number, params: rebased)
      }
      let updated = try await store.setActionState(number: action.number, state: state) ?? action
      services.logger.notice("action #\(action.number): \(params.resolution.rawValue) by the user")
      if params.resolution == .retry {
        let engine = services.sync
        Task { _ = await engine.syncQueued(accountID: action.accountID) }
      }
      return ActionsResolve.Result(action: updated)
    }
  }

  /// Parameters larger than this are not listed (`actions.list`).
  static let listedParamsLimit = 64 * 1024

  /// What an action is done to: an item the store has, or the account itself (a booking).
  enum Target {
    case item(Int64)
    case account(String)
  }

  static func target(item: Int64?, account: String?) throws -> Target {
    switch (item, account) {
    case (let number?, nil): .item(number)
    case (nil, let name?): .account(name)
    case (nil, nil): throw RPCError.invalidParams("name the item (item) or, for an action on an account, the account")
    case (_?, _?): throw RPCError.invalidParams("name the item or the account, not both")
    }
  }

  /// Checks a declared action against its parameters and the item as last synced (or, for an
  /// action on the account, the connector's preparation), records it, and has the engine
  /// perform it (now, or when the service can be reached).
  static func queue(_ name: String, on target: Target, params: JSONValue?, wait: Bool?, _ services: DaemonServices)
    async throws -> ActionsAdd.Result
  {
    let store = services.store
    guard let (kind, declaration) = ConnectorRegistry.action(ActionType(name)) else {
      let known = ConnectorRegistry.actions.map(\.name.rawValue).joined(separator: ", ")
      throw RPCError.invalidParams("unknown action \"\(name)\"; known: \(known) (`outpost actions` describes them)")
    }
    let account: Account
    let stored: StoredItem?
    switch target {
    case .item(let number):
      guard let item = try await store.item(number: number) else { throw RPCError.itemNotFound(number) }
      guard let owner = try await store.accounts().first(where: { $0.id == item.accountID }),
        owner.kind == kind.descriptor.kind
      else {
        throw RPCError.actionNotAllowed(
          Phrase("action.otherService", .text(name), .text(kind.descriptor.displayName), .text("#\(number)")))
      }
      (account, stored) = (owner, item)
    case .account(let accountName):
      guard let named = try await store.account(named: accountName) else {
        throw RPCError.accountNotFound(accountName)
      }
      guard named.kind == kind.descriptor.kind else {
        throw RPCError.actionNotAllowed(
          Phrase(
            "action.otherAccountKind", .text(name), .text(kind.descriptor.displayName), .text(accountName),
            .text(named.kind)))
      }
      (account, stored) = (named, nil)
    }
    let prepared: PreparedAction
    do {
      if let stored {
        prepared = try kind.prepare(declaration, on: stored.item, params: params, now: Date())
      } else {
        prepared = try kind.prepare(declaration, params: params, now: Date())
      }
    } catch .invalidParams(let detail) {
      throw RPCError.invalidParams(detail)
    } catch .notAllowed(let detail) {
      throw RPCError.actionNotAllowed(stored.map { "#\($0.number): \(detail)" } ?? detail)
    } catch .refused(let reason) {
      throw RPCError.actionNotAllowed(reason)
    } catch .invalid(let reason) {
      throw RPCError.invalidParams(reason)
    }
    let type = declaration.name
    var action = try await store.enqueueAction(
      accountID: account.id, type: type, itemNumber: stored?.number, target: prepared.target,
      params: prepared.params)
    let about = stored.map { "item #\($0.number)" } ?? "account \(account.name)"
    services.logger.notice("action #\(action.number) (\(type.rawValue)) queued for \(about)")
    let engine = services.sync
    if !declaration.offline {
      // Performed now or refused, whatever `wait` says (OnlineOnlyActions says why).
      return ActionsAdd.Result(
        action: try await OnlineOnlyActions.perform(action, account: account, services: services))
    }
    if wait == true {
      _ = await engine.syncQueued(accountID: account.id)
      action = try await store.action(number: action.number) ?? action
    } else {
      Task { _ = await engine.syncQueued(accountID: account.id) }
    }
    return ActionsAdd.Result(action: action)
  }
}

import Foundation
import OutpostModel
import OutpostRPC
import OutpostStore
import OutpostSync

/// `actions.*`: the offline action queue. An action is checked against the item as last synced,
/// recorded, and then performed by the sync engine (now, or when the service can be reached).
enum ActionHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    let store = services.store
    registry.register(ActionsAdd.self) { params, _ in
      guard let type = ActionType(rawValue: params.type) else {
        let known = ActionType.allCases.map(\.rawValue).joined(separator: ", ")
        throw RPCError.invalidParams("unknown action type \"\(params.type)\"; known: \(known)")
      }
      guard let stored = try await store.item(number: params.item) else { throw RPCError.itemNotFound(params.item) }
      let (target, actionParams) = try ActionRules.check(type, on: stored, params: params.params)
      var action = try await store.enqueueAction(
        accountID: stored.accountID, type: type, itemNumber: stored.number, target: target, params: actionParams)
      services.logger.notice("action #\(action.number) (\(type.rawValue)) queued for item #\(stored.number)")
      let engine = services.sync
      if params.wait == true {
        _ = await engine.sync(accountID: stored.accountID)
        action = try await store.action(number: action.number) ?? action
      } else {
        Task { _ = await engine.sync(accountID: stored.accountID) }
      }
      return ActionsAdd.Result(action: action)
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
}

/// What may be done to which item, checked before anything is queued.
enum ActionRules {
  static func check(_ type: ActionType, on stored: StoredItem, params: JSONValue?) throws(RPCError)
    -> (target: String, params: JSONValue)
  {
    let item = stored.item
    let upcoming = (item.startsAt ?? .distantFuture) > Date()
    switch type {
    case .exchangeTake:
      guard item.kind == .exchange else { throw .actionNotAllowed("#\(stored.number) is not an exchange-board entry") }
      guard item.status == .active else { throw .actionNotAllowed("entry #\(stored.number) is no longer open") }
      guard item.details["mine"] != .bool(true) else { throw .actionNotAllowed("entry #\(stored.number) is your own") }
      guard item.details["mayApply"] != .bool(false) else {
        throw .actionNotAllowed("the service does not let you apply for entry #\(stored.number) (level or rules)")
      }
      guard upcoming else { throw .actionNotAllowed("the game of #\(stored.number) has started") }
      return (item.upstreamID, [:])
    case .exchangeOffer:
      guard item.kind == .assignment else {
        throw .actionNotAllowed("#\(stored.number) is not one of your assignments")
      }
      guard item.status == .active, upcoming else {
        throw .actionNotAllowed("assignment #\(stored.number) is not an upcoming, active game")
      }
      guard item.details["onExchange"] != .bool(true) else {
        throw .actionNotAllowed("assignment #\(stored.number) is already on the exchange board")
      }
      return (item.upstreamID, [:])
    case .exchangeWithdraw:
      if item.kind == .assignment {
        guard item.details["onExchange"] == .bool(true) else {
          throw .actionNotAllowed("assignment #\(stored.number) is not on the exchange board")
        }
        return (item.upstreamID, [:])
      }
      guard item.kind == .exchange, item.details["mine"] == .bool(true),
        let convocation = item.details["convocationID"]?.stringValue
      else { throw .actionNotAllowed("#\(stored.number) is not an entry of yours on the board") }
      return (convocation, [:])
    case .compensationEdit:
      guard item.kind == .compensation, let id = item.details["compensationID"]?.stringValue else {
        throw .actionNotAllowed("#\(stored.number) is not a compensation")
      }
      guard item.details["editable"] != .bool(false) else {
        throw .actionNotAllowed("compensation #\(stored.number) is paid or locked by the association")
      }
      var values: [String: JSONValue] = [:]
      if let distance = params?["distanceKm"] {
        let kilometres: Double? =
          switch distance {
          case .int(let number): Double(number)
          case .double(let number): number
          default: nil
          }
        guard let kilometres, kilometres >= 0, kilometres <= 2000 else {
          throw .invalidParams("distanceKm must be a number from 0 to 2000")
        }
        values["distanceInMetres"] = .int(Int64((kilometres * 1000).rounded()))
      }
      if let reason = params?["reason"] {
        guard let text = reason.stringValue, text.count <= 500 else {
          throw .invalidParams("reason must be a text of at most 500 characters")
        }
        values["reason"] = .string(text)
      }
      guard !values.isEmpty else { throw .invalidParams("give distanceKm, reason or both") }
      return (id, .object(values))
    }
  }
}

import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// VolleyManager: each action first reads the service's state (its precondition and its guard
/// against doing twice what a crash interrupted), then posts the form.
extension WriteCases {
  static func volleyAdmin(_ world: WriteWorld, _ endpoint: String, _ body: JSONValue) async throws {
    let reply = try await TestHTTP.transport.send(
      HTTPRequest(
        method: "POST", url: world.server.baseURL + "/__sandbox/volleymanager/" + endpoint,
        headers: [("Content-Type", "application/json")], body: Array(body.serialized)))
    try #require(reply.status == 200, "\(reply.text)")
  }

  static func openEntry(_ world: WriteWorld) async throws -> ActionRequest {
    let now = world.now
    let item = try #require(
      try await world.items(.exchange).first {
        $0.status == .active && $0.details["mine"] != .bool(true) && $0.details["mayApply"] != .bool(false)
          && ($0.startsAt ?? .distantPast) > now
      })
    return WriteWorld.request(
      .exchangeTake, try VolleyManagerConnector.prepare(.exchangeTake, on: item, params: [:], now: now), item: item)
  }

  static func offerable(_ world: WriteWorld) async throws -> ActionRequest {
    let now = world.now
    let item = try #require(
      try await world.items(.assignment).first {
        $0.status == .active && $0.details["onExchange"] != .bool(true) && ($0.startsAt ?? .distantPast) > now
      })
    return WriteWorld.request(
      .exchangeOffer, try VolleyManagerConnector.prepare(.exchangeOffer, on: item, params: [:], now: now), item: item)
  }

  /// One's own assignment put on the board first, then its withdrawal.
  static func withdrawable(_ world: WriteWorld) async throws -> ActionRequest {
    let offer = try await offerable(world)
    guard case .done = try await world.perform(offer) else { throw WriteContractError("the offer was not made") }
    let item = try #require(try await world.item(.assignment, offer.target))
    return WriteWorld.request(
      .exchangeWithdraw, try VolleyManagerConnector.prepare(.exchangeWithdraw, on: item, params: [:], now: world.now),
      item: item)
  }

  static func editableCompensation(_ world: WriteWorld) async throws -> ActionRequest {
    let item = try #require(try await world.items(.compensation).first { $0.details["editable"] == .bool(true) })
    return WriteWorld.request(
      .compensationEdit,
      try VolleyManagerConnector.prepare(.compensationEdit, on: item, params: ["distanceKm": "42.5"], now: world.now),
      item: item)
  }

  static let onBoard: @Sendable (WriteWorld, ActionRequest) async throws -> JSONValue? = { world, request in
    try await world.item(.assignment, request.target)?.details["onExchange"]
  }

  static let notBuiltYet = "the sandbox has no hook yet to change it under the client"

  static var volleyManager: [WriteCase] {
    [
      WriteCase(
        connector: "volleymanager", action: .exchangeTake, world: WriteWorlds.volleyManager, request: openEntry,
        observe: { world, request in
          let entry = try await world.item(.exchange, request.target)
          return entry.map { ["status": .string($0.status.rawValue), "appliedBy": $0.details["appliedBy"] ?? .null] }
        },
        applied: { seen, _ in seen?["appliedBy"] != nil && seen?["appliedBy"] != .null },
        conflict: .check { world, request in
          try await volleyAdmin(world, "exchanges/take", ["__identity": .string(request.target)])
        },
        refusal: .notApplicable(
          "VolleyManager's only refusal of a take (400 \"No resource specified\") means the entry moved on:"
            + " a precondition conflict (volleymanager.md §2.2)")),
      WriteCase(
        connector: "volleymanager", action: .exchangeOffer, world: WriteWorlds.volleyManager, request: offerable,
        observe: onBoard, applied: { seen, _ in seen == .bool(true) },
        conflict: .check { world, request in
          let number = try #require(request.item?.details["gameNumber"]?.int64Value)
          try await volleyAdmin(world, "games/cancel", ["number": .int(number)])
        },
        refusal: .notApplicable("an offer sends only the convocation's id, which the service just listed")),
      WriteCase(
        connector: "volleymanager", action: .exchangeWithdraw, world: WriteWorlds.volleyManager,
        request: withdrawable, observe: onBoard, applied: { seen, _ in seen == .bool(false) },
        conflict: .notApplicable("off the board already is done: withdrawing has no other precondition"),
        refusal: .notApplicable("a withdrawal sends only the convocation's id, which the service just listed")),
      WriteCase(
        connector: "volleymanager", action: .compensationEdit, world: WriteWorlds.volleyManager,
        request: editableCompensation,
        observe: { world, request in
          try await world.items(.compensation).first { $0.details["compensationID"]?.stringValue == request.target }?
            .details["distanceInMetres"]
        },
        applied: { seen, request in seen != nil && seen == request.params["distanceInMetres"] },
        conflict: .notApplicable("paid meanwhile is the conflict; " + notBuiltYet + " (to pay a compensation)"),
        refusal: .notApplicable(
          "VolleyManager (Flow) answers a value it cannot map with a 500, which is the try-again class; the"
            + " client's bounds (0–2000 km) are the service's, so nothing it queues is refused")),
    ]
  }
}

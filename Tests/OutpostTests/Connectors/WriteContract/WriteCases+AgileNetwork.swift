import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The Agile Network's GraphQL mutations: follow, unfollow, cancel at period end, settings.
extension WriteCases {
  static func brand(_ world: WriteWorld) throws -> String { try AgileConnectorTests.preset(for: world.server).id }

  static func follows(_ world: WriteWorld, _ request: ActionRequest) async throws -> JSONValue? {
    let slug = request.params["expert"]?.stringValue ?? ""
    return .int(Int64(await world.server.agileNetwork.follows(brand: try brand(world)).count { $0 == slug }))
  }

  static func followRequest(_ world: WriteWorld, _ type: ActionType) async throws -> ActionRequest {
    let followed = await world.server.agileNetwork.follows(brand: try brand(world))
    let slug: String
    if type == .agileUnfollow {
      slug = try #require(followed.first)
    } else {
      let found = try await world.query("agile.experts", [:])
      guard case .array(let edges)? = found["edges"] else { throw WriteContractError("no experts") }
      slug = try #require(edges.compactMap { $0["node"]?["slug"]?.stringValue }.first { !followed.contains($0) })
    }
    return WriteWorld.request(
      type, try AgileNetworkConnector.prepare(type, params: ["expert": .string(slug)], now: world.now))
  }

  static func activeSubscription(_ world: WriteWorld) async throws -> ActionRequest {
    let item = try #require(
      try await world.items(.subscription).first {
        $0.details["status"]?.stringValue == "active" && $0.details["storeManaged"] == .bool(false)
      })
    return WriteWorld.request(
      .agileCancel, try AgileNetworkConnector.prepare(.agileCancel, on: item, params: [:], now: world.now), item: item)
  }

  static func settingsChange(_ world: WriteWorld) async throws -> ActionRequest {
    let settings = try await world.items(.notificationSettings).first
    let promotions = settings?.details["promotions"] != .bool(true)
    return WriteWorld.request(
      .agileNotifications,
      try AgileNetworkConnector.prepare(.agileNotifications, params: ["promotions": .bool(promotions)], now: world.now))
  }

  static var agileNetwork: [WriteCase] {
    [
      WriteCase(
        connector: "agilenetwork", action: .agileFollow, world: WriteWorlds.agileNetwork,
        request: { world in try await followRequest(world, .agileFollow) }, observe: follows,
        applied: { count, _ in count == .int(1) },
        conflict: .notApplicable(
          "following has no precondition (following twice is following); an expert the brand no longer knows is"
            + " a conflict, but the sandbox removes no expert"),
        refusal: .notApplicable(
          "the mutation takes only the id the brand itself just gave for the slug; nothing in it can be invalid")),
      WriteCase(
        connector: "agilenetwork", action: .agileUnfollow, world: WriteWorlds.agileNetwork,
        request: { world in try await followRequest(world, .agileUnfollow) }, observe: follows,
        applied: { count, _ in count == .int(0) },
        conflict: .notApplicable("unfollowing has no precondition (unfollowing twice is unfollowing)"),
        refusal: .notApplicable(
          "the mutation takes only the id the brand itself just gave for the slug; nothing in it can be invalid")),
      WriteCase(
        connector: "agilenetwork", action: .agileCancel, world: WriteWorlds.agileNetwork, request: activeSubscription,
        observe: { world, request in
          let subscription = await world.server.agileNetwork.subscriptions(brand: try brand(world)).first {
            $0.id == request.target
          }
          return subscription.map {
            ["status": .string($0.status), "canceledAt": $0.canceledAt.map { .int(Int64($0)) } ?? .null]
          }
        },
        applied: { seen, _ in seen?["status"] == "CANCELED_AT_PERIOD_END" },
        conflict: .check { world, request in
          let changed = await world.server.agileNetwork.setSubscriptionStatus(
            "EXPIRED", subscription: request.target, brand: try brand(world))
          try #require(changed)
        },
        refusal: .notApplicable(
          "a cancel takes only the subscription's id; what the brand refuses of it (MANAGED_BY_STORE,"
            + " SUBSCRIPTION_NOT_ACTIVE, NOT_FOUND) is a precondition conflict (agile-network.md §5)")),
      WriteCase(
        connector: "agilenetwork", action: .agileNotifications, world: WriteWorlds.agileNetwork,
        request: settingsChange,
        observe: { world, _ in try await world.items(.notificationSettings).first?.details["promotions"] },
        applied: { promotions, request in promotions != nil && promotions == request.params["input"]?["promotions"] },
        conflict: .notApplicable("settings are written whole, last writer wins: there is no precondition to break"),
        refusal: .check { world in
          var request = try await settingsChange(world)
          request.params = ["input": ["promotions": "loudly"]]
          return WriteCase.Refusal(request: request, reason: "promotions")
        }),
    ]
  }
}

import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// An expert's profile (issue 53, agile-network.md §6) against the sandbox's gateway: the bio,
/// the stats, the library with its locked items and how to unlock them (the offer's checkout
/// page, where the purchase happens), and an unknown slug said as such.
extension AgileConnectorTests {
  @Test func anExpertsProfileHasBioStatsAndALibraryWithLockedItemsToUnlock() async throws {
    try await withWorld { world in
      let session = try await world.session()
      let found = try await world.connector.query("agile.experts", params: [:], session: session)
      guard case .array(let edges)? = found["edges"] else {
        Issue.record("no experts in \(found)")
        return
      }
      // One who sells a subscription the fan does not have: premium items are locked for them.
      var profile: JSONValue?
      for edge in edges {
        guard let slug = edge["node"]?["slug"]?.stringValue, edge["node"]?["offer"] != .null else { continue }
        let answer = try await world.connector.query(
          "agile.expert", params: ["slug": .string(slug), "first": 20], session: session)
        if answer["subscribed"] == .bool(false), answer["stats"]?["locked"]?.int64Value ?? 0 > 0 {
          profile = answer
          break
        }
      }
      let expert = try #require(profile, "no expert with locked items among \(edges.count)")
      let slug = try #require(expert["slug"]?.stringValue)
      #expect(expert["bio"]?.stringValue?.isEmpty == false)
      #expect(expert["stats"]?["subscribers"]?.int64Value ?? 0 > 0)
      guard case .array(let library)? = expert["library"] else {
        Issue.record("no library in \(expert)")
        return
      }
      let videos = library.count { $0["type"] == "VIDEO" }
      #expect(expert["stats"]?["videos"] == .int(Int64(videos)))
      #expect(expert["stats"]?["articles"] == .int(Int64(library.count - videos)))
      let checkout = try #require(expert["offer"]?["checkoutUrl"]?.stringValue)
      #expect(expert["subscribeUrl"] == .string(checkout))
      let locked = library.filter { $0["locked"] == .bool(true) }
      #expect(!locked.isEmpty && locked.allSatisfy { $0["unlockUrl"] == .string(checkout) })
      #expect(locked.allSatisfy { $0["isPremium"] == .bool(true) })
      #expect(library.filter { $0["locked"] == .bool(false) }.allSatisfy { $0["unlockUrl"] == nil })
      #expect(checkout.hasSuffix("/checkout/\(slug)"))

      await #expect(throws: ConnectorError.self) {
        _ = try await world.connector.query("agile.expert", params: ["slug": "no-such-expert"], session: session)
      }
    }
  }

  /// A subgraph down makes its part of the page unknown, never "none" (agile-network.md §4): a
  /// fresh-eyes tester with the subscriptions subgraph down was offered the subscription they
  /// have, and with offers down was told the expert sells none. The live page is asked again
  /// later instead.
  @Test(arguments: [AgileSubgraph.subscriptions, .offers])
  func aPartTheBrandCannotGiveIsNotReadAsNone(down: AgileSubgraph) async throws {
    try await withWorld { world in
      let session = try await world.session()
      let found = try await world.connector.query("agile.experts", params: [:], session: session)
      guard case .array(let edges)? = found["edges"],
        let slug = edges.lazy.compactMap({ $0["node"]?["slug"]?.stringValue }).first
      else {
        Issue.record("no experts in \(found)")
        return
      }
      await world.sandbox.setFault(subgraph: down, down: true)
      let error = await #expect(throws: ConnectorError.self) {
        _ = try await world.connector.query("agile.expert", params: ["slug": .string(slug)], session: session)
      }
      guard case .transient? = error else {
        Issue.record("expected a passing failure, got \(String(describing: error))")
        return
      }
      await world.sandbox.setFault(subgraph: down, down: false)
      let profile = try await world.connector.query("agile.expert", params: ["slug": .string(slug)], session: session)
      #expect(profile["slug"] == .string(slug))
    }
  }
}

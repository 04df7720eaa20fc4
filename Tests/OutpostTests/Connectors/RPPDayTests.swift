import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// A day of an estate agent's shoots on the sandbox's clock, synced every 15 minutes through
/// failures: 10-second ID tokens, one request in twenty failing, photographers moving through
/// their shoots and writing, the agent answering. At the end the synced copy is the service's
/// ground truth, every message sent once, and each expiry cost one refresh.
@Suite(.serialized) struct RPPDayTests {
  typealias World = RPPSessionTests.World

  /// Retries what the engine would retry (a temporary failure) until it goes through.
  func retrying<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    for attempt in 1... {
      do {
        return try await body()
      } catch let error as SessionError {
        guard case .connector(let failure) = error, failure.isTemporary, attempt < 20 else { throw error }
      }
    }
    fatalError("unreachable")
  }

  @Test func aDayOfShootsAndMessagesThroughFailuresEndsAsTheServiceHoldsIt() async throws {
    try await RPPSessionTests().withWorld(tokenLifetime: 10) { world in
      let keeper = world.keeper(SessionKeeperTests.MemoryVault())
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      // OUTPOST_RPP_DAY_LATENCY_MS=300 runs the full day (a few minutes); the suite
      // runs it without latency.
      let latency = ProcessInfo.processInfo.environment["OUTPOST_RPP_DAY_LATENCY_MS"].flatMap(Int64.init) ?? 0
      let faults: JSONValue = ["service": "rpp", "errorRate": .double(0.05), "latencyMilliseconds": .int(latency)]
      let reply = try await TestHTTP.transport.send(
        HTTPRequest(
          method: "POST", url: world.server.baseURL + "/__admin/faults",
          headers: [("Content-Type", "application/json")], body: Array(faults.serialized)))
      #expect(reply.status == 200, "\(reply.text)")

      var local: [String: Item] = [:]
      var firstStatuses: [String: String] = [:]
      var cursor: SyncCursor?
      var sent = 0
      let refreshesBefore = await world.server.rpp.counters().refreshes
      let steps = 96
      for step in 0..<steps {
        await world.advance(seconds: 900)
        let fetched = try await retrying {
          try await keeper.fetch(window: SyncWindow.around(world.now), cursor: cursor)
        }
        cursor = fetched.cursor
        for item in fetched.items { local["\(item.kind.rawValue)/\(item.upstreamID)"] = item }
        if step == 0 {
          for item in fetched.items where item.kind == .order {
            firstStatuses[item.upstreamID] = item.details["status"]?.stringValue
          }
        }
        // Every two hours the agent answers the conversation that last spoke.
        if step % 8 == 7,
          let conversation = local.values.filter({ $0.kind == .conversation }).max(by: {
            ($0.details["updatedAt"]?.stringValue ?? "") < ($1.details["updatedAt"]?.stringValue ?? "")
          })
        {
          let prepared = try RPPConnector.prepare(
            .rppSend, on: conversation, params: ["text": .string("Thanks! (\(step))")], now: world.now)
          let request = ActionRequest(
            type: .rppSend, target: prepared.target, params: prepared.params, item: conversation)
          _ = try await retrying { try await keeper.perform(request) }
          sent += 1
        }
      }
      // One quiet sync at the end, past the feed's margin, to see the last changes.
      await world.advance(seconds: 60)
      let last = try await retrying { try await keeper.fetch(window: SyncWindow.around(world.now), cursor: cursor) }
      for item in last.items { local["\(item.kind.rawValue)/\(item.upstreamID)"] = item }

      let truth = try await world.state()
      let injected = truth["faults"]?["injected"]?["unavailable"]?.int64Value ?? 0
      #expect(injected > 10, "only \(injected) failures were injected")
      let orders = RPPSessionTests.array(truth["orders"]).filter { $0["customer"] == .string(RPPSeed.agent) }
      let conversations = RPPSessionTests.array(truth["conversations"]).filter {
        $0["customer"] == .string(RPPSeed.agent)
      }
      #expect(orders.count == local.values.count { $0.kind == .order })
      for order in orders {
        let id = order["id"]?.stringValue ?? ""
        let mine = local["order/\(id)"]
        #expect(mine?.details["version"] == order["version"], "order \(id)")
        #expect(mine?.details["status"] == order["status"], "order \(id)")
      }
      let messages = conversations.flatMap { RPPSessionTests.array($0["messages"]) }
      #expect(
        Set(messages.compactMap { $0["id"]?.stringValue })
          == Set(local.values.filter { $0.kind == .message }.map(\.upstreamID)))
      for conversation in conversations {
        let id = conversation["id"]?.stringValue ?? ""
        #expect(
          local["conversation/\(id)"]?.details["unreadCount"] == conversation["unreadCount"], "conversation \(id)")
      }
      // The day moved shoots along (assigned, on the way, done, delivered), and the copy followed.
      #expect(
        orders.contains { order in
          let id = order["id"]?.stringValue ?? ""
          return firstStatuses[id] != nil && firstStatuses[id] != order["status"]?.stringValue
        }, "no shoot moved on during the day")
      // Each answer arrived once, however often its sending was retried.
      let answers = local.values.filter {
        $0.kind == .message && ($0.details["body"]?.stringValue ?? "").hasPrefix("Thanks! (")
      }
      #expect(answers.count == sent && sent == steps / 8)
      // Each step (and the quiet minute at the end) crossed one expiry: one refresh each.
      let refreshes = await world.server.rpp.counters().refreshes - refreshesBefore
      #expect(refreshes == steps + 1, "\(refreshes) refreshes over \(steps + 1) expiries")
    }
  }
}

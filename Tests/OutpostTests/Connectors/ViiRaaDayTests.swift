import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// A day and a bit of a coached person's data on the sandbox's clock, synced every 15 minutes
/// through failures: 10-second access tokens, one request in twenty failing, a new sensor
/// reading every 5 minutes, readings deleted upstream, values typed in. At the end the synced
/// copy is the service's ground truth, each typed-in value is there once, the daily whole
/// listing removed nothing it should not, and each expiry cost one refresh.
@Suite(.serialized) struct ViiRaaDayTests {
  /// Retries what the engine would retry (a temporary failure) until it goes through.
  func retrying<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    for attempt in 1... {
      do {
        return try await body()
      } catch let error as SessionError {
        guard case .connector(let failure) = error, failure.isTemporary, attempt < 30 else { throw error }
      }
    }
    fatalError("unreachable")
  }

  func admin(_ server: SandboxServer, _ method: String, _ path: String, _ body: JSONValue? = nil) async throws
    -> JSONValue
  {
    let reply = try await TestHTTP.transport.send(
      HTTPRequest(
        method: method, url: server.baseURL + path, headers: [("Content-Type", "application/json")],
        body: body.map { Array($0.serialized) } ?? []))
    #expect(reply.status == 200, "\(reply.text)")
    return try JSONParser.parse(reply.body)
  }

  func refreshes(_ server: SandboxServer) async throws -> Int64 {
    try await admin(server, "GET", "/__admin/state?service=viiraa")["counters"]?["refreshes"]?.int64Value ?? -1
  }

  @Test func aDayOfReadingsThroughFailuresEndsAsTheServiceHoldsIt() async throws {
    var configuration = SandboxConfiguration(referenceDate: ViiRaaConnectorTests.reference, services: [.viiraa])
    configuration.manualClock = true
    configuration.viiraa.historyDays = 2
    configuration.viiraa.accessTokenLifetimeSeconds = 10
    let server = try await SandboxServer.start(configuration)
    let viiraa = server.viiraa
    let account = ConnectorAccount(
      id: "v-day", username: ViiRaaDemo.libreEmail, baseURL: server.url(for: .viiraa),
      options: ["apiKey": SandboxViiRaaConfiguration.defaultAPIKey])
    let keeper = SessionKeeper(
      connector: ViiRaaConnector(account: account, transport: TestHTTP.transport) { viiraa.currentDate() },
      account: account, vault: SessionKeeperTests.MemoryVault()
    ) { _ in }
    do {
      _ = try await keeper.adopt(SecretString(ViiRaaDemo.password), label: "ViiRaa")
      _ = try await admin(server, "POST", "/__admin/faults", ["service": "viiraa", "errorRate": .double(0.05)])

      // The store as the engine keeps it: upserts, named removals, complete kinds replaced.
      // Readings are series points, kept beside the items the same way.
      var local: [ItemKey: Item] = [:]
      var points: [String: SeriesPoint] = [:]
      func apply(_ result: FetchResult) {
        for kind in result.complete {
          let listed = Set(result.items.filter { $0.kind == kind }.map(\.upstreamID))
          for key in local.keys where key.kind == kind && !listed.contains(key.upstreamID) { local[key] = nil }
          let listedPoints = Set(result.points.filter { $0.kind == kind }.map(\.key))
          for point in points.values where point.kind == kind && !listedPoints.contains(point.key) {
            points[point.key] = nil
          }
        }
        for item in result.items { local[ItemKey(item.kind, item.upstreamID)] = item }
        for point in result.points { points[point.key] = point }
        for key in result.removed {
          local[key] = nil
          if key.kind == .glucoseReading { points[key.upstreamID] = nil }
        }
      }
      var cursor: SyncCursor?
      var typed: [String] = []
      var deleted = 0
      let before = try await refreshes(server)
      let steps = 100
      for step in 0..<steps {
        await server.advanceClock(seconds: 900)
        let fetched = try await retrying {
          try await keeper.fetch(window: SyncWindow.around(viiraa.currentDate()), cursor: cursor)
        }
        cursor = fetched.cursor
        apply(fetched)
        if step % 16 == 5 {
          // A value typed in, sent (and retried) until it goes through.
          let prepared = try ViiRaaConnector.prepare(
            .viiraaLogGlucose, params: ["value": .string("\(100 + step)")], now: viiraa.currentDate())
          let request = ActionRequest(
            type: .viiraaLogGlucose, target: prepared.target, params: prepared.params, item: nil)
          _ = try await retrying { try await keeper.perform(request) }
          typed.append(prepared.params["row"]?["dedup_key"]?.stringValue ?? "")
        }
        if step % 24 == 11, await viiraa.softDeleteReading(email: ViiRaaDemo.libreEmail) != nil { deleted += 1 }
      }
      // One quiet sync past the overlap, to see the last changes.
      await server.advanceClock(seconds: 61)
      let last = try await retrying {
        try await keeper.fetch(window: SyncWindow.around(viiraa.currentDate()), cursor: cursor)
      }
      apply(last)

      let faults = try await admin(server, "GET", "/__admin/faults?service=viiraa")
      let injected = faults["injected"]?["unavailable"]?.int64Value ?? 0
      #expect(injected > 10, "only \(injected) failures were injected")
      let truth = await viiraa.liveKeys(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      let mine = Set(points.values.filter { $0.kind == .glucoseReading }.map(\.key))
      #expect(!local.keys.contains { $0.kind == .glucoseReading })
      #expect(mine == truth, "missing \(truth.subtracting(mine).count), extra \(mine.subtracting(truth).count)")
      #expect(truth.count > 2 * 288, "\(truth.count) readings")
      #expect(deleted >= 4)
      #expect(typed.allSatisfy { mine.contains($0) } && typed.count == 6)
      let weights = await viiraa.liveKeys(email: ViiRaaDemo.libreEmail, table: "weight_readings")
      #expect(Set(local.keys.filter { $0.kind == .weightReading }.map(\.upstreamID)) == weights)
      #expect(local.keys.contains { $0.kind == .coachingReminder })
      // The daily whole listing ran (the day passed 24 h) and kept the cursor going.
      #expect(cursor?.values["reconciledAt"] != nil)
      // Each step (and the quiet minute at the end) crossed one expiry: one refresh each.
      let used = try await refreshes(server) - before
      #expect(used == Int64(steps + 1), "\(used) refreshes over \(steps + 1) expiries")
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }
}

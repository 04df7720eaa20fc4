import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// RPP's actions against the sandbox: a booking retried with its stored key books once, a slot
/// taken meanwhile is a conflict with the nearest free ones, and changes queued before a
/// deadline passed become conflicts (never a silent retry, never a fee the user did not see).
@Suite(.serialized) struct RPPActionTests {
  typealias World = RPPSessionTests.World

  func withKeeper(_ body: (World, SessionKeeper<RPPConnector>, FetchResult) async throws -> Void) async throws {
    try await RPPSessionTests().withWorld { world in
      let keeper = world.keeper(SessionKeeperTests.MemoryVault())
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      let synced = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: nil)
      try await body(world, keeper, synced)
    }
  }

  /// The first free slot of the first service from the third day on, as the CLI would offer it.
  func freeSlot(_ keeper: SessionKeeper<RPPConnector>, world: World, skip: Int = 0) async throws -> (
    service: String, start: String
  ) {
    let services = try await keeper.query("rpp.services", params: [:])
    let service = try #require(RPPSessionTests.array(services["items"]).first?["id"]?.stringValue)
    let day = String(UTCTimestamp.format(world.now.addingTimeInterval(3 * 86_400)).prefix(10))
    let availability = try await keeper.query(
      "rpp.availability", params: ["service": .string(service), "date": .string(day), "days": 3])
    let free = RPPSessionTests.array(availability["days"]).flatMap { RPPSessionTests.array($0["slots"]) }
      .filter { $0["available"] == .bool(true) }.compactMap { $0["start"]?.stringValue }
    #expect(free.count > skip, "no free slot in \(availability)")
    return (service, free[skip])
  }

  func book(_ service: String, _ start: String, now: Date) throws -> ActionRequest {
    let prepared = try RPPConnector.prepare(
      .rppBook,
      params: [
        "service": .string(service), "slot": .string(start),
        "address": "12 Ocean Ave, San Francisco, CA 94112, US",
      ], now: now)
    return ActionRequest(type: .rppBook, target: prepared.target, params: prepared.params, item: nil)
  }

  func bookings(_ world: World) async throws -> Int {
    guard case .object(let byKey)? = try await world.state()["bookingsByIdempotencyKey"] else { return 0 }
    return byKey.count
  }

  func agentOrders(_ world: World) async throws -> [JSONValue] {
    RPPSessionTests.array(try await world.state()["orders"]).filter { $0["customer"] == .string(RPPSeed.agent) }
  }

  @Test func aBookingSentTwiceWithItsKeyBooksOnce() async throws {
    try await withKeeper { world, keeper, _ in
      let (service, start) = try await freeSlot(keeper, world: world)
      let ordersBefore = try await agentOrders(world).count
      let request = try book(service, start, now: world.now)
      guard case .done(let first?) = try await keeper.perform(request) else {
        Issue.record("the booking was not done")
        return
      }
      let number = try #require(first["orderNumber"]?.stringValue)
      #expect(number.wholeMatch(of: /RPP-[0-9A-HJ-NP-Z]{6}/) != nil)
      // The daemon died before it recorded the answer: the queue sends the same request again.
      guard case .done(let second?) = try await keeper.perform(request) else {
        Issue.record("the retried booking was not answered")
        return
      }
      #expect(second["orderNumber"]?.stringValue == number)
      #expect(try await agentOrders(world).count == ordersBefore + 1)
      #expect(try await bookings(world) == 1)
      #expect(await world.server.rpp.counters().idempotentReplays == 1)
    }
  }

  @Test func aSlotTakenMeanwhileIsAConflictNamingTheNearestFreeOnes() async throws {
    try await withKeeper { world, keeper, _ in
      let (service, start) = try await freeSlot(keeper, world: world)
      try await world.mutate(["op": "take-slot", "partnerId": .string(RPPSeed.sunset), "start": .string(start)])
      guard case .conflict(let reason, _) = try await keeper.perform(try book(service, start, now: world.now)) else {
        Issue.record("a taken slot was booked")
        return
      }
      #expect(reason.english.contains("no longer available") && reason.english.contains("free nearby"), "\(reason)")
      #expect(try await bookings(world) == 0)
    }
  }

  /// An upcoming order that may still be changed for free, as last synced.
  func changeable(_ synced: FetchResult, now: Date) throws -> Item {
    try #require(
      synced.items.first { item in
        guard item.kind == .order, item.details["status"] == "scheduled",
          let until = item.details["allowedActions"]?["cancel"]?["freeUntil"]?.stringValue.flatMap(UTCTimestamp.parse),
          item.details["allowedActions"]?["reschedule"]?["allowed"] == .bool(true)
        else { return false }
        return until > now.addingTimeInterval(3600)
      }, "no order that may still be changed for free")
  }

  @Test func aRescheduleQueuedBeforeTheDeadlineAndSentAfterItIsAConflict() async throws {
    try await withKeeper { world, keeper, synced in
      let order = try changeable(synced, now: world.now)
      let (_, slot) = try await freeSlot(keeper, world: world)
      let prepared = try RPPConnector.prepare(
        .rppReschedule, on: order, params: ["slot": .string(slot)], now: world.now)
      let until = try #require(
        order.details["allowedActions"]?["reschedule"]?["until"]?.stringValue.flatMap(UTCTimestamp.parse))
      // Offline past the partner's deadline; then the queue sends it.
      await world.advance(seconds: until.timeIntervalSince(world.now) + 60)
      let versionBefore = try await agentOrders(world).first { $0["id"] == .string(order.upstreamID) }?["version"]
      let outcome = try await keeper.perform(
        ActionRequest(type: .rppReschedule, target: prepared.target, params: prepared.params, item: order))
      guard case .conflict(let reason, let current) = outcome else {
        Issue.record("a reschedule past the deadline was not a conflict: \(outcome)")
        return
      }
      #expect(reason.english.contains("deadline"), "\(reason)")
      #expect(current?["id"] == .string(order.upstreamID))
      #expect(try await agentOrders(world).first { $0["id"] == .string(order.upstreamID) }?["version"] == versionBefore)
    }
  }

  @Test func aFreeCancelSentAfterTheFreePeriodIsAConflictNotAFee() async throws {
    try await withKeeper { world, keeper, synced in
      let order = try changeable(synced, now: world.now)
      let prepared = try RPPConnector.prepare(.rppCancel, on: order, params: [:], now: world.now)
      #expect(prepared.params["acceptFee"] == nil)
      let freeUntil = try #require(
        order.details["allowedActions"]?["cancel"]?["freeUntil"]?.stringValue.flatMap(UTCTimestamp.parse))
      await world.advance(seconds: freeUntil.timeIntervalSince(world.now) + 60)
      let request = ActionRequest(type: .rppCancel, target: prepared.target, params: prepared.params, item: order)
      guard case .conflict(let reason, _) = try await keeper.perform(request) else {
        Issue.record("a cancel past the free period was not a conflict")
        return
      }
      #expect(reason.english.contains("late fee") && reason.english.contains("not accepted"), "\(reason)")
      #expect(try await agentOrders(world).first { $0["id"] == .string(order.upstreamID) }?["status"] == "scheduled")
    }
  }

  @Test func aCancelSentAgainAfterACrashIsAlreadyDoneAndAStaleOneIsAConflict() async throws {
    try await withKeeper { world, keeper, synced in
      let order = try changeable(synced, now: world.now)
      let prepared = try RPPConnector.prepare(
        .rppCancel, on: order, params: ["reason": "Listing withdrawn"], now: world.now)
      let request = ActionRequest(type: .rppCancel, target: prepared.target, params: prepared.params, item: order)
      guard case .done = try await keeper.perform(request) else {
        Issue.record("the cancel was not done")
        return
      }
      // Sent again after a crash: the service replays its answer; a second cancel queued by
      // hand (its own key, the old version) finds the order cancelled. Both are already done.
      #expect(try await keeper.perform(request) == .alreadyDone)
      let again = try RPPConnector.prepare(.rppCancel, on: order, params: [:], now: world.now)
      #expect(
        try await keeper.perform(
          ActionRequest(type: .rppCancel, target: again.target, params: again.params, item: order))
          == .alreadyDone)
      #expect(try await agentOrders(world).first { $0["id"] == .string(order.upstreamID) }?["status"] == "cancelled")

      // Another order changed at RPP since the sync: a reschedule from the stale copy conflicts.
      let other = try #require(
        synced.items.first {
          $0.kind == .order && $0.upstreamID != order.upstreamID && $0.details["status"] == "scheduled"
            && $0.details["allowedActions"]?["reschedule"]?["allowed"] == .bool(true)
        })
      try await world.mutate(["op": "touch-order", "orderId": .string(other.upstreamID)])
      let (_, slot) = try await freeSlot(keeper, world: world)
      let stale = try RPPConnector.prepare(.rppReschedule, on: other, params: ["slot": .string(slot)], now: world.now)
      let outcome = try await keeper.perform(
        ActionRequest(type: .rppReschedule, target: stale.target, params: stale.params, item: other))
      guard case .conflict(let reason, let current) = outcome else {
        Issue.record("a stale reschedule was not a conflict: \(outcome)")
        return
      }
      #expect(reason.english.contains("changed at RPP"), "\(reason)")
      #expect(current?["version"]?.int64Value ?? 0 > other.details["version"]?.int64Value ?? 0)
    }
  }

  @Test func aMessageSentTwiceWithItsKeyArrivesOnce() async throws {
    try await withKeeper { world, keeper, synced in
      let conversation = try #require(synced.items.first { $0.kind == .conversation })
      let prepared = try RPPConnector.prepare(
        .rppSend, on: conversation, params: ["text": "Please include the backyard."], now: world.now)
      let request = ActionRequest(type: .rppSend, target: prepared.target, params: prepared.params, item: conversation)
      _ = try await keeper.perform(request)
      _ = try await keeper.perform(request)
      let next = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: synced.cursor)
      // By index, not `filter`: in this one test, under the parallel suites, `filter` over the
      // items returned the element before the one its closure accepted (seen with Swift 6.3.1;
      // `map` over the same array agreed with the index). Not understood; noted for hardening.
      let mine = next.items.indices.filter { index in
        next.items[index].kind == ItemKind.message
          && next.items[index].details["body"]?.stringValue == "Please include the backyard."
      }.map { next.items[$0] }
      #expect(mine.count == 1 && mine.first?.details["fromMe"] == .bool(true), "\(mine) of \(next.items)")
      #expect(await world.server.rpp.counters().idempotentReplays == 1)
    }
  }
}

import Foundation
import Logging
import OutpostModel
import OutpostRPC
import OutpostSandbox
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// An online-only action (RPP's booking, `offline: false`) through the daemon's action path,
/// against the RPP sandbox: online it is booked at once; offline it is refused as offline and
/// nothing waits in the queue, so that the network coming back books nothing. Issue 47 §4: the
/// booking used to be queued and made later, against a slot that may have gone meanwhile.
@Suite(.serialized) struct OnlineOnlyActionTests {
  static let accountID = "00000000-0000-4000-8000-0000000000d1"

  /// The daemon's services over an in-memory store, with the agent's RPP account registered
  /// for sync through `network`, synced once.
  func withAgent(
    _ body: (RPPSessionTests.World, DaemonServices, NetworkSwitch, SessionKeeper<RPPConnector>) async throws -> Void
  ) async throws {
    try await RPPSessionTests().withWorld { world in
      let network = NetworkSwitch()
      let account = world.account()
      let keeper = SessionKeeper(
        connector: RPPConnector(account: account, transport: network, now: { world.now }), account: account,
        vault: SessionKeeperTests.MemoryVault()
      ) { _ in }
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      let store = try Store.inMemory()
      try await store.addAccount(
        Account(
          id: Self.accountID, name: "work", kind: "rpp", username: RPPSeed.agent, baseURL: account.baseURL,
          state: .ok, stateChangedAt: world.now, createdAt: world.now))
      let logger = Logger(label: "test")
      let services = DaemonServices(
        paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
        events: try await EventHub(store: store, retained: 10, logger: logger), logger: logger,
        transport: TestHTTP.transport, calendarFiles: false, calendarVdir: false)
      await services.sync.register(accountID: Self.accountID, name: "work", source: keeper, actions: keeper)
      let first = await services.sync.sync(accountID: Self.accountID)
      #expect(first?.outcome == .synced)
      try await body(world, services, network, keeper)
    }
  }

  func book(_ slot: (service: String, start: String), wait: Bool?, _ services: DaemonServices) async throws
    -> QueuedAction
  {
    let params: JSONValue = [
      "service": .string(slot.service), "slot": .string(slot.start),
      "address": "12 Ocean Ave, San Francisco, CA 94112, US",
    ]
    return try await ActionHandlers.queue("rpp.book", on: .account("work"), params: params, wait: wait, services)
      .action
  }

  @Test func anOfflineBookingIsRefusedAsOfflineAndNeverMadeLater() async throws {
    try await withAgent { world, services, network, keeper in
      let slot = try await RPPActionTests().freeSlot(keeper, world: world)
      let before = try await RPPActionTests().agentOrders(world).count

      network.set(online: false)
      for wait in [true, false] {
        do {
          let action = try await book(slot, wait: wait, services)
          Issue.record("an offline booking was \(action.state.rawValue), not refused: \(action.problem ?? "")")
        } catch let error as RPCError {
          #expect(error.code == RPCError.upstreamUnavailableCode, "\(error.message)")
          #expect(error.data?["reason"] == "online-only", "\(error.message)")
          #expect(error.data?["account"] == "work")
        }
      }
      // Nothing waits: the queue holds no booking to send when the network is back.
      #expect(try await services.store.actions(states: [.pending, .running]).isEmpty)
      let discarded = try await services.store.actions(states: [.discarded])
      #expect(discarded.count == 2 && discarded.allSatisfy { $0.problem?.contains("online only") == true })

      network.set(online: true)
      let again = await services.sync.sync(accountID: Self.accountID)
      #expect(again?.outcome == .synced)
      #expect(try await RPPActionTests().agentOrders(world).count == before, "the network coming back booked")

      // Online, the same booking is made at once and says its confirmation number.
      let done = try await book(slot, wait: false, services)
      #expect(done.state == .done, "\(done.problem ?? "")")
      #expect(done.serverState?["orderNumber"]?.stringValue?.hasPrefix("RPP-") == true)
      #expect(try await RPPActionTests().agentOrders(world).count == before + 1)
    }
  }

  @Test func aBookingNeverSentBeforeTheDaemonStoppedIsSetAsideNotSentLate() async throws {
    let store = try Store.inMemory()
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    try await store.addAccount(
      Account(
        id: Self.accountID, name: "work", kind: "rpp", username: RPPSeed.agent, baseURL: "https://rpp.example",
        state: .ok, stateChangedAt: at, createdAt: at))
    let booking = try await store.enqueueAction(
      accountID: Self.accountID, type: .rppBook, itemNumber: nil, target: "new", params: ["idempotencyKey": "k"])
    let sending = try await store.enqueueAction(
      accountID: Self.accountID, type: .rppBook, itemNumber: nil, target: "new", params: ["idempotencyKey": "l"])
    try await store.setActionState(number: sending.number, state: .running)
    let message = try await store.enqueueAction(
      accountID: Self.accountID, type: .rppSend, itemNumber: nil, target: "cnv_1", params: ["text": "hi"])

    try await OnlineOnlyActions.setAsideLeftovers(store: store, logger: Logger(label: "test"))

    #expect(try await store.action(number: booking.number)?.state == .discarded)
    // One cut while being sent may have arrived: the replay asks again with its key.
    #expect(try await store.action(number: sending.number)?.state == .running)
    // A message may wait offline: it stays queued.
    #expect(try await store.action(number: message.number)?.state == .pending)
  }
}

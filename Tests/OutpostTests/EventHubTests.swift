import Logging
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon

@Suite struct EventHubTests {
  func hub(retained: Int = 5) async throws -> EventHub {
    try await EventHub(store: Store.inMemory(), retained: retained, logger: Logger(label: "test"))
  }

  func publish(_ hub: EventHub, _ count: Int, type: String = "test.didHappen") async throws {
    for _ in 0..<count { try await hub.publish(type) }
  }

  @Test func liveEventsReachSubscribersAfterTheReply() async throws {
    let hub = try await hub()
    let peer = RecordingPeer(id: 1)
    let (result, activate) = hub.subscribe(peer: peer, params: .init())
    #expect(result == .init(currentSeq: 0, oldestSeq: nil, replayed: 0, resyncNeeded: false))
    try await publish(hub, 2)
    #expect(peer.eventSeqs.isEmpty, "nothing may be pushed before the reply")
    activate()
    #expect(peer.eventSeqs == [1, 2])
    try await publish(hub, 1)
    #expect(peer.eventSeqs == [1, 2, 3])
    #expect(peer.pushed.first?["method"] == "event")
  }

  @Test func sinceReplaysWhatWasMissed() async throws {
    let hub = try await hub()
    try await publish(hub, 4)
    let peer = RecordingPeer(id: 1)
    let (result, activate) = hub.subscribe(peer: peer, params: .init(since: 2))
    #expect(result == .init(currentSeq: 4, oldestSeq: 1, replayed: 2, resyncNeeded: false))
    activate()
    #expect(peer.eventSeqs == [3, 4])
  }

  @Test func sinceBeyondTheBufferAsksForAResync() async throws {
    let hub = try await hub(retained: 5)
    try await publish(hub, 9)
    let peer = RecordingPeer(id: 1)
    let (result, activate) = hub.subscribe(peer: peer, params: .init(since: 2))
    #expect(result.resyncNeeded)
    #expect(result.oldestSeq == 5)
    #expect(result.replayed == 0)
    activate()
    #expect(peer.eventSeqs.isEmpty)
    // The last event before the oldest kept one is still a valid cursor.
    let (exact, _) = hub.subscribe(peer: RecordingPeer(id: 2), params: .init(since: 4))
    #expect(!exact.resyncNeeded)
    #expect(exact.replayed == 5)
    // A cursor from the future (another database) also needs a resync.
    let (future, _) = hub.subscribe(peer: RecordingPeer(id: 3), params: .init(since: 100))
    #expect(future.resyncNeeded)
  }

  @Test func typePrefixesFilter() async throws {
    let hub = try await hub()
    let peer = RecordingPeer(id: 1)
    let (_, activate) = hub.subscribe(peer: peer, params: .init(types: ["daemon."]))
    activate()
    try await hub.publish("test.didHappen")
    try await hub.publish(OutpostEventType.daemonWillStop)
    #expect(peer.eventSeqs == [2])
  }

  @Test func sequenceSurvivesARestart() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    do {
      let first = try await EventHub(store: Store.open(path: path), retained: 3, logger: Logger(label: "t"))
      try await publish(first, 5)
    }
    let second = try await EventHub(store: Store.open(path: path), retained: 3, logger: Logger(label: "t"))
    #expect(second.lastSeq == 5)
    #expect(try await second.publish("test.didHappen").seq == 6)
    let peer = RecordingPeer(id: 1)
    let (result, activate) = second.subscribe(peer: peer, params: .init(since: 3))
    #expect(result == .init(currentSeq: 6, oldestSeq: 4, replayed: 3, resyncNeeded: false))
    activate()
    #expect(peer.eventSeqs == [4, 5, 6])
  }

  @Test func closedPeersAreDropped() async throws {
    let hub = try await hub()
    let peer = RecordingPeer(id: 1)
    let (_, activate) = hub.subscribe(peer: peer, params: .init())
    activate()
    #expect(hub.subscriberCount == 1)
    peer.stopAccepting()
    try await publish(hub, 1)
    #expect(hub.subscriberCount == 0)
    #expect(!hub.unsubscribe(peer))
  }

  /// A client that hangs up: its connection's close handler unsubscribes while the hub is
  /// pushing to it (the daemon died with "Recursive call to lock Mutex" when `outpost events
  /// --since 1 | head -2` closed during the replay). The peer here unsubscribes from inside its
  /// failing push, in the replay and in a live push; the hub keeps serving the others.
  @Test func aPeerThatUnsubscribesFromInsideItsPushDoesNotStopTheHub() async throws {
    final class HangingUpPeer: RPCPeer, @unchecked Sendable {
      let connectionID: UInt64
      let acceptsBeforeHangingUp: Int
      var hub: EventHub?
      private var accepted = 0

      init(id: UInt64, accepts: Int) {
        connectionID = id
        acceptsBeforeHangingUp = accepts
      }

      func push(_ line: [UInt8]) -> Bool {
        guard accepted < acceptsBeforeHangingUp else {
          hub?.unsubscribe(self)
          return false
        }
        accepted += 1
        return true
      }
    }
    let hub = try await hub(retained: 20)
    try await publish(hub, 10)
    let replaying = HangingUpPeer(id: 1, accepts: 2)
    replaying.hub = hub
    let (_, activateReplay) = hub.subscribe(peer: replaying, params: .init(since: 1))
    activateReplay()
    let live = HangingUpPeer(id: 2, accepts: 1)
    live.hub = hub
    let (_, activateLive) = hub.subscribe(peer: live, params: .init())
    activateLive()
    let listening = RecordingPeer(id: 3)
    let (_, activateListening) = hub.subscribe(peer: listening, params: .init())
    activateListening()
    try await publish(hub, 3)
    #expect(hub.subscriberCount == 1)
    #expect(listening.eventSeqs == [11, 12, 13])
  }
}

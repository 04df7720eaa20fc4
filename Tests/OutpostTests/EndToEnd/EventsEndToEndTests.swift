import Foundation
import OutpostModel
import OutpostRPC
import OutpostRPCClient
import Testing

extension EndToEnd {
  @Suite struct EventsEndToEnd {
    @Test func subscribersSeeTheDaemonStopAndCatchUpAfterARestart() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      let follower = try daemon.client()
      let subscribed = try follower.call(EventsSubscribe.self, .init())
      #expect(subscribed.currentSeq >= 1)
      #expect(subscribed.replayed == 0)
      #expect(try daemon.stop() == 0)
      let stopping = try follower.nextNotification()
      #expect(stopping["method"] == "event")
      #expect(stopping["params"]?["type"] == .string(OutpostEventType.daemonWillStop))
      let lastSeen = try #require(stopping["params"]?["seq"]?.int64Value)
      #expect(lastSeen == subscribed.currentSeq + 1)

      try daemon.start()
      let returning = try daemon.client()
      let caughtUp = try returning.call(EventsSubscribe.self, .init(since: lastSeen))
      #expect(!caughtUp.resyncNeeded)
      #expect(caughtUp.replayed == 1)
      let started = try returning.nextNotification()
      #expect(started["params"]?["type"] == .string(OutpostEventType.daemonDidStart))
      #expect(started["params"]?["seq"] == .int(lastSeen + 1))
      #expect(started["params"]?["data"]?["pid"] == .int(Int64(daemon.pid)))

      let lost = try daemon.client().call(EventsSubscribe.self, .init(since: 999_999))
      #expect(lost.resyncNeeded)
      #expect(try returning.call(EventsUnsubscribe.self, NoParams()).unsubscribed)
    }

    @Test func aRetainedWindowTooSmallForTheGapAsksForAResync() throws {
      let daemon = try DaemonProcess(config: "[events]\nretained = 10\n")
      // Each start and stop records an event: 7 restarts push the first events out of the window.
      for _ in 0..<7 {
        try daemon.start()
        #expect(try daemon.stop() == 0)
      }
      try daemon.start()
      let result = try daemon.client().call(EventsSubscribe.self, .init(since: 1))
      #expect(result.resyncNeeded)
      #expect(result.oldestSeq == result.currentSeq - 9)
    }
  }
}

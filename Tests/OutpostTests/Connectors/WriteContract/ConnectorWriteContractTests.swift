import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The write side of the connector contract (issue 46 §5), for every declared action of every
/// connector, against the sandbox over real HTTP and through the session keeper as the daemon
/// performs them: performed online; queued offline and replayed exactly once (the link down
/// first, then the reply of the applied write lost, then the replay); a precondition that no
/// longer holds is a conflict that changes nothing; a request the service will never accept is
/// refused at once with the service's own reason (the queue ends it as failed, not retried); an
/// access token that expires mid-action is renewed and the action done. ViiRaa and Agility run
/// on PostgreSQL, so their refusals are the project's SQL's.
@Suite(.serialized) struct ConnectorWriteContractTests {
  func withWorld(_ testCase: WriteCase, _ body: (WriteWorld) async throws -> Void) async throws {
    let world = try await testCase.world()
    do {
      try await body(world)
    } catch {
      try await world.server.stop()
      throw error
    }
    try await world.server.stop()
  }

  /// The connector error a perform failed with, or nil when it did not fail.
  func failure(_ world: WriteWorld, _ request: ActionRequest) async -> ConnectorError? {
    do {
      _ = try await world.perform(request)
      return nil
    } catch let error as SessionError {
      guard case .connector(let failure) = error else { return .unsupported("not a connector failure: \(error)") }
      return failure
    } catch {
      return .unsupported("not a session error: \(error)")
    }
  }

  @Test(arguments: WriteCases.all)
  func performedOnline(_ testCase: WriteCase) async throws {
    try await withWorld(testCase) { world in
      let request = try await testCase.request(world)
      #expect(!testCase.applied(try await testCase.observe(world, request), request), "applied before it was sent")
      let outcome = try await world.perform(request)
      guard case .done = outcome else {
        Issue.record("performed online: \(outcome)")
        return
      }
      let after = try await testCase.observe(world, request)
      #expect(testCase.applied(after, request), "not seen upstream: \(String(describing: after))")
    }
  }

  @Test(arguments: WriteCases.all)
  func queuedOfflineAndReplayedExactlyOnce(_ testCase: WriteCase) async throws {
    try await withWorld(testCase) { world in
      let request = try await testCase.request(world)
      // An online-only action (a booking) is never queued offline (OnlineOnlyActionTests); its
      // reply can still be lost, and the replay must still book once.
      if ConnectorRegistry.action(testCase.action)?.declaration.offline != false {
        world.link.set(.offline)
        let offline = await failure(world, request)
        world.link.set(.normal)
        #expect(offline?.isTemporary == true, "offline gave \(String(describing: offline)): the queue must keep it")
        #expect(!testCase.applied(try await testCase.observe(world, request), request), "applied while offline")
      }

      // The queue sends it; the service applies it and the reply is lost on the way back.
      world.link.set(.loseNextWriteReply)
      let lost = await failure(world, request)
      #expect(world.link.mode == .normal, "the action sent no write")
      world.link.set(.normal)
      #expect(lost?.isTemporary == true, "a lost reply gave \(String(describing: lost)): the queue must keep it")

      // Replayed as queued (and once more, a crash before the first replay was recorded): the
      // effect is there once, whole, and the second replay changes nothing.
      var seen: [JSONValue?] = []
      for _ in 0..<2 {
        let replay = try await world.perform(request)
        if case .conflict(let reason, _) = replay {
          Issue.record("the replay conflicted with its own earlier attempt: \(reason)")
        }
        seen.append(try await testCase.observe(world, request))
      }
      #expect(testCase.applied(seen[0], request), "not applied whole: \(String(describing: seen[0]))")
      #expect(seen[1] == seen[0], "applied twice: \(String(describing: seen[0])) then \(String(describing: seen[1]))")
    }
  }

  @Test(arguments: WriteCases.all)
  func aPreconditionThatNoLongerHoldsIsAConflict(_ testCase: WriteCase) async throws {
    guard case .check(let change) = testCase.conflict else {
      if case .notApplicable(let why) = testCase.conflict { #expect(!why.isEmpty) }
      return
    }
    try await withWorld(testCase) { world in
      let request = try await testCase.request(world)
      try await change(world, request)
      let before = try await testCase.observe(world, request)
      do {
        let outcome = try await world.perform(request)
        guard case .conflict(let reason, _) = outcome else {
          Issue.record("a stale precondition gave \(outcome)")
          return
        }
        #expect(!reason.english.isEmpty)
      } catch let error as SessionError {
        // The queue sets these aside as conflicts too (SyncEngine+Actions).
        guard case .connector(let failure) = error, failure.isConflict else {
          Issue.record("a stale precondition gave \(error)")
          return
        }
      }
      #expect(try await testCase.observe(world, request) == before, "the conflicting action changed something")
    }
  }

  @Test(arguments: WriteCases.all)
  func aPermanentRefusalFailsWithTheServicesReason(_ testCase: WriteCase) async throws {
    guard case .check(let make) = testCase.refusal else {
      if case .notApplicable(let why) = testCase.refusal { #expect(!why.isEmpty) }
      return
    }
    try await withWorld(testCase) { world in
      let refusal = try await make(world)
      let writes = world.link.writes
      let failure = await failure(world, refusal.request)
      guard case .refused(let reason)? = failure else {
        Issue.record("a request the service refuses gave \(String(describing: failure)), not a refusal")
        return
      }
      #expect(reason.contains(refusal.reason), "\(reason) does not give the service's reason")
      // Refused at once: sent once, not retried inside the perform.
      #expect(world.link.writes - writes == 1)
      #expect(!testCase.applied(try await testCase.observe(world, refusal.request), refusal.request))
    }
  }

  @Test(arguments: WriteCases.all)
  func aTokenExpiredMidActionIsRenewedAndTheActionDone(_ testCase: WriteCase) async throws {
    try await withWorld(testCase) { world in
      let request = try await testCase.request(world)
      let logins = await world.logins()
      world.link.set(.expireBeforeNextWrite)
      let outcome = try await world.perform(request)
      #expect(world.link.mode == .normal, "the action sent no write")
      world.link.set(.normal)
      guard case .done = outcome else {
        Issue.record("after the renewal: \(outcome)")
        return
      }
      #expect(await world.logins() > logins, "the expired token was not renewed")
      #expect(testCase.applied(try await testCase.observe(world, request), request))
    }
  }
}

extension ConnectorError {
  /// What the action queue sets aside for the user as a conflict.
  var isConflict: Bool {
    switch self {
    case .conflict, .notFound: true
    default: false
    }
  }
}

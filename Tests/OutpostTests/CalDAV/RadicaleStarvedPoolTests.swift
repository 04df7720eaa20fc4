import Foundation
import Synchronization
import Testing

/// A peer-start helper reaches readiness while other tests block every thread of the
/// cooperative pool (issue 54): ten Radicale servers once failed together with "did not answer
/// within 60 s" because their readiness poll ran on a pool that blocking tests held.
@Suite(.offThePool) struct RadicaleStarvedPoolTests {
  @Test func radicaleStartsWhileEveryPoolThreadIsBlocked() async throws {
    let blockade = PoolBlockade()
    #expect(blockade.waitUntilHolding(), "the blockers never held all \(PoolBlockade.poolWidth) pool threads")
    // Queued behind the blockers at the tests' own priority: it runs only when a pool thread
    // is free for the tests again.
    let probeRan = Atomic<Bool>(false)
    let probe = Task.detached { probeRan.store(true, ordering: .sequentiallyConsistent) }

    let started: Result<RadicaleServer, any Error>
    do {
      started = .success(try await RadicaleServer())
    } catch {
      started = .failure(error)
    }
    let poolStayedBlocked = !probeRan.load(ordering: .sequentiallyConsistent)
    await blockade.release()
    await probe.value
    let probeRanAfterwards = probeRan.load(ordering: .sequentiallyConsistent)

    let server = try started.get()
    #expect(poolStayedBlocked, "a pool thread was free during the start: the test proved nothing")
    #expect(probeRanAfterwards)
    // Ready means serving: Radicale answers its user.
    let reply = try await server.send("PROPFIND", server.principalURL, headers: [("Depth", "0")])
    #expect(reply.status == 207)
  }
}

import Foundation
import Synchronization
import Testing

@testable import OutpostSandbox

/// A project's database that fails to start for a moment must not leave the project answering
/// 503 for the rest of its life: CI's simulated day once lost every ViiRaa weighing that way
/// (all of them still queued after the drain) while the other projects worked.
@Suite struct SandboxDatabaseSlotTests {
  static let user = SandboxTasksUser(email: "slot@example.com", password: "slot-password")

  @Test func aDatabaseThatDidNotStartIsTriedAgainAtTheNextRequest() async throws {
    let slot = SandboxDatabaseSlot(wanted: true)
    let starts = Mutex(0)
    let caughtUp = Mutex(0)
    slot.prepare(
      start: {
        let attempt = starts.withLock {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw SandboxPostgresCluster.StartError.failed("a moment's trouble") }
        return try await SandboxProjectDatabase.start(project: "viiraa", users: [Self.user], rows: [])
      },
      catchUp: { _ in caughtUp.withLock { $0 += 1 } })

    #expect(await slot.current() == nil)
    let second = await slot.current()
    #expect(second != nil)
    #expect(starts.withLock { $0 } == 2)
    #expect(caughtUp.withLock { $0 } == 1)
    // Started, it stays started: the next request neither starts it again nor misses a catch-up.
    #expect(await slot.current() === second)
    #expect(starts.withLock { $0 } == 2)
    #expect(caughtUp.withLock { $0 } == 2)
    await slot.detach()
  }

  @Test func aDatabaseThatNeverStartsIsGivenUpAfterItsAttempts() async throws {
    let slot = SandboxDatabaseSlot(wanted: true)
    let starts = Mutex(0)
    slot.prepare(
      start: {
        starts.withLock { $0 += 1 }
        throw SandboxPostgresCluster.StartError.notInstalled
      },
      catchUp: { _ in })
    for _ in 0..<(SandboxDatabaseSlot.startAttempts + 2) {
      #expect(await slot.current() == nil)
    }
    #expect(starts.withLock { $0 } == SandboxDatabaseSlot.startAttempts)
  }
}

/// The projects' first databases asked for at once, on a cluster of their own: each template
/// loads `platform.sql`, which creates the cluster-wide roles when missing, so two loads side
/// by side once both found `anon` missing and one failed (23505 on pg_authid) — CI's simulated
/// day then had no ViiRaa at all. Under contrib/lib/timewarp.c the whole suite failed that way.
@Suite struct SandboxTemplatesTogetherTests {
  @Test func everyProjectsFirstDatabaseStartsWhenAskedForTogether() async throws {
    let postgres = SandboxPostgres()
    let names = try await withThrowingTaskGroup(of: String.self) { group in
      for project in ["viiraa", "agility", "tasks", "viiraa", "agility"] {
        group.addTask { try await postgres.database(project: project).name }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    #expect(Set(names).count == 5)
    for name in names { await postgres.drop(name) }
    await postgres.stop()
  }
}

import Foundation
import Synchronization

/// Where a sandbox Supabase project keeps its PostgreSQL database when its configuration asks
/// for one (`postgres`), and how its `/rest/v1` requests reach it: the one mechanism the
/// projects share, so a project adds only how its rows are copied in.
///
/// The database starts on first use, as the project's data is generated on first use: a
/// sandbox that never serves the project pays nothing. The project's in-memory model keeps
/// running beside the copy (live data, a nightly job, admin changes); the copy is brought up to
/// it before every request and every admin read, one catch-up at a time, so changes arrive in
/// the order they were made.
final class SandboxDatabaseSlot: Sendable {
  let wanted: Bool
  private let state = Mutex(State())
  private let serial = SerialWork()

  private struct State: Sendable {
    var start: (@Sendable () async throws -> SandboxProjectDatabase)?
    var catchUp: (@Sendable (SandboxProjectDatabase) async -> Void)?
    var database: SandboxProjectDatabase?
    var failure: String?
    var failedStarts = 0
    var stopped = false
  }

  init(wanted: Bool) { self.wanted = wanted }

  /// How the database starts (`start`, on first use) and is brought up to the model
  /// (`catchUp`: the changes the model journaled, a job that came due).
  func prepare(
    start: @escaping @Sendable () async throws -> SandboxProjectDatabase,
    catchUp: @escaping @Sendable (SandboxProjectDatabase) async -> Void
  ) {
    state.withLock {
      $0.start = start
      $0.catchUp = catchUp
    }
  }

  func detach() async {
    await serial.run {
      let database = self.state.withLock { state in
        state.stopped = true
        defer { state.database = nil }
        return state.database
      }
      await database?.stop()
    }
  }

  /// How often a database that did not start is tried again, at the next requests, before the
  /// project answers 503 for good: a start can fail for a moment (a loaded machine, a template
  /// still held by the session that loaded it), and a project a test or a week-long run cannot
  /// reach for the rest of its life turns one slow second into a day of refused writes.
  static let startAttempts = 3

  /// The database with every change the model made so far applied: what admin reads and the
  /// Data API answer from. Nil when the project's data is not on PostgreSQL, or when its
  /// database could not start (`failure` says why).
  func current() async -> SandboxProjectDatabase? {
    guard wanted else { return nil }
    await serial.run {
      let now = self.state.withLock { $0 }
      guard !now.stopped, now.failedStarts < Self.startAttempts, let catchUp = now.catchUp else { return }
      var database = now.database
      if database == nil, let start = now.start {
        do {
          let started = try await Self.withinStartDeadline(start)
          self.state.withLock {
            $0.database = started
            $0.failure = nil
          }
          database = started
        } catch {
          let reason = "\(error)"
          let attempts = self.state.withLock {
            $0.failure = reason
            $0.failedStarts += 1
            return $0.failedStarts
          }
          let next = attempts < Self.startAttempts ? "; tried again at the next request" : "; not tried again"
          FileHandle.standardError.write(
            Data("outpost-sandbox: attempt \(attempts) of \(Self.startAttempts): \(reason)\(next)\n".utf8))
        }
      }
      if let database { await catchUp(database) }
    }
    return state.withLock { $0.database }
  }

  /// The answer to a Data API request from the database, as the user `owner` names (the
  /// project's token check, which may refuse: an expired or malformed JWT); nil when the
  /// project's data is not on PostgreSQL. A database that could not start answers 503 with why.
  func respond(
    _ request: SandboxRequest, path: String, nowMicroseconds: Int64,
    owner: () async throws(TasksRestError) -> String?
  ) async -> SandboxResponse? {
    guard wanted else { return nil }
    guard let database = await current() else {
      let reason = state.withLock { $0.failure } ?? "the sandbox is stopping"
      return TasksReplies.postgrest(
        .serviceUnavailable, "PGRST000", "the sandbox's PostgreSQL is unavailable: \(reason)")
    }
    do throws(TasksRestError) {
      return await database.respond(request, path: path, owner: try await owner(), nowMicroseconds: nowMicroseconds)
    } catch {
      return error.response
    }
  }
}

extension SandboxDatabaseSlot {
  /// How long a start may take before it counts as failed (and is tried again at the next
  /// request): a start that never ends (a child process whose end is never seen) must not hold
  /// every later request of the project behind it. The slowest start seen, a loaded 2-core
  /// machine, took about 25 s.
  static let startDeadlineSeconds = 120

  /// `start`'s database, or a failure once the deadline passed; a database that starts after
  /// its deadline is stopped again.
  static func withinStartDeadline(
    _ start: @escaping @Sendable () async throws -> SandboxProjectDatabase
  ) async throws -> SandboxProjectDatabase {
    let outcome = FirstOutcome()
    return try await withCheckedThrowingContinuation { continuation in
      outcome.waiting(continuation)
      Task {
        do {
          let database = try await start()
          if !outcome.settle(.success(database)) { await database.stop() }
        } catch {
          outcome.settle(.failure(error))
        }
      }
      Task {
        try? await Task.sleep(for: .seconds(startDeadlineSeconds))
        outcome.settle(
          .failure(SandboxPostgresCluster.StartError.failed("the start took more than \(startDeadlineSeconds) s")))
      }
    }
  }

  /// The first of two outcomes, handed to the one waiting.
  private final class FirstOutcome: Sendable {
    private let state = Mutex<(CheckedContinuation<SandboxProjectDatabase, any Error>?, Bool)>((nil, false))

    func waiting(_ continuation: CheckedContinuation<SandboxProjectDatabase, any Error>) {
      state.withLock { $0.0 = continuation }
    }

    /// True when this outcome was the first.
    @discardableResult func settle(_ result: Result<SandboxProjectDatabase, any Error>) -> Bool {
      let continuation = state.withLock { state -> CheckedContinuation<SandboxProjectDatabase, any Error>? in
        guard !state.1 else { return nil }
        state.1 = true
        defer { state.0 = nil }
        return state.0
      }
      guard let continuation else { return false }
      continuation.resume(with: result)
      return true
    }
  }
}

/// Runs one piece of async work at a time, in the order asked.
actor SerialWork {
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func run(_ work: @Sendable () async -> Void) async {
    if busy { await withCheckedContinuation { waiting.append($0) } }
    busy = true
    await work()
    if waiting.isEmpty {
      busy = false
    } else {
      // Handed straight to the next in line: `busy` stays set, so no newcomer slips in between.
      waiting.removeFirst().resume()
    }
  }
}

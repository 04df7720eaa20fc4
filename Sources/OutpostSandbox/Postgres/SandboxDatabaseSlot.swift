import Synchronization

/// Where a sandbox Supabase project keeps its PostgreSQL database when its configuration asks
/// for one (`postgres`), and how its `/rest/v1` requests reach it: the one mechanism viiraa and
/// agility share, so a project adds only how its rows are copied in.
///
/// The project's in-memory model keeps running beside the copy (live data, a nightly job, admin
/// changes); the copy is brought up to it before every request and every admin read, one
/// catch-up at a time, so changes arrive in the order they were made.
final class SandboxDatabaseSlot: Sendable {
  let wanted: Bool
  private let held = Mutex<Attached?>(nil)
  private let catchingUp = SerialWork()

  private struct Attached: Sendable {
    var database: SandboxProjectDatabase
    var catchUp: @Sendable (SandboxProjectDatabase) async -> Void
  }

  init(wanted: Bool) { self.wanted = wanted }

  /// The database as it is, without catching up (for what only needs its name).
  var database: SandboxProjectDatabase? { held.withLock { $0?.database } }

  /// Starts the database with `start`, when wanted. `catchUp` brings it up to the model (the
  /// changes the model journaled, a job that came due).
  func attach(
    _ start: () async throws -> SandboxProjectDatabase,
    catchUp: @escaping @Sendable (SandboxProjectDatabase) async -> Void
  ) async throws {
    guard wanted else { return }
    let database = try await start()
    held.withLock { $0 = Attached(database: database, catchUp: catchUp) }
  }

  func detach() async {
    let attached = held.withLock { held in
      defer { held = nil }
      return held
    }
    await attached?.database.stop()
  }

  /// The database with every change the model made so far applied: what admin reads and the
  /// Data API answer from. Nil when the project's data is not on PostgreSQL.
  func current() async -> SandboxProjectDatabase? {
    guard let attached = held.withLock({ $0 }) else { return nil }
    await catchingUp.run { await attached.catchUp(attached.database) }
    return attached.database
  }

  /// The answer to a Data API request from the database, as the user `owner` names (the
  /// project's token check, which may refuse: an expired or malformed JWT); nil when the
  /// project's data is not on PostgreSQL.
  func respond(
    _ request: SandboxRequest, path: String, nowMicroseconds: Int64,
    owner: () async throws(TasksRestError) -> String?
  ) async -> SandboxResponse? {
    guard let database = await current() else { return nil }
    do throws(TasksRestError) {
      return await database.respond(request, path: path, owner: try await owner(), nowMicroseconds: nowMicroseconds)
    } catch {
      return error.response
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

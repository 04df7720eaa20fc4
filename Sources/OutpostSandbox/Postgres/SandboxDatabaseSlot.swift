import Synchronization

/// Where a sandbox Supabase project keeps its PostgreSQL database when its configuration asks
/// for one (`postgres`), and how its `/rest/v1` requests reach it: the one mechanism viiraa and
/// agility share, so a project adds only how its rows are copied in.
final class SandboxDatabaseSlot: Sendable {
  let wanted: Bool
  private let held = Mutex<SandboxProjectDatabase?>(nil)

  init(wanted: Bool) { self.wanted = wanted }

  var database: SandboxProjectDatabase? { held.withLock { $0 } }

  /// Starts the database with `start`, when wanted.
  func attach(_ start: () async throws -> SandboxProjectDatabase) async throws {
    guard wanted else { return }
    let database = try await start()
    held.withLock { $0 = database }
  }

  func detach() async {
    let database = held.withLock { held in
      defer { held = nil }
      return held
    }
    await database?.stop()
  }

  /// The answer to a Data API request from the database, as the user `owner` names (the
  /// project's token check, which may refuse: an expired or malformed JWT); nil when the
  /// project's data is not on PostgreSQL.
  func respond(
    _ request: SandboxRequest, path: String, nowMicroseconds: Int64,
    owner: () async throws(TasksRestError) -> String?
  ) async -> SandboxResponse? {
    guard let database else { return nil }
    do throws(TasksRestError) {
      return await database.respond(request, path: path, owner: try await owner(), nowMicroseconds: nowMicroseconds)
    } catch {
      return error.response
    }
  }
}

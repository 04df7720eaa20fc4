import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

/// The tasks connector against a project that follows contrib/supabase/tasks.sql (the sandbox
/// on PostgreSQL, and its in-memory model where both must agree): soft deletes, listings longer
/// than a page, and writes preconditioned on `version` (supabase.md §7).
@Suite struct TasksConnectorTests {
  static let email = SandboxTasksUser.demo.email

  struct World {
    let server: SandboxServer
    let connector: TasksConnector
    let session: SupabaseSession

    func fetch() async throws -> [Item] {
      try await connector.fetch(session, window: SyncWindow.around(server.tasks.currentDate()), cursor: nil).items
    }
  }

  /// A manual clock: it moves only when a test says so, so two writes can share one `now()`.
  func withWorld(
    postgres: Bool = true, tasksPerUser: Int = 8, _ body: (World) async throws -> Void
  ) async throws {
    var configuration = SandboxConfiguration(
      services: [.tasks], tasks: SandboxTasksConfiguration(tasksPerUser: tasksPerUser, postgres: postgres))
    configuration.manualClock = true
    let server = try await SandboxServer.start(configuration)
    do {
      let account = ConnectorAccount(
        id: "t", username: Self.email, baseURL: server.url(for: .tasks),
        options: ["apiKey": SandboxTasksConfiguration.defaultAPIKey])
      let connector = TasksConnector(account: account, transport: TestHTTP.transport)
      let session = try await connector.logIn(secret: SecretString(SandboxTasksUser.demo.password)).session
      try await body(World(server: server, connector: connector, session: session))
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  /// 1000 tasks are two full pages and an empty one; a task deleted elsewhere (softly, as a
  /// client of the project deletes) leaves the listing, so its local copy goes at the next sync.
  @Test(arguments: [true, false]) func everyLiveTaskIsListedAndASoftDeletedOneIsNot(postgres: Bool) async throws {
    try await withWorld(postgres: postgres, tasksPerUser: SandboxTasksConfiguration.maximumTasksPerUser) { world in
      let before = try await world.fetch()
      #expect(before.count == 1000)
      #expect(Set(before.map(\.upstreamID)).count == 1000)
      #expect(before.allSatisfy { $0.details["version"] == .int(1) })
      #expect(await world.server.tasks.deleteTask(email: Self.email, id: 501))
      let after = try await world.fetch()
      #expect(after.count == 999)
      #expect(!after.contains { $0.upstreamID == "501" })
    }
  }

  /// Writes are preconditioned on `version` (supabase.md §7: `PATCH ?id=eq.<id>&version=eq.<n>`),
  /// not on `updated_at`, which one transaction's rows share and a client can only compare
  /// as text; a row changed upstream since the sync is then a conflict, and the change stands.
  @Test(arguments: [true, false]) func writesArePreconditionedOnTheVersion(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let open = try #require(try await world.fetch().first { $0.status != .closed })
      let id = try #require(Int(open.upstreamID))
      let now = world.server.tasks.currentDate()
      let complete = try TasksConnector.prepare(.taskComplete, on: open, params: [:], now: now)
      #expect(complete.params["version"] == .int(1))
      let filters = PatchFilters()
      let connector = TasksConnector(account: world.connector.account, transport: filters)
      let done = try await connector.perform(
        ActionRequest(type: .taskComplete, target: complete.target, params: complete.params, item: open),
        session: world.session)
      guard case .done = done else {
        Issue.record("completing the task: \(done)")
        return
      }
      #expect(filters.seen == ["id=eq.\(id)&version=eq.1"])
      // Reopened on the web after the sync that saw it done.
      let synced = try #require(try await world.fetch().first { $0.upstreamID == open.upstreamID })
      #expect(synced.details["version"] == .int(2))
      _ = try #require(await world.server.tasks.updateTask(email: Self.email, id: id, SandboxTaskChange(done: false)))
      var stale = synced
      stale.status = .active
      let due = UTCTimestamp.format(now.addingTimeInterval(86_400).rounded(to: 60))
      let reschedule = try TasksConnector.prepare(.taskReschedule, on: stale, params: ["due": .string(due)], now: now)
      let outcome = try await connector.perform(
        ActionRequest(type: .taskReschedule, target: reschedule.target, params: reschedule.params, item: stale),
        session: world.session)
      guard case .conflict(let reason, let serverState?) = outcome else {
        Issue.record("a reschedule over a change it never saw: \(outcome)")
        return
      }
      #expect(filters.seen.last == "id=eq.\(id)&version=eq.2")
      // Said in the reader's language, not English only.
      #expect(reason.text(.de)?.contains("seit der letzten Synchronisierung") == true, "\(reason)")
      let task = try #require(await world.server.tasks.tasks(for: Self.email).first { $0.id == id })
      #expect(!task.done)
      #expect(task.dueAt == open.startsAt)

      // "Retry" after the user saw the service's copy: made over it, once (a fresh-eyes finding:
      // sent again as queued, it only conflicted again).
      let kind = try #require(ConnectorRegistry.kind(TasksConnector.descriptor.kind))
      let rebased = try #require(kind.rebase(.taskReschedule, params: reschedule.params, over: serverState))
      #expect(rebased["version"] == .int(3))
      let retried = try await connector.perform(
        ActionRequest(type: .taskReschedule, target: reschedule.target, params: rebased, item: stale),
        session: world.session)
      guard case .done = retried else {
        Issue.record("the retry over the service's copy: \(retried)")
        return
      }
      let moved = try #require(await world.server.tasks.tasks(for: Self.email).first { $0.id == id })
      #expect(moved.dueAt.map(UTCTimestamp.format) == due)
    }
  }
}

/// The query of every PATCH sent, passed on to the sandbox.
final class PatchFilters: HTTPTransport {
  private let inner: any HTTPTransport = TestHTTP.transport
  private let filters = Mutex<[String]>([])

  var seen: [String] { filters.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    if request.method == "PATCH", let query = request.url.split(separator: "?", maxSplits: 1).last {
      filters.withLock { $0.append(String(query)) }
    }
    return try await inner.send(request)
  }
}

import Foundation

/// How the "tasks" service (a fake Supabase project under `/tasks`) behaves at start. The
/// lifetimes can change later through `TasksSandbox` or `POST /__admin/mutate {"op":"config"}`.
public struct SandboxTasksConfiguration: Sendable {
  /// The project's public `apikey` (Supabase's anon key): every request must carry it.
  public var apiKey: String
  public var users: [SandboxTasksUser]
  /// Seconds an access token lives (Supabase's default is 3600); at least 5.
  public var accessTokenLifetimeSeconds: Int
  /// How long a revoked refresh token may still be presented (GoTrue's default is 10 s).
  public var reuseIntervalSeconds: Double
  /// Seeded tasks per user (deterministic from the sandbox seed and the user's email).
  public var tasksPerUser: Int
  /// The Data API on a real PostgreSQL with contrib/supabase/tasks.sql, started on first use
  /// (the default: constraints, RLS and the trigger are PostgreSQL's); false serves the
  /// in-memory model's table, for a machine without PostgreSQL.
  public var postgres: Bool

  public init(
    apiKey: String = Self.defaultAPIKey, users: [SandboxTasksUser] = [.demo], accessTokenLifetimeSeconds: Int = 3600,
    reuseIntervalSeconds: Double = 10, tasksPerUser: Int = 8, postgres: Bool = true
  ) {
    self.postgres = postgres
    self.apiKey = apiKey
    self.users = users
    self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
    self.reuseIntervalSeconds = reuseIntervalSeconds
    self.tasksPerUser = tasksPerUser
  }

  public static let defaultAPIKey = "sandbox-tasks-anon-key"
  /// The Supabase docs advise no less than 5 minutes; 5 seconds is the floor for tests.
  public static let minimumAccessTokenLifetimeSeconds = 5
  public static let maximumAccessTokenLifetimeSeconds = 365 * 24 * 3600
  public static let maximumReuseIntervalSeconds = 86_400.0
  public static let maximumTasksPerUser = 1000
}

/// A Supabase Auth account of the tasks service. Passwords live in memory only and are never
/// logged or shown by the admin API.
public struct SandboxTasksUser: Sendable, Hashable {
  public var email: String
  public var password: String

  public init(email: String, password: String) {
    self.email = email
    self.password = password
  }

  /// The Auth user id, derived from the email: the same user has the same id in every run.
  public var id: String { Self.id(email: email) }

  static func id(email: String) -> String { SandboxIdentifiers.stableUUID("tasks-user:\(email.lowercased())") }

  public static let demo = SandboxTasksUser(email: "tasks@example.ch", password: "demo-tasks-2026")
}

/// One row of the `tasks` table as the sandbox holds it now.
public struct SandboxTask: Sendable, Equatable {
  public var id: Int
  public var title: String
  public var dueAt: Date?
  public var done: Bool
  /// The `updated_at` text exactly as the wire carries it (clients keep it as a cursor and as
  /// the precondition of a PATCH).
  public var updatedAt: String
}

/// A change "made upstream", for `TasksSandbox.updateTask`. Nil fields stay as they are.
public struct SandboxTaskChange: Sendable, Equatable {
  public enum Due: Sendable, Equatable {
    /// No due date any more (`due_at` null).
    case none
    case at(Date)
  }

  public var title: String?
  public var due: Due?
  public var done: Bool?

  public init(title: String? = nil, due: Due? = nil, done: Bool? = nil) {
    self.title = title
    self.due = due
    self.done = done
  }
}

/// Counters of the tasks service, for tests and `GET /__admin/state?service=tasks`.
public struct TasksStats: Sendable, Equatable {
  /// Successful password sign-ins.
  public var logins = 0
  public var failedLogins = 0
  /// Successful refresh-token grants (a returned active token included).
  public var refreshes = 0
  /// Refreshes refused as `refresh_token_already_used` (reuse detected).
  public var reuseRejected = 0
  /// Every request that reached the module (fault-injected ones never do).
  public var apiRequests = 0
  /// Sessions neither ended nor revoked.
  public var activeSessions = 0
  /// Refresh replies held back after their rotation (`holdRefreshReplies`).
  public var heldRefreshReplies = 0

  public init(
    logins: Int = 0, failedLogins: Int = 0, refreshes: Int = 0, reuseRejected: Int = 0, apiRequests: Int = 0,
    activeSessions: Int = 0
  ) {
    self.logins = logins
    self.failedLogins = failedLogins
    self.refreshes = refreshes
    self.reuseRejected = reuseRejected
    self.apiRequests = apiRequests
    self.activeSessions = activeSessions
  }
}

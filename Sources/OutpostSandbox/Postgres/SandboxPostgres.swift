import Foundation

/// The sandbox's PostgreSQL, one cluster per process (started on first use, gone with the
/// process), and in it one database per running Supabase project, cloned from a template that
/// has the project's schema loaded once (`CREATE DATABASE … TEMPLATE`): a test's project starts
/// in milliseconds, empty of every other test's rows.
///
/// The schema is the SQL in `contrib/supabase/`: `platform.sql` (what Supabase provides) then
/// `<project>.sql`, loaded with `psql -v ON_ERROR_STOP=1` as a backend team would apply it.
actor SandboxPostgres {
  static let shared = SandboxPostgres()

  private var starting: Task<SandboxPostgresCluster, any Error>?
  private var templates: [String: Task<Void, any Error>] = [:]
  /// The template made last: the next waits for it. Every project's `platform.sql` creates the
  /// cluster's roles (`anon`, `authenticated`, …) when they are missing, and roles belong to the
  /// cluster, not to a database: two loads at once both found `anon` missing and one failed
  /// with 23505 on pg_authid, and that project answered 503 all day in CI's simulated day (two
  /// projects' first requests came together).
  private var lastTemplate: Task<Void, any Error>?
  private var made = 0

  /// Where the schema files are: `$OUTPOST_SUPABASE_SCHEMAS`, else `contrib/supabase/` of the
  /// checkout this file was built from (the sandbox is a developer's and CI's tool).
  static var schemaDirectory: String {
    if let directory = ProcessInfo.processInfo.environment["OUTPOST_SUPABASE_SCHEMAS"] { return directory }
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("contrib/supabase").path
  }

  func cluster() async throws -> SandboxPostgresCluster {
    let task = starting ?? Task { try await SandboxPostgresCluster.start() }
    starting = task
    do {
      return try await task.value
    } catch {
      if starting == task { starting = nil }
      throw error
    }
  }

  /// A new, empty database with `project`'s schema; its name.
  func database(project: String) async throws -> (socketDirectory: String, name: String) {
    let cluster = try await cluster()
    let template =
      templates[project]
      ?? Task { [previous = lastTemplate] in
        _ = await previous?.result
        try await Self.makeTemplate(project, in: cluster)
      }
    if templates[project] == nil { lastTemplate = template }
    templates[project] = template
    do {
      try await template.value
    } catch {
      templates[project] = nil
      throw error
    }
    made += 1
    let name = "\(project)_\(made)"
    // A clone needs its template to itself; the session of the psql that just loaded it may
    // still be on its way out (PostgreSQL waits 5 s for it, which a loaded machine could
    // exceed). That refusal alone is tried again.
    var attempt = 1
    while true {
      do {
        try await Self.psql(
          cluster, database: "postgres", command: "CREATE DATABASE \(name) TEMPLATE \(project)_template")
        return (cluster.directory, name)
      } catch let error as SandboxPostgresCluster.StartError where attempt < 3 && "\(error)".contains("other users") {
        attempt += 1
      }
    }
  }

  /// Stops the cluster, when one was started (a test's own instance; the shared one lives as
  /// long as the process).
  func stop() async {
    guard let starting else { return }
    self.starting = nil
    templates = [:]
    lastTemplate = nil
    if let cluster = try? await starting.value { await cluster.stop() }
  }

  func drop(_ name: String) async {
    guard let cluster = try? await cluster() else { return }
    try? await Self.psql(cluster, database: "postgres", command: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
  }

  /// Runs `sql` (any number of statements) in `database` as the superuser.
  func execute(_ sql: String, database: String) async throws {
    try await Self.psql(try await cluster(), database: database, command: sql)
  }

  /// Runs the SQL file `file` in `database` as the superuser.
  func load(file: String, database: String) async throws {
    try await Self.psql(try await cluster(), database: database, files: [file])
  }

  private static func makeTemplate(_ project: String, in cluster: SandboxPostgresCluster) async throws {
    let files = ["platform.sql", "\(project).sql", "sandbox-clock.sql"].map { schemaDirectory + "/" + $0 }
    for file in files where !FileManager.default.fileExists(atPath: file) {
      throw SandboxPostgresCluster.StartError.failed("the schema \(file) is missing (OUTPOST_SUPABASE_SCHEMAS?)")
    }
    // A template an earlier attempt left half made goes first: it is made again whole.
    try await psql(cluster, database: "postgres", command: "DROP DATABASE IF EXISTS \(project)_template WITH (FORCE)")
    try await psql(cluster, database: "postgres", command: "CREATE DATABASE \(project)_template")
    try await psql(cluster, database: "\(project)_template", files: files)
  }

  static func psql(
    _ cluster: SandboxPostgresCluster, database: String, command: String? = nil, files: [String] = []
  ) async throws {
    guard let (bin, _) = SandboxPostgresCluster.binaries() else { throw SandboxPostgresCluster.StartError.notInstalled }
    var arguments = ["-X", "-q", "-h", cluster.directory, "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1"]
    if let command { arguments += ["-c", command] }
    for file in files { arguments += ["-f", file] }
    try await SandboxPostgresCluster.run(bin + "/psql", arguments)
  }
}

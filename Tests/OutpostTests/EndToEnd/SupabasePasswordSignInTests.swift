import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// A Supabase session the service ended (supabase.md §6.5): the password the user gave stays in
/// the keyring as an item of its own beside the session (§6.1), and starts a new session with
/// one silent sign-in; a password that no longer works ends in needs-login, saying why. The real
/// daemon and CLI, the real keyring on a private bus, the sandbox as its own process with a
/// manual clock (access tokens end when the test says so).
extension EndToEnd {
  @Suite struct SupabasePasswordSignIn {
    let outpost = DaemonProcess.binary("outpost")
    static let newPassword = "changed-at-the-service-2026"

    final class World {
      let keyring: KeyringSession
      let sandbox: SandboxProcess
      let daemon: DaemonProcess
      var transcript = ""  // every CLI output, scanned for secrets at the end

      init() throws {
        keyring = try KeyringSession.shared.get()
        sandbox = try SandboxProcess(arguments: ["--manual-clock"])
        daemon = try DaemonProcess()
        try daemon.start()
      }
    }

    func cli(_ world: World, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      let result = try runCommand(outpost, arguments, environment: world.daemon.environment, input: input)
      world.transcript += result.stdout + result.stderr
      return result
    }

    func account(_ world: World) throws -> Account {
      let accounts = try world.daemon.client().call(AccountsList.self, NoParams()).accounts
      return try #require(accounts.first { $0.name == "todo" }, "no account todo in \(accounts.map(\.name))")
    }

    /// How many items the keyring holds for the account under `connector` (never printed).
    func items(_ world: World, connector: String, account id: String) throws -> Int {
      let found = try world.keyring.secretTool(["search", "--all", "connector", connector, "account", id])
      return found.stdout.split(separator: "\n").count { $0.hasPrefix("secret = ") }
    }

    func counter(_ world: World, _ name: String) async throws -> Int64 {
      let state = try await world.sandbox.sharedAdmin("GET", "state?service=tasks")
      return try #require(state["counters"]?[name]?.int64Value, "no counter \(name) in \(state)")
    }

    /// A tasks account added with its password, synced once; the keyring holds its session and,
    /// beside it, the password.
    func addedAndSynced(_ world: World) throws -> Account {
      let add = try cli(
        world,
        [
          "account", "add", "tasks", "--name", "todo", "--username", DemoTasksUser.email, "--password-stdin",
        ] + world.sandbox.accountFlags("tasks"), input: DemoTasksUser.password + "\n")
      #expect(add.status == 0, "\(add.stderr)")
      #expect(try cli(world, ["sync", "todo", "--wait"]).status == 0)
      let added = try account(world)
      try #require(try items(world, connector: "tasks", account: added.id) == 1)
      try #require(
        try items(world, connector: "tasks-password", account: added.id) == 1,
        "the password was not kept beside the session")
      return added
    }

    /// Ends the user's sessions at the service (`op`), then moves the service's clock past the
    /// access token's hour: the next request is refused and outpostd must renew.
    func endSessions(_ world: World, _ body: JSONValue) async throws {
      _ = try await world.sandbox.sharedAdmin("POST", "mutate", body)
      _ = try await world.sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 4000])
    }

    /// Removes the account: both keyring items go; no password reached the database, the log or
    /// the CLI's output.
    func removeAndCheckForLeaks(_ world: World, _ added: Account, passwords: [String]) throws {
      #expect(try cli(world, ["account", "remove", "todo"]).status == 0)
      #expect(try items(world, connector: "tasks", account: added.id) == 0)
      #expect(try items(world, connector: "tasks-password", account: added.id) == 0)
      #expect(try world.daemon.stop() == 0)
      for password in passwords {
        for (name, data) in try DaemonFiles.all(world.daemon) {
          let leaked = data.range(of: Data(password.utf8)) != nil
          #expect(!leaked, "a password is in \(name)")
        }
        #expect(!world.daemon.log.contains(password), "a password is in the daemon's log")
        #expect(!world.transcript.contains(password), "a password is in the CLI's output")
      }
    }

    @Test func aSessionTheServiceEndedIsStartedAgainWithTheStoredPassword() async throws {
      let world = try World()
      let added = try addedAndSynced(world)
      let logins = try await counter(world, "logins")
      try await endSessions(
        world, ["service": "tasks", "op": "revoke-sessions", "email": .string(DemoTasksUser.email)])

      let sync = try cli(world, ["sync", "todo", "--wait"])
      #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
      #expect(try account(world).state == .ok)
      #expect(try await counter(world, "logins") == logins + 1, "not one silent password sign-in")
      #expect(try await counter(world, "failedLogins") == 0)
      #expect(try items(world, connector: "tasks", account: added.id) == 1)
      #expect(try items(world, connector: "tasks-password", account: added.id) == 1)
      // The new session renews like the first one did.
      _ = try await world.sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 4000])
      #expect(try cli(world, ["sync", "todo", "--wait"]).status == 0)
      #expect(try await counter(world, "logins") == logins + 1)
      try removeAndCheckForLeaks(world, added, passwords: [DemoTasksUser.password])
    }

    @Test func aPasswordChangedAtTheServiceEndsInNeedsLoginSayingWhy() async throws {
      let world = try World()
      let added = try addedAndSynced(world)
      let logins = try await counter(world, "logins")
      try await endSessions(
        world,
        [
          "service": "tasks", "op": "set-password", "email": .string(DemoTasksUser.email),
          "password": .string(Self.newPassword),
        ])

      for _ in 0..<2 { #expect(try cli(world, ["sync", "todo", "--wait"]).status != 0) }
      let stopped = try account(world)
      #expect(stopped.state == .needsLogin)
      let reason = stopped.stateReason ?? ""
      #expect(reason.contains("stored password"), "\(reason)")
      // One sign-in was tried with the old password, refused; never again by itself.
      #expect(try await counter(world, "failedLogins") == 1)
      #expect(try await counter(world, "logins") == logins)
      #expect(try items(world, connector: "tasks", account: added.id) == 0)
      #expect(try items(world, connector: "tasks-password", account: added.id) == 0)

      // The user signs in with the new password: both items are back, and the account syncs.
      let login = try cli(world, ["account", "login", "todo", "--password-stdin"], input: Self.newPassword + "\n")
      #expect(login.status == 0, "\(login.stderr)")
      #expect(try items(world, connector: "tasks-password", account: added.id) == 1)
      #expect(try cli(world, ["sync", "todo", "--wait"]).status == 0)
      #expect(try account(world).state == .ok)
      try removeAndCheckForLeaks(world, added, passwords: [DemoTasksUser.password, Self.newPassword])
    }

    /// An account whose keyring holds only the session (no password kept: made before Outpost
    /// kept one, or the item deleted by the user) is asked to sign in, as before.
    @Test func withoutAStoredPasswordAnEndedSessionNeedsALogin() async throws {
      let world = try World()
      let added = try addedAndSynced(world)
      let cleared = try world.keyring.secretTool(["clear", "connector", "tasks-password", "account", added.id])
      try #require(cleared.status == 0, "\(cleared.stderr)")
      try #require(try items(world, connector: "tasks-password", account: added.id) == 0)
      let logins = try await counter(world, "logins")
      try await endSessions(
        world, ["service": "tasks", "op": "revoke-sessions", "email": .string(DemoTasksUser.email)])

      #expect(try cli(world, ["sync", "todo", "--wait"]).status != 0)
      let stopped = try account(world)
      #expect(stopped.state == .needsLogin)
      #expect(stopped.stateReason?.contains("session_not_found") == true, "\(stopped.stateReason ?? "")")
      #expect(try await counter(world, "logins") == logins)
      #expect(try await counter(world, "failedLogins") == 0)
      #expect(try items(world, connector: "tasks", account: added.id) == 0)
      try removeAndCheckForLeaks(world, added, passwords: [DemoTasksUser.password])
    }
  }
}

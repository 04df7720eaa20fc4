import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// outpostd killed (`kill -9`) in the one window a rotating refresh token makes dangerous: the
/// service has rotated the token, the new one is on its way back, the keyring still holds the
/// spent one. The sandbox holds the refresh reply back after committing the rotation, so the
/// kill lands in that window every time, not by luck; its clock moves only when the test
/// advances it, so the service's reuse interval is judged on the service's time alone.
extension EndToEnd {
  @Suite struct CrashDuringRefresh {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment, input: input)
    }

    /// The refresh token the keyring holds for the tasks account (the stored form).
    func storedToken(_ keyring: KeyringSession) throws -> String {
      let found = try keyring.secretTool(["search", "--all", "connector", "tasks"])
      let secrets = found.stdout.split(separator: "\n").filter { $0.hasPrefix("secret = ") }
      try #require(secrets.count == 1, "expected one tasks secret, found \(secrets.count)")
      return String(secrets[0].dropFirst("secret = ".count))
    }

    func counter(_ sandbox: SandboxProcess, _ name: String) async throws -> Int64 {
      let state = try await sandbox.sharedAdmin("GET", "state?service=tasks")
      return try #require(state["counters"]?[name]?.int64Value, "no counter \(name) in \(state)")
    }

    func hold(_ sandbox: SandboxProcess, _ hold: Bool) async throws {
      _ = try await sandbox.sharedAdmin(
        "POST", "mutate", ["service": "tasks", "op": "config", "holdRefreshReplies": .bool(hold)])
    }

    /// Kills outpostd while a refresh reply is held: the rotation happened upstream, the
    /// keyring still has the spent token.
    func crashMidRefresh(_ daemon: DaemonProcess, _ sandbox: SandboxProcess, held: Int64) async throws {
      // An hour and more later on the service's clock, the access token is dead: the next
      // request is refused and outpostd renews with its refresh token.
      _ = try await sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 4000])
      try await hold(sandbox, true)
      #expect(try cli(daemon, ["sync", "todo"]).status == 0)
      let deadline = ContinuousClock.now + .seconds(60)
      while try await counter(sandbox, "heldRefreshReplies") < held {
        guard ContinuousClock.now < deadline else { throw TestFailure("no refresh reached the sandbox") }
        try await Task.sleep(for: .milliseconds(50))
      }
      _ = try daemon.stop(signal: SIGKILL)
      try await hold(sandbox, false)
    }

    @Test func aKillBetweenRefreshAndKeyringWriteDoesNotLogTheUserOut() async throws {
      let keyring = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess(arguments: ["--manual-clock"])
      let daemon = try DaemonProcess()
      try daemon.start()
      let add = try DemoTasksUser.add(to: daemon, sandbox: sandbox)
      #expect(add.status == 0, "\(add.stderr)")
      #expect(try cli(daemon, ["sync", "todo", "--wait"]).status == 0)
      let beforeCrash = try storedToken(keyring)
      let refreshes = try await counter(sandbox, "refreshes")

      try await crashMidRefresh(daemon, sandbox, held: 1)
      // The service rotated; the keyring still has the token it just spent.
      #expect(try await counter(sandbox, "refreshes") == refreshes + 1)
      #expect(try storedToken(keyring) == beforeCrash, "the keyring changed although the reply never arrived")

      // Restarted at once (within the service's 10 s reuse interval, on its clock): the spent
      // token is honoured, the chain goes on, and the user notices nothing.
      try daemon.start()
      let sync = try cli(daemon, ["sync", "todo", "--wait"])
      #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
      let accounts = try daemon.client().call(AccountsList.self, NoParams()).accounts
      #expect(accounts.first { $0.name == "todo" }?.state == .ok)
      #expect(try await counter(sandbox, "reuseRejected") == 0)
      let afterRestart = try storedToken(keyring)
      #expect(afterRestart != beforeCrash)
      _ = try await sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 4000])
      #expect(try cli(daemon, ["sync", "todo", "--wait"]).status == 0, "the new chain does not renew")
      #expect(try storedToken(keyring) != afterRestart)

      // Restarted long after the reuse interval (an hour of the service's time, reuse
      // detection on): the spent token is the parent of the one the service holds active, so
      // it is answered with that active token (supabase.md §3.4), not taken for a replay.
      // Outpost survives the crash whenever it comes back.
      try await crashMidRefresh(daemon, sandbox, held: 2)
      _ = try await sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 3600])
      try daemon.start()
      let late = try cli(daemon, ["sync", "todo", "--wait"])
      #expect(late.status == 0, "\(late.stdout)\(late.stderr)")
      let state = try daemon.client().call(AccountsList.self, NoParams()).accounts.first { $0.name == "todo" }?.state
      #expect(state == .ok, "\(String(describing: state))")
      #expect(try await counter(sandbox, "reuseRejected") == 0)
      #expect(!daemon.log.contains(DemoTasksUser.password))
      #expect(try daemon.stop() == 0)
    }
  }
}

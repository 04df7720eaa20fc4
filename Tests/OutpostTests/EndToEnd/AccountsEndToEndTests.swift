import Foundation
import OutpostModel
import OutpostRPC
import OutpostRPCClient
import Synchronization
import Testing

/// Accounts end to end: the real daemon and CLI, the real keyring on a private bus, and the
/// VolleyManager sandbox as its own process over real HTTP.
extension EndToEnd {
  @Suite struct Accounts {
    let outpost = DaemonProcess.binary("outpost")
    static let username = "referee@example.ch"
    static let password = "demo-referee-2026"
    static let newPassword = "nouveau-mot-de-passe-été-2026"

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil, language: String? = nil) throws
      -> CommandResult
    {
      var environment = daemon.environment
      if let language { environment["OUTPOST_LANG"] = language }
      return try runCommand(outpost, arguments, environment: environment, input: input)
    }

    func list(_ daemon: DaemonProcess) throws -> [Account] {
      try daemon.client().call(AccountsList.self, NoParams()).accounts
    }

    /// Whether the keyring holds an Outpost item for volleymanager (the secret is never printed).
    func keyringHasItem(_ keyring: KeyringSession) throws -> Bool {
      let search = try keyring.secretTool(["search", "--all", "connector", "volleymanager"])
      return (search.stdout + search.stderr).contains("org.outpost.Credential")
    }

    func contains(_ data: Data, _ text: String) -> Bool { data.range(of: Data(text.utf8)) != nil }

    /// `outpost account add volleymanager` for the referee, on `sandbox`, the password on stdin.
    func addVolleyManager(_ daemon: DaemonProcess, _ sandbox: SandboxProcess) throws -> CommandResult {
      try cli(
        daemon,
        [
          "account", "add", "volleymanager", "--username", Self.username, "--base-url", sandbox.baseURL,
          "--password-stdin",
        ],
        input: Self.password)
    }

    @Test func addExpireRenewAndPasswordChangeAgainstTheSandbox() async throws {
      let keyring = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      var transcript = ""  // every CLI output, scanned for secrets at the end

      let add = try cli(
        daemon,
        [
          "account", "add", "volleymanager", "--username", Self.username, "--base-url", sandbox.baseURL,
          "--password-stdin",
        ],
        input: Self.password + "\n")
      transcript += add.stdout + add.stderr
      #expect(add.status == 0, "\(add.stderr)")
      #expect(add.stdout.contains("Added account volleymanager"), "\(add.stdout)")
      #expect(add.stdout.contains("Lena Graf"), "\(add.stdout)")
      #expect(try keyringHasItem(keyring))
      let stored = try list(daemon)
      #expect(stored.map(\.name) == ["volleymanager"])
      #expect(stored.first?.state == .ok)
      #expect(try await sandbox.stats().logins == 1)

      // The upstream session expires; concurrent checks cause exactly one new login.
      try await sandbox.expireSessions()
      let socket = daemon.paths.socketPath
      let results = Mutex<[Bool]>([])
      let group = DispatchGroup()
      for _ in 0..<8 {
        group.enter()
        Thread.detachNewThread {
          let ok =
            (try? RPCClient(socketPath: socket).call(AccountsStatus.self, .init(name: "volleymanager", check: true)))?
            .check?.ok
          results.withLock { $0.append(ok == true) }
          group.leave()
        }
      }
      group.wait()
      #expect(results.withLock { $0 } == Array(repeating: true, count: 8))
      #expect(try await sandbox.stats().logins == 2)

      let status = try cli(daemon, ["account", "status", "volleymanager"])
      transcript += status.stdout + status.stderr
      // Raw replies, as any client sees them.
      let client = try daemon.client()
      for (method, params) in [
        ("accounts.list", JSONValue.object([:])), ("accounts.status", ["name": "volleymanager", "check": true]),
        ("events.subscribe", ["since": 0]),
      ] {
        transcript += String(decoding: try client.callRaw(method: method, params: params).serialized, as: UTF8.self)
      }
      #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
      #expect(status.stdout.contains("active (in memory only)"), "\(status.stdout)")

      // The password changes upstream: the next login is refused, the secret deleted, the user told once.
      try await sandbox.setPassword(Self.newPassword, for: Self.username)
      try await sandbox.expireSessions()
      for _ in 0..<3 {
        let refused = try cli(daemon, ["account", "status", "volleymanager"])
        transcript += refused.stdout + refused.stderr
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("needs login"), "\(refused.stdout)")
      }
      #expect(try await sandbox.stats().failedLogins == 1)
      #expect(try !keyringHasItem(keyring))
      // The user was told once: one state change to needs-login, however often it was tried.
      let subscriber = try daemon.client()
      let subscribed = try subscriber.call(EventsSubscribe.self, .init(since: 0, types: ["account."]))
      var replayed: [JSONValue] = []
      for _ in 0..<subscribed.replayed { replayed.append(try subscriber.nextNotification()) }
      let needsLogin = replayed.filter {
        $0["params"]?["type"] == "account.didChangeState" && $0["params"]?["data"]?["state"] == "needs-login"
      }
      #expect(needsLogin.count == 1)
      #expect(replayed.contains { $0["params"]?["type"] == "account.didAdd" })

      // The user logs in with the new password.
      let login = try cli(daemon, ["account", "login", "volleymanager", "--password-stdin"], input: Self.newPassword)
      transcript += login.stdout + login.stderr
      #expect(login.status == 0, "\(login.stderr)")
      #expect(try keyringHasItem(keyring))
      #expect(try list(daemon).first?.state == .ok)

      let logout = try cli(daemon, ["account", "logout", "volleymanager", "--json"])
      transcript += logout.stdout + logout.stderr
      #expect(logout.stdout.contains("\"secretDeleted\":true"), "\(logout.stdout)")
      #expect(try !keyringHasItem(keyring))
      #expect(try list(daemon).first?.state == .needsLogin)

      let remove = try cli(daemon, ["account", "remove", "volleymanager"])
      transcript += remove.stdout + remove.stderr
      #expect(remove.status == 0, "\(remove.stderr)")
      #expect(try list(daemon).isEmpty)
      _ = try daemon.stop()

      // Secrets went nowhere else: not the database or its WAL, not the log, not the CLI output.
      for secret in [Self.password, Self.newPassword] {
        for (name, data) in try DaemonFiles.all(daemon) {
          let leaked = contains(data, secret)
          #expect(!leaked, "a password is in \(name)")
        }
        let inLog = daemon.log.contains(secret)
        #expect(!inLog, "a password is in the daemon's log")
        let inTranscript = transcript.contains(secret)
        #expect(!inTranscript, "a password is in the CLI's output")
      }
    }

    @Test func badInputIsRefusedClearlyAndChangesNothing() async throws {
      let keyring = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      let base = ["account", "add", "volleymanager", "--username", Self.username, "--password-stdin"]

      let wrong = try cli(daemon, base + ["--base-url", sandbox.baseURL], input: "not-the-password")
      #expect(wrong.status == 1)
      #expect(wrong.stderr.contains("rejected the credentials"), "\(wrong.stderr)")

      // Said before any password is asked for: no terminal and no --password-stdin here.
      let unknownKind = try cli(daemon, ["account", "add", "myspace", "--username", "x"])
      #expect(unknownKind.status == 64)
      #expect(
        unknownKind.stderr.contains("unknown kind \"myspace\"; Outpost knows: volleymanager"), "\(unknownKind.stderr)")

      // A password piped to a kind that signs in at its pages would be sent as a refresh token.
      let agile = try cli(daemon, ["account", "add", "agilenetwork", "--password-stdin"], input: "pw")
      #expect(agile.status == 64)
      #expect(agile.stderr.contains("agilenetwork accounts take no password"), "\(agile.stderr)")

      let ftp = try cli(daemon, base + ["--base-url", "ftp://127.0.0.1"], input: "pw")
      #expect(ftp.status == 64)
      #expect(ftp.stderr.contains("http:// or https://"), "\(ftp.stderr)")

      let emptyUser = try cli(
        daemon, ["account", "add", "volleymanager", "--username", " ", "--password-stdin"], input: "pw")
      #expect(emptyUser.status == 64)

      let noPassword = try cli(daemon, ["account", "add", "volleymanager", "--username", Self.username])
      #expect(noPassword.status == 64)
      #expect(noPassword.stderr.contains("--password-stdin"), "\(noPassword.stderr)")

      // Nothing listens on port 9 (discard) on loopback: unreachable is temporary (75).
      let unreachable = try cli(daemon, base + ["--base-url", "http://127.0.0.1:9"], input: Self.password)
      #expect(unreachable.status == 75, "\(unreachable.stderr)")
      #expect(unreachable.stderr.contains("cannot be reached"), "\(unreachable.stderr)")
      // Said once, then what to do (three layers each said it once before).
      #expect(unreachable.stderr.components(separatedBy: "cannot be reached").count == 2, "\(unreachable.stderr)")
      #expect(unreachable.stderr.contains("Check the network"), "\(unreachable.stderr)")

      let twoFactor = try cli(
        daemon,
        [
          "account", "add", "volleymanager", "--username", "twofactor@example.ch", "--password-stdin", "--base-url",
          sandbox.baseURL,
        ],
        input: "demo-twofactor-2026")
      #expect(twoFactor.status == 1)
      #expect(twoFactor.stderr.contains("two-factor"), "\(twoFactor.stderr)")

      #expect(try list(daemon).isEmpty)
      #expect(try !keyringHasItem(keyring))

      let first = try cli(daemon, base + ["--base-url", sandbox.baseURL, "--name", "Lena"], input: Self.password)
      #expect(first.status == 0, "\(first.stderr)")
      let duplicate = try cli(daemon, base + ["--base-url", sandbox.baseURL, "--name", "lena"], input: Self.password)
      #expect(duplicate.status == 1)
      #expect(duplicate.stderr.contains("already exists"), "\(duplicate.stderr)")
      #expect(try list(daemon).count == 1)
      #expect(try await sandbox.stats().logins == 1)  // the duplicate never reached the service

      let missing = try cli(daemon, ["account", "remove", "nobody"])
      #expect(missing.status == 1)
      #expect(missing.stderr.contains("No account named \"nobody\""), "\(missing.stderr)")
      #expect(try cli(daemon, ["account", "remove", "Lena"]).status == 0)
      #expect(try !keyringHasItem(keyring))
    }

    @Test func withoutASecretServiceNothingIsSentToTheServiceAndTheUserIsToldWhatToInstall() async throws {
      let bus = try KeyringSession(withKeyring: false)
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess(environment: bus.environment)
      try daemon.start()
      let add = try addVolleyManager(daemon, sandbox)
      #expect(add.status == 75)
      #expect(add.stderr.contains("no Secret Service is running"), "\(add.stderr)")
      #expect(try await sandbox.stats().logins == 0)
      #expect(try list(daemon).isEmpty)
    }

    /// A restarted daemon takes its accounts up again by itself: a keeper starts without a
    /// session and logs in with the keyring's password before the user asks anything. Two paths
    /// lead there, the start's check (`checkAtStart`) and the sync scheduler's first round (every
    /// registered account is due at once): with `checkAtStart` removed this still passes.
    @Test func aRestartedDaemonLogsInAgainByItself() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      let add = try addVolleyManager(daemon, sandbox)
      #expect(add.status == 0, "\(add.stderr)")
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let before = try await sandbox.stats().logins
      #expect(try daemon.stop() == 0)

      try daemon.start()
      // The sandbox answers at the daemon's login, which no command of the user's asks for.
      let logins = try await sandbox.stats(loginsAbove: before).logins
      #expect(logins == before + 1, "daemon log:\n\(daemon.log)")
      #expect(try list(daemon).first?.state == .ok)
      #expect(try cli(daemon, ["account", "remove", "volleymanager"]).status == 0)
    }

    @Test func aLockedKeyringIsWaitedForAndOutpostCarriesOnWhenItIsUnlocked() async throws {
      let keyring = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess(config: "[daemon]\nlog_level = \"debug\"\n[accounts]\nkeyring_poll_seconds = 1\n")
      try daemon.start()
      let add = try addVolleyManager(daemon, sandbox)
      #expect(add.status == 0, "\(add.stderr)")

      try keyring.lockLoginCollection()
      var unlocked = false
      defer { if !unlocked { try? keyring.restartUnlocked() } }
      try await sandbox.expireSessions()
      let locked = try cli(daemon, ["account", "status", "volleymanager"])
      #expect(locked.status == 1)
      #expect(locked.stdout.contains("keyring locked"), "\(locked.stdout)")
      // The daemon sends the reason as a phrase: a German terminal reads it in German (issue 48 §1).
      let german = try cli(daemon, ["account", "status", "volleymanager"], language: "de")
      #expect(
        german.stdout.contains("Schlüsselbund gesperrt (wartet, bis der Schlüsselbund entsperrt ist)"),
        "\(german.stdout)")
      #expect(try list(daemon).first?.state == .keyringLocked)
      // Adding another account now is refused before the service is asked.
      let refused = try cli(
        daemon,
        [
          "account", "add", "volleymanager", "--name", "second", "--username", Self.username, "--base-url",
          sandbox.baseURL, "--password-stdin",
        ],
        input: Self.password)
      #expect(refused.status == 75, "\(refused.stderr)")
      #expect(refused.stderr.contains("locked"), "\(refused.stderr)")

      // Subscribed before the unlock: the account's way back to ok is waited for as an event (the
      // subscriber's read gives up after 30 s, failing the test).
      let subscriber = try daemon.client(timeout: .seconds(30))
      let subscribed = try subscriber.call(EventsSubscribe.self, .init(since: 0, types: ["account."]))
      for _ in 0..<subscribed.replayed { _ = try subscriber.nextNotification() }
      try keyring.restartUnlocked()
      unlocked = true
      // No command from the user: the daemon notices the unlock by itself and logs in again.
      var states: [JSONValue] = []
      while states.last != "ok" {
        let event = try subscriber.nextNotification()
        guard event["params"]?["type"] == "account.didChangeState" else { continue }
        states.append(event["params"]?["data"]?["state"] ?? .null)
      }
      #expect(states == ["ok"], "daemon log:\n\(daemon.log)")
      #expect(try list(daemon).first?.state == .ok)
      #expect(try await sandbox.stats().logins == 2)
      #expect(try cli(daemon, ["account", "remove", "volleymanager"]).status == 0)
    }
  }
}

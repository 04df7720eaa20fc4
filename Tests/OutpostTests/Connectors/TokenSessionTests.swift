import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

/// Token sessions (a password once, then rotating refresh tokens) through the session keeper,
/// against the sandbox's Supabase Auth with reuse detection on: expiry is driven by the
/// sandbox's clock, never by waiting.
@Suite(.serialized) struct TokenSessionTests {
  let key = VaultKey(kind: "tasks", accountID: "t-1")
  let passwordKey = VaultKey.password(kind: "tasks", accountID: "t-1")

  func keeper(_ server: SandboxServer, _ vault: any CredentialVault) -> SessionKeeper<TasksConnector> {
    let account = ConnectorAccount(
      id: "t-1", username: SandboxTasksUser.demo.email, baseURL: server.url(for: .tasks),
      options: ["apiKey": "sandbox-tasks-anon-key"])
    return SessionKeeper(
      connector: TasksConnector(account: account, transport: TestHTTP.transport), account: account, vault: vault
    ) { _ in }
  }

  func withServer(
    tokenLifetime: Int = 3600, _ body: (SandboxServer) async throws -> Void
  ) async throws {
    // A manual clock: lifetimes and the reuse interval run out only when a test says so.
    var configuration = SandboxConfiguration(
      services: [.tasks], tasks: SandboxTasksConfiguration(accessTokenLifetimeSeconds: tokenLifetime))
    configuration.manualClock = true
    let server = try await SandboxServer.start(configuration)
    do { try await body(server) } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  func fetchCount(_ keeper: SessionKeeper<TasksConnector>) async throws -> Int {
    try await keeper.fetch(window: SyncWindow.around(Date()), cursor: nil).items.count
  }

  @Test func thePasswordIsUsedOnceAndEachExpiryCostsOneRefreshWhateverTheConcurrency() async throws {
    try await withServer { server in
      let vault = SessionKeeperTests.MemoryVault()
      let keeper = keeper(server, vault)
      _ = try await keeper.adopt(SecretString(SandboxTasksUser.demo.password), label: "Tasks")
      let stored = try #require(await vault.secrets[key])
      #expect(SupabaseStoredSecret(stored) != .password(SecretString(SandboxTasksUser.demo.password)))
      #expect(try await fetchCount(keeper) > 0)

      await server.tasks.setAccessTokenLifetime(seconds: 300)
      // The current token was issued for an hour; an hour later it is expired at the service.
      await server.advanceClock(seconds: 3700)
      let before = await server.tasks.stats().refreshes
      try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<8 { group.addTask { try await fetchCount(keeper) } }
        for try await count in group { #expect(count > 0) }
      }
      #expect(await server.tasks.stats().refreshes == before + 1)
      // The keyring holds the newest token, and it works for a fresh start of the daemon.
      let rotated = try #require(await vault.secrets[key])
      #expect(rotated != stored)
      #expect(try await fetchCount(self.keeper(server, vault)) > 0)
      #expect(await server.tasks.stats().reuseRejected == 0)
    }
  }

  /// A project that issues short access tokens (60 s, under the 90 s outpostd renews ahead)
  /// is used for the token's first three quarters, not renewed on every request, and never
  /// hands out a token that is "expiring" on arrival.
  @Test func shortLivedAccessTokensAreUsedNotRenewedOnEveryRequest() async throws {
    try await withServer(tokenLifetime: 60) { server in
      let vault = SessionKeeperTests.MemoryVault()
      let keeper = keeper(server, vault)
      _ = try await keeper.adopt(SecretString(SandboxTasksUser.demo.password), label: "Tasks")
      #expect(try await fetchCount(keeper) > 0)
      #expect(try await fetchCount(keeper) > 0)
      #expect(await server.tasks.stats().refreshes == 0)
      await server.advanceClock(seconds: 61)
      #expect(try await fetchCount(keeper) > 0)
      #expect(await server.tasks.stats().refreshes == 1)
    }
    let now = Date()
    let short = SupabaseSession(
      accessToken: SecretString("a"), refreshToken: SecretString("r"), expiresAt: now.addingTimeInterval(60),
      lifetime: 60, userID: "u")
    #expect(!short.isExpiring(at: now))
    #expect(short.isExpiring(at: now.addingTimeInterval(46)))
    let long = SupabaseSession(
      accessToken: SecretString("a"), refreshToken: SecretString("r"), expiresAt: now.addingTimeInterval(3600),
      lifetime: 3600, userID: "u")
    #expect(!long.isExpiring(at: now.addingTimeInterval(3500)) && long.isExpiring(at: now.addingTimeInterval(3511)))
  }

  /// The refresh happened at the service but its new token never reached the keyring (the
  /// daemon was killed in between, or the keyring write failed): the next start presents the
  /// spent parent token, which the service answers with the active one. The account is never
  /// logged out by it.
  @Test func aRefreshWhoseTokenNeverReachedTheKeyringDoesNotLogTheUserOut() async throws {
    try await withServer { server in
      let vault = SessionKeeperTests.MemoryVault()
      _ = try await keeper(server, vault).adopt(SecretString(SandboxTasksUser.demo.password), label: "Tasks")
      let parent = try #require(await vault.secrets[key])

      // A daemon whose keyring writes are lost: it refreshes, uses the session, and dies.
      let lossy = DroppingVault(holding: parent, key: key)
      #expect(try await fetchCount(keeper(server, lossy)) > 0)
      #expect(await server.tasks.stats().refreshes == 1)
      #expect(await lossy.droppedWrites == 1)
      #expect(await vault.secrets[key] == parent)

      // Long after the reuse interval, the next daemon starts from the parent token.
      await server.advanceClock(seconds: 3600)
      let next = keeper(server, vault)
      #expect(try await fetchCount(next) > 0)
      #expect(await next.needsLogin == false)
      #expect(await server.tasks.stats().reuseRejected == 0)
      let healed = try #require(await vault.secrets[key])
      #expect(healed != parent)
      // And from here on the chain goes on normally.
      await server.advanceClock(seconds: 3700)
      #expect(try await fetchCount(keeper(server, vault)) > 0)
      #expect(await server.tasks.stats().reuseRejected == 0)
    }
  }

  /// Someone replays the first token, long spent and not the active one's parent: the service
  /// revokes the whole family (supabase.md §3.4), and the owner's session is over.
  func stolenFamily(_ server: SandboxServer, _ vault: SessionKeeperTests.MemoryVault) async throws {
    _ = try await keeper(server, vault).adopt(SecretString(SandboxTasksUser.demo.password), label: "Tasks")
    let first = try #require(await vault.secrets[key])
    await server.advanceClock(seconds: 3700)
    #expect(try await fetchCount(keeper(server, vault)) > 0)  // rotates: first → second
    await server.advanceClock(seconds: 3700)
    #expect(try await fetchCount(keeper(server, vault)) > 0)  // second → third
    let thief = keeper(server, try await SessionKeeperTests.MemoryVault.holding(first, key: key))
    await #expect(throws: SessionError.self) { _ = try await fetchCount(thief) }
    #expect(await thief.needsLogin)
    #expect(await server.tasks.stats().reuseRejected >= 1)
    await server.advanceClock(seconds: 3700)
  }

  /// The password the user gave stays beside the session: the owner, whose session the replay
  /// ended, signs in again with it once, silently; the thief, who has no password, stays out.
  @Test func aStolenOldTokenEndsTheSessionAndTheStoredPasswordStartsANewOne() async throws {
    try await withServer { server in
      let vault = SessionKeeperTests.MemoryVault()
      try await stolenFamily(server, vault)
      #expect(await vault.secrets[passwordKey] == SecretString(SandboxTasksUser.demo.password))
      let logins = await server.tasks.stats().logins
      let owner = keeper(server, vault)
      #expect(try await fetchCount(owner) > 0)
      #expect(await owner.needsLogin == false)
      #expect(await server.tasks.stats().logins == logins + 1)
      let stored = try #require(await vault.secrets[key])
      guard case .refreshToken = SupabaseStoredSecret(stored) else {
        Issue.record("the keyring does not hold the new session")
        return
      }
      #expect(await vault.secrets[passwordKey] != nil)
    }
  }

  /// Without a password beside the session (a keyring from before one was kept), the user is
  /// asked to sign in again instead of a loop.
  @Test func aStolenOldTokenWithoutAStoredPasswordAsksTheUserToSignInAgain() async throws {
    try await withServer { server in
      let vault = SessionKeeperTests.MemoryVault()
      try await stolenFamily(server, vault)
      #expect(try await vault.delete(for: passwordKey))
      let logins = await server.tasks.stats().logins
      let owner = keeper(server, vault)
      await #expect(throws: SessionError.self) { _ = try await fetchCount(owner) }
      #expect(await owner.needsLogin)
      #expect(await server.tasks.stats().logins == logins)
      #expect(await vault.secrets[key] == nil, "a dead token stayed in the keyring")
    }
  }

  /// A password changed at the service (which ends its sessions): one sign-in with the stored
  /// one is tried and refused, the account needs a login and says why, both items are gone.
  @Test func aPasswordChangedAtTheServiceIsTriedOnceThenTheUserIsAsked() async throws {
    try await withServer { server in
      let vault = SessionKeeperTests.MemoryVault()
      _ = try await keeper(server, vault).adopt(SecretString(SandboxTasksUser.demo.password), label: "Tasks")
      #expect(await server.tasks.setPassword("changed-elsewhere-2026", email: SandboxTasksUser.demo.email) == 1)
      await server.advanceClock(seconds: 3700)
      let owner = keeper(server, vault)
      for _ in 0..<3 {
        await #expect(throws: SessionError.self) { _ = try await fetchCount(owner) }
      }
      #expect(await owner.needsLogin)
      #expect(await server.tasks.stats().failedLogins == 1)
      #expect(await vault.secrets[key] == nil)
      #expect(await vault.secrets[passwordKey] == nil)
      await #expect(
        throws: SessionError.needsLogin(
          Phrase("session.passwordSignInFailed", .text("the email or password was not accepted")))
      ) { try await owner.check() }
    }
  }
}

/// A keyring whose writes are lost: reads give what it held at the start.
actor DroppingVault: CredentialVault {
  let held: SecretString
  let key: VaultKey
  private(set) var droppedWrites = 0

  init(holding secret: SecretString, key: VaultKey) {
    held = secret
    self.key = key
  }

  func secret(for account: VaultKey) async throws(VaultError) -> SecretString? { account == key ? held : nil }
  func store(_ secret: SecretString, for account: VaultKey, label: String) async throws(VaultError) {
    droppedWrites += 1
    throw .unavailable("the keyring went away")
  }
  func delete(for account: VaultKey) async throws(VaultError) -> Bool { false }
}

extension SessionKeeperTests.MemoryVault {
  static func holding(_ secret: SecretString, key: VaultKey) async throws -> SessionKeeperTests.MemoryVault {
    let vault = SessionKeeperTests.MemoryVault()
    try await vault.store(secret, for: key, label: "test")
    return vault
  }
}

import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostSandbox
import OutpostStore
import Testing

@testable import OutpostDaemon

extension EndToEnd {
  /// The daemon's account service in process, with the real keyring and the sandbox, for what
  /// the CLI cannot reach yet (queued actions arrive with the action queue).
  @Suite struct AccountServiceTests {
    /// RPP has no public address: an account without --base-url would send its ID tokens to a
    /// guess, so it is refused before anything is asked or stored.
    @Test func anRPPAccountWithoutItsDeploymentsAddressIsRefused() async throws {
      let store = try Store.inMemory()
      let logger = Logger(label: "test")
      let accounts = AccountService(
        store: store, vault: KeyringVault(secrets: .init()), transport: TestHTTP.transport,
        events: try await EventHub(store: store, retained: 100, logger: logger), logger: logger,
        pendingActions: { _ in 0 })
      do {
        _ = try await accounts.add(
          .init(
            kind: "rpp", name: "work", username: "ana@bayrealty.com", baseURL: nil, secret: "pw",
            options: ["firebase_api_key": "key"]))
        Issue.record("an RPP account without its address was added")
      } catch {
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(
          error.message
            == "RPP accounts need --base-url: your RPP deployment's API address, e.g. https://api.example.com/v1")
        #expect(error.phrase?.text(.de)?.hasPrefix("RPP-Konten brauchen --base-url: die API-Adresse") == true)
      }
      #expect(try await store.accounts().isEmpty)
    }

    @Test func removingAnAccountWithQueuedActionsNeedsForceAndSaysHowMany() async throws {
      _ = try KeyringSession.shared.get()
      let server = try await SandboxServer.start(SandboxConfiguration())
      let store = try Store.inMemory()
      let logger = Logger(label: "test")
      let events = try await EventHub(store: store, retained: 100, logger: logger)
      let vault = KeyringVault(secrets: .init())
      let accounts = AccountService(
        store: store, vault: vault, transport: TestHTTP.transport, events: events, logger: logger,
        pendingActions: { _ in 3 })
      let added = try await accounts.add(
        .init(
          kind: "volleymanager", username: "referee@example.ch", baseURL: server.baseURL, secret: "demo-referee-2026"))
      await #expect(throws: RPCError.actionsPending(added.account.name, count: 3)) {
        _ = try await accounts.remove(.init(name: added.account.name))
      }
      #expect(try await store.accounts().count == 1)
      let key = VaultKey(kind: "volleymanager", accountID: added.account.id)
      #expect(try await vault.secret(for: key) != nil)
      let removed = try await accounts.remove(.init(name: added.account.name, force: true))
      #expect(removed.discardedActions == 3)
      #expect(try await store.accounts().isEmpty)
      #expect(try await vault.secret(for: key) == nil)
      try await server.stop()
    }
  }
}

import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostSandbox
import OutpostStore
import Synchronization
import Testing

@testable import OutpostDaemon

extension EndToEnd {
  /// Magic-link sign-in (agile-network.md §3) through the daemon's account service in process:
  /// the real keyring, a real store, the sandbox's brand backend and Keycloak over HTTP, the
  /// mail read from the sandbox's outbox and the link "opened" as a browser would (its redirect
  /// read, not followed). The daemon's wall clock is the test's, to let a link expire.
  @Suite(.serialized) struct SignInLinks {
    /// This machine's time, moved by the test.
    final class TestTime: Sendable {
      private let offset = Mutex<TimeInterval>(0)
      func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }
      func advance(_ seconds: TimeInterval) { offset.withLock { $0 += seconds } }
    }

    struct World {
      let server: SandboxServer
      let brand: ServicePreset
      let store: Store
      let vault: KeyringVault
      let accounts: AccountService
      let time: TestTime
      let account: Account

      var scheme: String { brand["deep_link.scheme"] ?? "" }

      /// The callback the newest mail's link leads to, as the browser would hand it over.
      func openNewestMail() async throws -> String {
        let mail = try #require(await server.agileNetwork.magicLinkOutbox(brand: brand.id).last, "no mail was sent")
        let reply = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: mail.link, headers: []))
        #expect(reply.status == 302)
        return try #require(reply.header("location"), "the link does not redirect")
      }

      func request(_ email: String = "fan@example.com") async throws -> AccountsLoginBegin.Result {
        try await accounts.beginLogin(.init(name: account.name, method: .magicLink, email: email, locale: "de"))
      }

      func open(_ link: String) async throws -> ItemsResolve.SignedIn {
        guard
          case .success(.signInCallback(let scheme, let fields)) = DeepLink.parse(
            link, schemes: ConnectorRegistry.linkSchemes(presets: ServicePresets(tables: ["agile.brands": [brand]])))
        else { throw RPCError.invalidParams("not a sign-in callback: \(link)") }
        return try await accounts.completeSignInLink(scheme: scheme, fields: fields)
      }

      func pendingSecrets() async throws -> Int {
        var count = 0
        for link in try await store.signInLinks(accountID: account.id)
        where try await vault.secret(for: AccountService.signInLinkKey(link.stateHash)) != nil {
          count += 1
        }
        return count
      }
    }

    /// A daemon's account service (its own store) for the first shipped brand, pointed at
    /// `server` as config.toml would, with one account waiting for its first sign-in.
    static func daemon(_ server: SandboxServer, time: TestTime) async throws -> World {
      let shipped = ShippedPresets.load(path: ServicePresetTests.shippedPath, tables: ["agile.brands"])
      var brand = try #require(shipped.presets.presets(in: "agile.brands").first)
      brand.values["keycloak.base_url"] = server.url(for: .keycloak)
      brand.values["api.graphql_url"] = server.url(for: .agilenetwork) + "/\(brand.id)/graphql"
      brand.values["api.magic_link_url"] = server.url(for: .agilenetwork) + "/\(brand.id)/auth/magic-link"
      let store = try Store.inMemory()
      let logger = Logger(label: "test")
      let vault = KeyringVault(secrets: .init())
      let accounts = AccountService(
        store: store, vault: vault, transport: TestHTTP.transport,
        events: try await EventHub(store: store, retained: 100, logger: logger), logger: logger,
        presets: ServicePresets(tables: ["agile.brands": [brand]]), now: { time.now() })
      let added = try await accounts.add(
        .init(kind: "agilenetwork", name: "fan", username: nil, baseURL: nil, secret: nil, options: ["brand": brand.id])
      )
      return World(
        server: server, brand: brand, store: store, vault: vault, accounts: accounts, time: time,
        account: added.account)
    }

    func withSandbox(_ body: (SandboxServer) async throws -> Void) async throws {
      _ = try KeyringSession.shared.get()
      let server = try await SandboxServer.start(SandboxConfiguration(services: [.keycloak, .agilenetwork]))
      do { try await body(server) } catch {
        try await server.stop()
        throw error
      }
      try await server.stop()
    }

    @Test func theLinkSignsInOnlyTheMachineThatAskedAndOnlyOnce() async throws {
      try await withSandbox { server in
        let world = try await Self.daemon(server, time: TestTime())
        let begun = try await world.request()
        #expect(begun.method == .magicLink && begun.sentTo == "fan@example.com" && begun.url.isEmpty)
        #expect(begun.expiresAt > world.time.now().addingTimeInterval(600))
        #expect(try await world.pendingSecrets() == 1)
        let callback = try await world.openNewestMail()
        #expect(callback.hasPrefix("\(world.scheme)://auth/callback?"), "\(callback)")

        // Another machine (its own store, the same keyring even) never asked for it.
        let other = try await Self.daemon(server, time: TestTime())
        await #expect(throws: RPCError.signInLinkUnknown()) { _ = try await other.open(callback) }

        // A long poll on this machine sees the sign-in end when the link comes back.
        let waiting = Task {
          try await world.accounts.waitLogin(.init(loginID: begun.loginID, timeoutSeconds: 120))
        }
        let signedIn = try await world.open(callback)
        #expect(signedIn.account.state == .ok && signedIn.identity?.displayName == "Jo Rivera")
        let waited = try await waiting.value
        #expect(waited.status == .signedIn)
        let refresh = try await world.vault.secret(
          for: VaultKey(kind: "agilenetwork", accountID: world.account.id))
        #expect(refresh != nil, "no refresh token in the keyring")
        #expect(try await world.pendingSecrets() == 0)

        // Used once: the same link again says it was used, and changes nothing.
        do {
          _ = try await world.open(callback)
          Issue.record("a used link signed in again")
        } catch let error as RPCError {
          #expect(error.code == RPCError.signInLinkUnknownCode && error.phrase?.key == "signInLink.used", "\(error)")
        }
        #expect(try await world.accounts.existing("fan").state == .ok)
      }
    }

    @Test func anExpiredLinkSaysSoAndAForgedOrTamperedOneIsRefused() async throws {
      try await withSandbox { server in
        let world = try await Self.daemon(server, time: TestTime())
        _ = try await world.request()
        let callback = try await world.openNewestMail()
        world.time.advance(16 * 60)
        await #expect(throws: RPCError.signInLinkExpired("fan")) { _ = try await world.open(callback) }
        #expect(try await world.pendingSecrets() == 0)

        // A state nobody asked for, and a link without one.
        let forged = "\(world.scheme)://auth/callback?code=abc&state=made-up"
        await #expect(throws: RPCError.signInLinkUnknown()) { _ = try await world.open(forged) }
        await #expect(throws: RPCError.signInLinkUnknown()) {
          _ = try await world.open("\(world.scheme)://auth/callback?code=abc")
        }

        // The right state with another code: the token endpoint refuses it; nothing is kept.
        world.time.advance(-16 * 60)
        await server.advanceClock(seconds: 61)
        _ = try await world.request()
        let fresh = try await world.openNewestMail()
        guard
          case .success(.signInCallback(_, let fields)) = DeepLink.parse(
            fresh,
            schemes: ConnectorRegistry.linkSchemes(presets: ServicePresets(tables: ["agile.brands": [world.brand]])))
        else { throw RPCError.invalidParams("not a callback: \(fresh)") }
        let state = try #require(fields["state"])
        let swapped = "\(world.scheme)://auth/callback?code=not-the-code&state=\(state)"
        do {
          _ = try await world.open(swapped)
          Issue.record("a code the service never issued signed in")
        } catch let error as RPCError {
          #expect(error.code == RPCError.loginFailedCode, "\(error)")
        }
        #expect(try await world.accounts.existing("fan").state == .needsLogin)
        #expect(
          try await world.vault.secret(for: VaultKey(kind: "agilenetwork", accountID: world.account.id)) == nil)
      }
    }

    @Test func atMostThreeLinksWaitAndTheAccountTakesThemAlong() async throws {
      try await withSandbox { server in
        let world = try await Self.daemon(server, time: TestTime())
        var callbacks: [String] = []
        for _ in 0..<4 {
          _ = try await world.request()
          callbacks.append(try await world.openNewestMail())
          await server.advanceClock(seconds: 61)  // the backend's one mail a minute per address
        }
        #expect(try await world.store.signInLinks(accountID: world.account.id).count == 3)
        #expect(try await world.pendingSecrets() == 3)
        // The first was pushed out: its link is no longer this machine's.
        await #expect(throws: RPCError.signInLinkUnknown()) { _ = try await world.open(callbacks[0]) }
        // A malformed address is refused before anything is asked.
        await #expect(throws: RPCError.self) { _ = try await world.request("not-an-address") }

        let keys = try await world.store.signInLinks(accountID: world.account.id).map {
          AccountService.signInLinkKey($0.stateHash)
        }
        _ = try await world.accounts.remove(.init(name: "fan"))
        for key in keys { #expect(try await world.vault.secret(for: key) == nil) }
      }
    }
  }
}

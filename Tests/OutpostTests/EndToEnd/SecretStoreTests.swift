import Foundation
import Testing

@testable import OutpostDesktop

/// The Secret Service, for real: a private bus and an unlocked GNOME Keyring per test process.
extension EndToEnd {
  @Suite(.serialized) struct SecretStoreTests {
    let store = SecretStore()

    func session() throws -> KeyringSession { try KeyringSession.shared.get() }

    @Test func storesLooksUpAndDeletesANonASCIISecret() async throws {
      _ = try session()
      let secret = "pässwörd – 🏐 «Zürich» \\ \" '"
      try await store.store(secret, connector: "volleymanager", account: "ref-1", label: "Outpost: VolleyManager ref-1")
      #expect(try await store.lookup(connector: "volleymanager", account: "ref-1") == secret)
      // Another account of the same connector is another item.
      #expect(try await store.lookup(connector: "volleymanager", account: "ref-2") == nil)
      try await store.store("second", connector: "volleymanager", account: "ref-1", label: "replaced")
      #expect(try await store.lookup(connector: "volleymanager", account: "ref-1") == "second")
      #expect(try await store.delete(connector: "volleymanager", account: "ref-1"))
      #expect(try await store.lookup(connector: "volleymanager", account: "ref-1") == nil)
      #expect(try await !store.delete(connector: "volleymanager", account: "ref-1"))
    }

    @Test func itemsAreFoundUnderOutpostsSchemaBySecretTool() async throws {
      let session = try session()
      try await store.store("s3cret-for-search", connector: "ical", account: "feed-1", label: "Outpost: iCal feed-1")
      let search = try session.secretTool(["search", "--all", "connector", "ical", "account", "feed-1"])
      #expect(search.stdout.contains("org.outpost.Credential") || search.stderr.contains("org.outpost.Credential"))
      #expect(search.stdout.contains("label = Outpost: iCal feed-1") || search.stderr.contains("Outpost: iCal feed-1"))
      try await store.delete(connector: "ical", account: "feed-1")
    }

    @Test func aLockedKeyringIsReportedAsLockedNotAsMissing() async throws {
      let session = try session()
      try await store.store("kept", connector: "rpp", account: "client-1", label: "Outpost: RPP client-1")
      #expect(try await store.state() == .unlocked)
      try session.lockLoginCollection()
      #expect(try await store.state() == .locked)
      await #expect(throws: SecretStoreError.locked) {
        try await store.lookup(connector: "rpp", account: "client-1")
      }
      await #expect(throws: SecretStoreError.locked) {
        try await store.store("new", connector: "rpp", account: "client-2", label: "x")
      }
      // Unlocking (here: the keyring daemon restarted with its password, as at a new login) brings
      // the same secret back, through a new connection to the restarted service.
      try session.restartUnlocked()
      #expect(try await store.state() == .unlocked)
      #expect(try await store.lookup(connector: "rpp", account: "client-1") == "kept")
      try await store.delete(connector: "rpp", account: "client-1")
    }

    @Test func errorMessagesAreClassified() {
      #expect(SecretStore.classify(message: "Cannot create an item in a locked collection") == .locked)
      #expect(
        SecretStore.classify(message: "The name org.freedesktop.secrets was not provided by any .service files")
          == .noSecretService)
      #expect(SecretStore.classify(message: "The name :1.1 was not provided by any .service files") == .noSecretService)
      #expect(SecretStore.classify(message: "Cannot autolaunch D-Bus without X11 $DISPLAY") == .noSessionBus)
      #expect(SecretStore.classify(message: "The given address is empty") == .noSessionBus)
      #expect(
        SecretStore.classify(message: "Object does not exist at path “/org/freedesktop/secrets/collection/login”")
          == .noDefaultCollection)
      #expect(SecretStore.classify(message: "something else") == .failed("something else"))
      // CSecret's message when libsecret is not installed names no bus, though its reason says
      // "No such file or directory".
      let missing =
        "libsecret cannot be loaded (libsecret-1.so.0: cannot open shared object file: No such file or directory); "
        + "install it (Debian: apt install libsecret-1-0)"
      #expect(SecretStore.classify(message: missing) == .notInstalled(missing))
    }
  }
}

extension EndToEnd {
  /// Failure modes that need a process of their own (libsecret keeps its first bus connection).
  @Suite struct KeyringCheck {
    let outpostd = DaemonProcess.binary("outpostd")

    @Test func reportsAnUnlockedKeyring() throws {
      let session = try KeyringSession(withKeyring: true)
      let result = try runCommand(outpostd, ["--check-keyring"], environment: session.environment)
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("keyring: unlocked"))
    }

    @Test func reportsALockedKeyring() throws {
      let session = try KeyringSession(withKeyring: true)
      try session.lockLoginCollection()
      let result = try runCommand(outpostd, ["--check-keyring"], environment: session.environment)
      #expect(result.status == 69)
      #expect(result.stdout.contains("keyring: the keyring is locked"), "\(result.stdout)\(result.stderr)")
    }

    @Test func reportsABusWithoutSecretService() throws {
      let session = try KeyringSession(withKeyring: false)
      let result = try runCommand(outpostd, ["--check-keyring"], environment: session.environment)
      #expect(result.status == 69)
      #expect(result.stdout.contains("no Secret Service is running"), "\(result.stdout)\(result.stderr)")
    }

    @Test func reportsNoSessionBus() throws {
      let directory = TemporaryDirectory()
      let result = try runCommand(
        outpostd, ["--check-keyring"],
        environment: ["HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "PATH": "/usr/bin:/bin"])
      #expect(result.status == 69)
      #expect(result.stdout.contains("there is no D-Bus session bus"), "\(result.stdout)\(result.stderr)")
    }
  }
}

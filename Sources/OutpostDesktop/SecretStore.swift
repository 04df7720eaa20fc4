import CSecret
import Dispatch
import Foundation

/// Outpost's credentials in the Secret Service (GNOME Keyring, KWallet's ksecretd, KeePassXC),
/// under its own schema with the attributes (connector kind, account id).
///
/// libsecret's calls block on D-Bus, so they run one at a time on a private thread, never on an
/// event loop or the cooperative pool. A locked keyring is reported as such, never as "no
/// credential": libsecret's lookup returns nothing in both cases, so the collection's state is
/// checked before an empty answer is believed.
public final class SecretStore: Sendable {
  private let queue = DispatchQueue(label: "outpost.secret-service")

  public init() {}

  /// Stores (or replaces) the secret of an account.
  public func store(_ secret: String, connector: String, account: String, label: String) async throws(SecretStoreError)
  {
    try await run { () throws(SecretStoreError) in
      var error: UnsafeMutablePointer<CChar>?
      let stored = connector.withCString { connector in
        account.withCString { account in
          label.withCString { label in
            secret.withCString { secret in outpost_secret_store(connector, account, label, secret, &error) }
          }
        }
      }
      guard stored != 0 else { throw Self.classify(error) }
    }
  }

  /// The account's secret, or nil when the keyring has none. Throws `.locked` when the keyring
  /// is locked (the secret may well be there).
  public func lookup(connector: String, account: String) async throws(SecretStoreError) -> String? {
    try await run { () throws(SecretStoreError) -> String? in
      var error: UnsafeMutablePointer<CChar>?
      let found = connector.withCString { connector in
        account.withCString { account in outpost_secret_lookup(connector, account, &error) }
      }
      if let found {
        defer { outpost_secret_free(found) }
        return String(cString: found)
      }
      if error != nil { throw Self.classify(error) }
      switch try Self.currentState() {
      case .unlocked: return nil
      case .locked: throw .locked
      case .noDefaultCollection: throw .noDefaultCollection
      }
    }
  }

  /// Deletes the account's secret; false when there was none.
  @discardableResult
  public func delete(connector: String, account: String) async throws(SecretStoreError) -> Bool {
    try await run { () throws(SecretStoreError) -> Bool in
      var error: UnsafeMutablePointer<CChar>?
      let removed = connector.withCString { connector in
        account.withCString { account in outpost_secret_clear(connector, account, &error) }
      }
      if error != nil { throw Self.classify(error) }
      return removed != 0
    }
  }

  /// Whether the default collection exists and is unlocked.
  public func state() async throws(SecretStoreError) -> KeyringState {
    try await run { () throws(SecretStoreError) in try Self.currentState() }
  }

  private static func currentState() throws(SecretStoreError) -> KeyringState {
    var error: UnsafeMutablePointer<CChar>?
    switch outpost_keyring_state(&error) {
    case 0: return .unlocked
    case 1: return .locked
    case 2: return .noDefaultCollection
    default: throw classify(error)
    }
  }

  /// Runs `body` on the Secret Service thread. When the service seems gone, the cached
  /// connection is dropped and `body` tried once more: a keyring daemon that restarted (or was
  /// started after Outpost) is found again without restarting Outpost.
  private func run<T: Sendable>(_ body: @escaping @Sendable () throws(SecretStoreError) -> T)
    async throws(SecretStoreError)
    -> T
  {
    let result: Result<T, SecretStoreError> = await withCheckedContinuation { continuation in
      queue.async {
        var result = Result { () throws(SecretStoreError) -> T in try body() }
        if case .failure(let error) = result, error == .noSecretService || Self.isStaleSession(error) {
          outpost_secret_reconnect()
          result = Result { () throws(SecretStoreError) -> T in try body() }
        }
        continuation.resume(returning: result)
      }
    }
    return try result.get()
  }

  /// The keyring daemon restarted under us: libsecret's cached session (which wraps secrets in
  /// transit) died with it. Reconnecting makes a new one.
  static func isStaleSession(_ error: SecretStoreError) -> Bool {
    guard case .failed(let message) = error else { return false }
    let lowered = message.lowercased()
    return lowered.contains("session") && lowered.contains("does not exist")
  }

  /// Turns a failure's message (which it frees) into what the user needs to hear. Messages
  /// never contain the secret.
  static func classify(_ error: UnsafeMutablePointer<CChar>?) -> SecretStoreError {
    guard let error else { return .failed("unknown Secret Service error") }
    defer { free(error) }
    return classify(message: String(cString: error))
  }

  static func classify(message: String) -> SecretStoreError {
    // CSecret's own message when dlopen failed: its "No such file or directory" is not the bus's.
    if message.hasPrefix("libsecret cannot be loaded") { return .notInstalled(message) }
    let lowered = message.lowercased()
    if lowered.contains("locked") { return .locked }
    if lowered.contains("not provided by any .service files") || lowered.contains("serviceunknown")
      || lowered.contains("name has no owner")
    {
      return .noSecretService
    }
    if lowered.contains("autolaunch") || lowered.contains("dbus_session_bus_address")
      || lowered.contains("address is empty")
      || lowered.contains("could not connect") || lowered.contains("no such file or directory")
    {
      return .noSessionBus
    }
    if lowered.contains("object does not exist") && lowered.contains("collection") { return .noDefaultCollection }
    return .failed(message)
  }
}

public enum KeyringState: String, Sendable, Equatable {
  case unlocked
  case locked
  /// The Secret Service runs but has no default ("login") collection yet.
  case noDefaultCollection = "no-default-collection"
}

public enum SecretStoreError: Error, Equatable, CustomStringConvertible {
  case locked
  case noDefaultCollection
  case noSecretService
  case noSessionBus
  /// libsecret could not be loaded (not installed, or too old); the loader's reason.
  case notInstalled(String)
  case failed(String)

  public var description: String {
    switch self {
    case .locked:
      "the keyring is locked; Outpost waits until it is unlocked (usually by logging in to the desktop)"
    case .noDefaultCollection:
      "the keyring has no default collection; create one in your keyring manager (e.g. Seahorse: \"Passwords\" → \"Login\")"
    case .noSecretService:
      "no Secret Service is running on the session bus; install and start one (gnome-keyring, KeePassXC or KWallet)"
    case .noSessionBus:
      "there is no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set or not reachable); run Outpost inside your desktop session"
    case .notInstalled(let reason):
      reason
    case .failed(let message):
      "the Secret Service failed: \(message)"
    }
  }
}

import OutpostModel

/// Where an account's long-lived secret is kept: the Secret Service in the daemon. Connectors
/// and keepers see only this, so that they never depend on libsecret.
public protocol CredentialVault: Sendable {
  /// The secret, or nil when there is none. Throws `.locked` when it may exist but cannot be read.
  func secret(for account: VaultKey) async throws(VaultError) -> SecretString?
  func store(_ secret: SecretString, for account: VaultKey, label: String) async throws(VaultError)
  /// False when there was nothing to delete.
  @discardableResult
  func delete(for account: VaultKey) async throws(VaultError) -> Bool
}

/// The keyring attributes of one account's secret.
public struct VaultKey: Sendable, Hashable {
  public var kind: String
  public var accountID: String

  public init(kind: String, accountID: String) {
    self.kind = kind
    self.accountID = accountID
  }

  /// The item beside an account's own that keeps the password the user gave, when the account's
  /// own item holds a session the service can end (a refresh token): the session keeper signs in
  /// with it once, silently, when that session is over. Connector
  /// `<kind>-password`, the same account id, so that a search for the kind finds the session alone.
  public static func password(kind: String, accountID: String) -> VaultKey {
    VaultKey(kind: kind + "-password", accountID: accountID)
  }

  /// Every item an account of `kind` may have in the keyring: what removing it deletes.
  public static func accountItems(kind: String, accountID: String) -> [VaultKey] {
    [VaultKey(kind: kind, accountID: accountID), password(kind: kind, accountID: accountID)]
  }
}

public enum VaultError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The keyring is locked: wait for the user to unlock it, do not ask them to log in.
  case locked
  /// No keyring to use (no Secret Service, no session bus, no default collection); the text
  /// says which and what to do.
  case unavailable(String)

  public var description: String { phrase.english }

  /// The detail of `unavailable` is the keyring's own words (D-Bus, libsecret).
  public var phrase: Phrase {
    switch self {
    case .locked: Phrase("session.keyringLocked")
    case .unavailable(let detail): .verbatim(detail)
    }
  }
}

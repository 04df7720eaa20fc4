#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An account the user added: which service (connector kind), a name they chose, the settings
/// that are not secret, and how it is doing. The secret itself lives only in the keyring.
public struct Account: Codable, Sendable, Equatable {
  /// Stable id (a lower-case UUID); the keyring item is filed under it, so renaming is harmless.
  public var id: String
  public var name: String
  /// The connector kind, e.g. `volleymanager`.
  public var kind: String
  public var username: String?
  /// The service's address; every connector's upstream is configurable.
  public var baseURL: String
  public var state: AccountState
  /// Why the account is not `ok`, in words the user can act on.
  public var stateReason: String?
  /// `stateReason` as a phrase, which each client says in its own language.
  public var stateReasonPhrase: Phrase?
  public var stateChangedAt: Date
  public var createdAt: Date
  public var lastLoginAt: Date?
  /// The connector's options (an API key, a brand), as the connector declares them; never a
  /// secret. Absent when none are set.
  public var options: [String: String]?

  public init(
    id: String, name: String, kind: String, username: String?, baseURL: String, state: AccountState,
    stateReason: String? = nil, stateReasonPhrase: Phrase? = nil, stateChangedAt: Date, createdAt: Date,
    lastLoginAt: Date? = nil,
    options: [String: String]? = nil
  ) {
    self.options = options?.isEmpty == true ? nil : options
    self.id = id
    self.name = name
    self.kind = kind
    self.username = username
    self.baseURL = baseURL
    self.state = state
    self.stateReason = stateReason
    self.stateReasonPhrase = stateReasonPhrase
    self.stateChangedAt = stateChangedAt
    self.createdAt = createdAt
    self.lastLoginAt = lastLoginAt
  }
}

/// How an account is doing, as the user sees it.
public enum AccountState: String, Codable, Sendable, CaseIterable {
  /// Logged in, or able to log in by itself from the keyring.
  case ok
  /// The service rejected the stored credentials (or the user logged out): Outpost stopped
  /// trying and waits for `outpost account login`.
  case needsLogin = "needs-login"
  /// The keyring is locked; Outpost carries on by itself once it is unlocked.
  case keyringLocked = "keyring-locked"
  /// The service cannot be reached; Outpost retries later.
  case offline
  /// Something else is wrong; `stateReason` says what.
  case error
}

/// Who the service says the user is; never a secret.
public struct AccountIdentity: Codable, Sendable, Equatable {
  public var displayName: String?
  /// Groups the account acts in (VolleyManager: the referee's associations, e.g. "SV", "SVRZ").
  public var groups: [String]

  public init(displayName: String? = nil, groups: [String] = []) {
    self.displayName = displayName
    self.groups = groups
  }
}

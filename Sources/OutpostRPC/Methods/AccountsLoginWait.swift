import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `accounts.login.wait`: waits (a long poll of at most `timeoutSeconds`) for an interactive
/// sign-in to end. `signed-in` comes with the account (now `ok`) and who the service says the
/// user is; `pending` means ask again. A sign-in that was declined, expired or cancelled is the
/// error `LoginFailed` (its `data.reason` says which); the account then still needs a login.
public enum AccountsLoginWait: RPCMethod {
  public static let name = "accounts.login.wait"

  public struct Params: Codable, Sendable, Equatable {
    public var loginID: String
    /// How long to wait for the user at most, 0–300 s; 30 when absent.
    public var timeoutSeconds: Int?

    public init(loginID: String, timeoutSeconds: Int? = nil) {
      self.loginID = loginID
      self.timeoutSeconds = timeoutSeconds
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var loginID: String
    public var status: LoginStatus
    public var expiresAt: Date
    /// The account as it is now.
    public var account: Account
    /// Who the service says the user is (signed in only).
    public var identity: AccountIdentity?

    public init(
      loginID: String, status: LoginStatus, expiresAt: Date, account: Account, identity: AccountIdentity? = nil
    ) {
      self.loginID = loginID
      self.status = status
      self.expiresAt = expiresAt
      self.account = account
      self.identity = identity
    }
  }
}

/// How far an interactive sign-in got.
public enum LoginStatus: String, Codable, Sendable, CaseIterable {
  /// The user has not finished at the service yet.
  case pending
  /// Done: the refresh token is in the keyring and the account is ok.
  case signedIn = "signed-in"
}

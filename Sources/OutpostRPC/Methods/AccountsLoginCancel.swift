import OutpostModel

/// `accounts.login.cancel`: ends an interactive sign-in under way (the loopback listener closes,
/// the device code is no longer polled). Its waiters get `LoginFailed` with reason `cancelled`;
/// the account is left as it was.
public enum AccountsLoginCancel: RPCMethod {
  public static let name = "accounts.login.cancel"

  public struct Params: Codable, Sendable, Equatable {
    public var loginID: String
    public init(loginID: String) { self.loginID = loginID }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var loginID: String
    /// False when the sign-in had already ended (signed in, declined, expired).
    public var cancelled: Bool
    public var account: Account

    public init(loginID: String, cancelled: Bool, account: Account) {
      self.loginID = loginID
      self.cancelled = cancelled
      self.account = account
    }
  }
}

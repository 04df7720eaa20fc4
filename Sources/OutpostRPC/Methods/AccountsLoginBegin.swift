import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `accounts.login.begin`: starts an interactive sign-in for an account whose kind signs in at
/// the service's own pages (`accounts.kinds` lists its `loginMethods`): the reply says where the
/// user goes (and, for a device code, what to type there); `accounts.login.wait` follows it.
/// A sign-in already under way for the account is cancelled. The refresh token the service
/// issues goes to the keyring only, never into a reply.
public enum AccountsLoginBegin: RPCMethod {
  public static let name = "accounts.login.begin"

  public struct Params: Codable, Sendable, Equatable {
    /// The account's name.
    public var name: String
    /// `browser` or `device`; the kind's first method when absent.
    public var method: LoginMethod?

    public init(name: String, method: LoginMethod? = nil) {
      self.name = name
      self.method = method
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// What `accounts.login.wait` and `accounts.login.cancel` take.
    public var loginID: String
    public var method: LoginMethod
    /// The address to open: the service's sign-in page (browser), or its device page with the
    /// code filled in when the service offers that (device).
    public var url: String
    /// The code to type at `verificationURL` (device only).
    public var userCode: String?
    /// The page to type `userCode` at (device only).
    public var verificationURL: String?
    /// When the service stops accepting this sign-in.
    public var expiresAt: Date
    public var account: Account

    public init(
      loginID: String, method: LoginMethod, url: String, userCode: String? = nil, verificationURL: String? = nil,
      expiresAt: Date, account: Account
    ) {
      self.loginID = loginID
      self.method = method
      self.url = url
      self.userCode = userCode
      self.verificationURL = verificationURL
      self.expiresAt = expiresAt
      self.account = account
    }
  }
}

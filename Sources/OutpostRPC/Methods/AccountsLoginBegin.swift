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
    /// `browser`, `device` or `magicLink`; the kind's first method when absent.
    public var method: LoginMethod?
    /// Where the sign-in link goes (`magicLink` only, which needs it).
    public var email: String?
    /// The language of the mail (`de`, `en`, `fr`, `it`), when the service writes several.
    public var locale: String?

    public init(name: String, method: LoginMethod? = nil, email: String? = nil, locale: String? = nil) {
      self.name = name
      self.method = method
      self.email = email
      self.locale = locale
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// What `accounts.login.wait` and `accounts.login.cancel` take.
    public var loginID: String
    public var method: LoginMethod
    /// The address to open: the service's sign-in page (browser), or its device page with the
    /// code filled in when the service offers that (device). Empty for `magicLink`: the link
    /// is in the mail sent to `sentTo`.
    public var url: String
    /// The address the sign-in link was mailed to (`magicLink` only).
    public var sentTo: String?
    /// The code to type at `verificationURL` (device only).
    public var userCode: String?
    /// The page to type `userCode` at (device only).
    public var verificationURL: String?
    /// When the service stops accepting this sign-in.
    public var expiresAt: Date
    public var account: Account

    public init(
      loginID: String, method: LoginMethod, url: String, sentTo: String? = nil, userCode: String? = nil,
      verificationURL: String? = nil, expiresAt: Date, account: Account
    ) {
      self.sentTo = sentTo
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

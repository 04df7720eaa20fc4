import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A signed-in RPP session (upstreams/rpp.md §2): the Firebase ID token, in memory only, and
/// the refresh token that also sits in the keyring (with the password, as an `RPPStoredSecret`).
public struct RPPSession: Sendable {
  public var idToken: SecretString
  public var refreshToken: SecretString
  /// When the ID token ends, on this machine's clock (from `expiresIn` when the reply came).
  public var expiresAt: Date
  public var lifetime: TimeInterval
  public var userID: String
  public var email: String?

  /// Renewed 5 minutes before its end (rpp.md §2.5); a token shorter lived than 20 minutes in
  /// its last quarter instead, or no request could ever start with a 10-second token.
  public func isExpiring(at now: Date, margin: TimeInterval = 300) -> Bool {
    now.addingTimeInterval(min(margin, lifetime / 4)) >= expiresAt
  }
}

/// What the keyring holds for an RPP account: the password, and once signed in the current
/// refresh token too. Both, because a refresh token that dies (password changed elsewhere,
/// revoked) is replaced by one silent sign-in with the password (rpp.md §2.5). A bare text
/// is a password as the user typed it.
public struct RPPStoredSecret: Sendable, Equatable {
  public var password: SecretString?
  public var refreshToken: SecretString?

  static let prefix = "rpp-secret:v1:"

  public init(password: SecretString?, refreshToken: SecretString?) {
    self.password = password
    self.refreshToken = refreshToken
  }

  public init(_ secret: SecretString) {
    let text = secret.reveal()
    guard text.hasPrefix(Self.prefix),
      let json = try? JSONParser.parse(Array(text.utf8.dropFirst(Self.prefix.utf8.count)))
    else {
      self.init(password: secret, refreshToken: nil)
      return
    }
    self.init(
      password: json["password"]?.stringValue.map(SecretString.init),
      refreshToken: json["refreshToken"]?.stringValue.map(SecretString.init))
  }

  /// The keyring form.
  public var stored: SecretString {
    var members: [String: JSONValue] = [:]
    if let password { members["password"] = .string(password.reveal()) }
    if let refreshToken { members["refreshToken"] = .string(refreshToken.reveal()) }
    return SecretString(Self.prefix + String(decoding: JSONValue.object(members).serialized, as: UTF8.self))
  }
}

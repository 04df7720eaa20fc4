import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One upstream service (VolleyManager, an iCal feed, …). A connector knows how to talk to its
/// service and nothing else: it keeps no sync state, never sees the store or RPC, and reports
/// every failure as a `ConnectorError` class that decides what happens next.
///
/// Sessions are the connector's own type and live only in memory (in a `SessionKeeper`); the
/// long-lived secret they come from is in the keyring.
public protocol Connector: Sendable {
  associatedtype Session: Sendable

  static var descriptor: ConnectorDescriptor { get }

  init(account: ConnectorAccount, transport: any HTTPTransport)

  /// Logs in with the account's secret (a password, a refresh token or an API token, as the
  /// descriptor's `authentication` says). Throws `.invalidCredentials` only when the service
  /// rejected the secret itself: that deletes it from the keyring.
  func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<Session>

  /// A cheap authenticated call: succeeds while the session is good, throws `.sessionExpired`
  /// when it is not.
  func checkSession(_ session: Session) async throws(ConnectorError)

  /// Ends the session upstream, best effort (a dead network must not keep a user logged in
  /// locally).
  func logOut(_ session: Session) async

  /// Ends every session of the user at the service, on every device ("sign out everywhere":
  /// RPP's revoke). Throws when the service cannot be told; the default says it cannot.
  func logOutEverywhere(_ session: Session) async throws(ConnectorError)
}

extension Connector {
  public func logOutEverywhere(_ session: Session) async throws(ConnectorError) {
    throw .unsupported("\(Self.descriptor.displayName) cannot sign out other devices from here")
  }
}

/// What a connector logging in hands back.
public struct LoginResult<Session: Sendable>: Sendable {
  public var session: Session
  /// Who the service says the user is, for `accounts.status`; never a secret.
  public var identity: AccountIdentity
  /// A secret the service issued in place of the one used (a rotated OAuth refresh token):
  /// the keeper writes it to the keyring before using the session.
  public var rotatedSecret: SecretString?
  /// The password this login signed in with, when what the keyring keeps afterwards
  /// (`rotatedSecret`) is a session the service can end: the keeper keeps the password as its
  /// own keyring item and signs in with it, once and silently, when that session is over.
  /// Nil for a login without a password (a refresh, a browser sign-in).
  public var password: SecretString?

  public init(
    session: Session, identity: AccountIdentity, rotatedSecret: SecretString? = nil, password: SecretString? = nil
  ) {
    self.session = session
    self.identity = identity
    self.rotatedSecret = rotatedSecret
    self.password = password
  }
}

/// The non-secret settings of one account, as its connector needs them.
public struct ConnectorAccount: Sendable, Equatable {
  public var id: String
  public var username: String?
  /// Normalised, without a trailing slash.
  public var baseURL: String
  /// The options the descriptor declares, defaults filled in.
  public var options: [String: String]
  /// The configured preset the account's options name (its brand), for a kind that declares
  /// `presets`; nil otherwise, or when the configuration no longer lists it.
  public var preset: ServicePreset?
  /// The label of the account's keyring items ("Outpost: <service> (<account>)"), kept when a
  /// renewal rewrites the secret; nil for the connector's display name.
  public var keyringLabel: String?

  public init(
    id: String, username: String?, baseURL: String, options: [String: String] = [:], preset: ServicePreset? = nil,
    keyringLabel: String? = nil
  ) {
    self.keyringLabel = keyringLabel
    self.preset = preset
    self.id = id
    self.username = username
    self.baseURL = baseURL
    self.options = options
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A connector whose user signs in at the service's own pages instead of giving Outpost a
/// password (OAuth 2.0 for native apps): in the system browser with a loopback redirect, or
/// with a device code typed on another device. What the sign-in yields is a `LoginResult`
/// whose `rotatedSecret` is the long-lived secret (a refresh token) the keeper keeps in the
/// keyring; from then on `logIn(secret:)` renews the session from it silently.
///
/// The connector declares the methods it offers in its descriptor's `loginMethods`.
public protocol InteractiveLoginConnector: Connector {
  /// Starts signing in: everything that can fail before the user is involved (discovery, the
  /// device authorization request, binding the loopback listener) fails here. `clock` paces
  /// whatever waits (the device grant's polling, the browser's give-up time): the real
  /// `ContinuousClock` in the daemon, a clock the test moves by hand in tests.
  func beginLogin(_ method: LoginMethod, clock: any Clock<Duration>) async throws(ConnectorError)
    -> InteractiveLoginFlow<Session>
}

/// What the user is told to do: open `url` (and, for a device code, type `userCode`).
public struct InteractiveLoginPrompt: Sendable, Equatable {
  public var method: LoginMethod
  /// For the browser: the authorization address to open. For a device code: the page with the
  /// code already filled in (`verification_uri_complete`) when the service offers one.
  public var url: String
  /// The code to type at `verificationURL` (device codes only).
  public var userCode: String?
  /// The page to type `userCode` at (device codes only).
  public var verificationURL: String?
  /// When the service stops accepting this sign-in.
  public var expiresAt: Date

  public init(
    method: LoginMethod, url: String, userCode: String? = nil, verificationURL: String? = nil, expiresAt: Date
  ) {
    self.method = method
    self.url = url
    self.userCode = userCode
    self.verificationURL = verificationURL
    self.expiresAt = expiresAt
  }
}

/// A sign-in under way: what to tell the user, and the wait for them. `completion` is called
/// once; cancelling the task that runs it ends the sign-in (`.cancelled`) and releases what it
/// holds (the loopback listener).
public struct InteractiveLoginFlow<Session: Sendable>: Sendable {
  public var prompt: InteractiveLoginPrompt
  public var completion: @Sendable () async throws(InteractiveLoginError) -> LoginResult<Session>

  public init(
    prompt: InteractiveLoginPrompt,
    completion: @escaping @Sendable () async throws(InteractiveLoginError) -> LoginResult<Session>
  ) {
    self.prompt = prompt
    self.completion = completion
  }
}

/// Why an interactive sign-in ended without a session. Denied, expired and cancelled leave the
/// account as it was (waiting for a login); the user can simply begin again.
public enum InteractiveLoginError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The user (or the service) refused: `access_denied`, or a code the service would not take.
  case denied(String)
  /// The code or the wait ran out before the user signed in.
  case expired
  /// Ended on this side: another sign-in began, the account was removed, the daemon stops.
  case cancelled
  case connector(ConnectorError)
  /// Signed in, but the keyring would not keep the token: nothing was kept.
  case vault(VaultError)

  public var description: String {
    switch self {
    case .denied(let detail): "the sign-in was refused (\(detail))"
    case .expired: "the sign-in expired before it was completed"
    case .cancelled: "the sign-in was cancelled"
    case .connector(let error): error.description
    case .vault(let error): error.description
    }
  }
}

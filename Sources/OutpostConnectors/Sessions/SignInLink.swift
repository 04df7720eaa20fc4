import Crypto
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A connector whose service can mail the user a one-time sign-in link (agile-network.md §3):
/// the daemon asks for the mail, keeps the request's secrets until the link comes back through
/// the app's scheme, then lets the connector trade the link's code for a session. What makes
/// it safe is that only this machine holds the verifier: a link opened elsewhere, or a code
/// copied from it, is useless.
///
/// The connector declares `.magicLink` among its `loginMethods` and the route links come back
/// on in its preset's `PresetLinkScheme.signInCallback`.
public protocol SignInLinkConnector: InteractiveLoginConnector {
  /// Asks the service to mail a sign-in link to `email`. The service answers the same whether
  /// or not the address has an account (so that nobody can probe addresses).
  func requestSignInLink(email: String, locale: String?) async throws(ConnectorError) -> SignInLinkRequest

  /// Trades the code of a link that came back for a session, with the secrets of the request
  /// it answers; the session's refresh token is the secret the keeper keeps.
  func completeSignInLink(code: String, secrets: SignInLinkSecrets) async throws(InteractiveLoginError)
    -> LoginResult<Session>
}

/// A sign-in link the service has mailed: what comes back in the link (`state`), what only this
/// machine may know (`secrets`), and until when the link works.
public struct SignInLinkRequest: Sendable {
  /// Comes back in the callback's query; the daemon stores only its hash.
  public var state: String
  public var secrets: SignInLinkSecrets
  public var expiresAt: Date

  public init(state: String, secrets: SignInLinkSecrets, expiresAt: Date) {
    self.state = state
    self.secrets = secrets
    self.expiresAt = expiresAt
  }

  /// What the daemon stores of a `state`: its SHA-256, 64 lowercase hexadecimal digits.
  public static func stateHash(_ state: String) -> String {
    SHA256.hash(data: Array(state.utf8)).map { byte in
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0xf)]])
    }.joined()
  }
}

/// The part of a pending request that lives in the keyring: the PKCE verifier, the nonce the
/// ID token must carry, and the address the link went to (personal data, so not in SQLite).
public struct SignInLinkSecrets: Codable, Sendable, Equatable {
  public var verifier: String
  public var nonce: String
  public var email: String

  public init(verifier: String, nonce: String, email: String) {
    self.verifier = verifier
    self.nonce = nonce
    self.email = email
  }

  /// As the keyring holds it: one JSON object.
  public var sealed: SecretString {
    SecretString(String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self))
  }

  public init?(unsealing secret: SecretString) {
    guard let decoded = try? JSONDecoder().decode(Self.self, from: Data(secret.reveal().utf8)) else { return nil }
    self = decoded
  }
}

extension SignInLinkSecrets: CustomStringConvertible, CustomDebugStringConvertible {
  /// Never the verifier or the nonce, whatever prints it.
  public var description: String { "SignInLinkSecrets(redacted)" }
  public var debugDescription: String { description }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A signed-in Supabase Auth session (upstreams/supabase.md §3.3), in memory only. The refresh
/// token also goes to the keyring (as a `SupabaseStoredSecret`), replaced there before the new
/// session is used whenever a refresh rotates it.
public struct SupabaseSession: Sendable {
  public var accessToken: SecretString
  public var refreshToken: SecretString
  /// When the access token stops working, on this machine's clock: taken from `expires_in` when
  /// the reply arrived, never from the server's `expires_at` (client clocks can be minutes off).
  public var expiresAt: Date
  /// How long the service said the token lives (`expires_in`).
  public var lifetime: TimeInterval
  public var userID: String
  public var email: String?

  /// Whether the access token is too close to its end to start a request with (supabase-js
  /// refreshes 90 s ahead; a request in flight must not outlive the token). A token shorter
  /// lived than twice that is renewed in its last quarter instead: with a fixed 90 s, a
  /// project issuing 60 s tokens would hand out tokens that are "expiring" when they arrive,
  /// and no request would ever start.
  public func isExpiring(at now: Date, margin: TimeInterval = 90) -> Bool {
    now.addingTimeInterval(min(margin, lifetime / 4)) >= expiresAt
  }
}

/// What the keyring holds for a token-session account: the password the user gave (before the
/// first sign-in, or after `outpost account login`), or the current refresh token. Tagged, so a
/// refresh token is never sent as a password or the other way round. Once there is a session,
/// the password the user gave sits in an item of its own (`VaultKey.password`), for a silent
/// sign-in when the session ends (supabase.md §6.1, §6.5).
public enum SupabaseStoredSecret: Sendable, Equatable {
  case password(SecretString)
  case refreshToken(SecretString)

  static let refreshPrefix = "supabase-refresh-token:v1:"

  public init(_ secret: SecretString) {
    let text = secret.reveal()
    if text.hasPrefix(Self.refreshPrefix) {
      self = .refreshToken(SecretString(String(text.dropFirst(Self.refreshPrefix.count))))
    } else {
      self = .password(secret)
    }
  }

  /// The keyring form of a refresh token.
  public static func storing(refreshToken: SecretString) -> SecretString {
    SecretString(refreshPrefix + refreshToken.reveal())
  }
}

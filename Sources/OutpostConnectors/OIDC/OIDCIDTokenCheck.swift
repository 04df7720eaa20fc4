import JWTKit
import OutpostModel
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The ID token of a fresh sign-in, checked as OIDC Core §3.1.3.7 asks: its signature against
/// the provider's published keys (`jwks_uri` of the discovery document, agile-network.md §2.1),
/// then issuer, audience, expiry and this sign-in's nonce. A token signed with a key the cached
/// set does not hold makes one fresh read of the set (the provider rotated its keys); a token
/// that still fails is refused, so a forged or tampered token never becomes a session.
extension OIDCProvider {
  /// How far the provider's clock may run ahead of or behind this machine's.
  static let clockLeeway: TimeInterval = 120
  /// The key set is read again at most this often when a token fails against it.
  static let keysRereadInterval: TimeInterval = 30

  func checkIDToken(_ tokens: OIDCTokenSet, endpoints: OIDCEndpoints, nonce: String?) async throws(ConnectorError) {
    guard let token = tokens.idToken else {
      throw .unexpectedReply("the provider returned no ID token (is the openid scope allowed?)")
    }
    try await verifySignature(token, endpoints: endpoints)
    try tokens.checkIDToken(issuer: endpoints.issuer, clientID: clientID, nonce: nonce)
    let claims = tokens.idTokenClaims
    if let expiry = claims?["exp"]?.int64Value, Double(expiry) + Self.clockLeeway < now().timeIntervalSince1970 {
      throw .unexpectedReply("the ID token has expired")
    }
  }

  private func verifySignature(_ token: String, endpoints: OIDCEndpoints) async throws(ConnectorError) {
    guard let url = endpoints.jwksURI else {
      throw .unexpectedReply("the discovery document names no jwks_uri: the ID token's signature cannot be checked")
    }
    let cached = keys.value
    if let cached, await Self.verifies(token, with: cached.keys) { return }
    if let cached, now().timeIntervalSince(cached.readAt) < Self.keysRereadInterval, now() >= cached.readAt {
      throw .unexpectedReply("the ID token's signature does not match the provider's keys")
    }
    let fresh = try await readKeys(url)
    keys.store(fresh, readAt: now())
    guard await Self.verifies(token, with: fresh) else {
      throw .unexpectedReply("the ID token's signature does not match the provider's keys")
    }
  }

  /// The provider's key set. Keys Outpost cannot use for signatures (encryption keys, unknown
  /// types) are left out rather than failing the whole set.
  private func readKeys(_ url: String) async throws(ConnectorError) -> JWTKeyCollection {
    let reply = try await send(HTTPRequest(method: "GET", url: url, headers: [("Accept", "application/json")]))
    guard reply.status == 200 else { throw Self.classify(reply, during: "reading the provider's signing keys") }
    guard let set = try? JSONDecoder().decode(JWKS.self, from: Data(reply.body)) else {
      throw .unexpectedReply("the provider's key set (jwks_uri) is not a JWK set")
    }
    let collection = JWTKeyCollection()
    var usable = 0
    for key in set.keys {
      if (try? await collection.add(jwk: key)) != nil { usable += 1 }
    }
    guard usable > 0 else { throw .unexpectedReply("the provider publishes no signing key Outpost can use") }
    return collection
  }

  private static func verifies(_ token: String, with keys: JWTKeyCollection) async -> Bool {
    (try? await keys.verify(token, as: UncheckedClaims.self)) != nil
  }
}

/// jwt-kit checks the signature; the claims are checked by `OIDCTokenSet.checkIDToken`.
private struct UncheckedClaims: JWTPayload {
  init(from decoder: any Decoder) throws {}
  func encode(to encoder: any Encoder) throws {}
  func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// The provider's signing keys and when they were read (one copy per provider value).
final class SigningKeysCache: Sendable {
  private let storage = Mutex<(keys: JWTKeyCollection, readAt: Date)?>(nil)

  var value: (keys: JWTKeyCollection, readAt: Date)? { storage.withLock { $0 } }

  func store(_ keys: JWTKeyCollection, readAt: Date) { storage.withLock { $0 = (keys, readAt) } }
}

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

  /// Against the cached key set; a token naming a key the set does not hold (the provider
  /// rotated its keys) makes one fresh read of it, a token that fails against a key the set
  /// holds does not.
  private func verifySignature(_ token: String, endpoints: OIDCEndpoints) async throws(ConnectorError) {
    guard let url = endpoints.jwksURI else {
      throw .unexpectedReply("the discovery document names no jwks_uri: the ID token's signature cannot be checked")
    }
    let kid = Self.keyID(of: token)
    if let cached = keys.value, kid.map(cached.kids.contains) ?? true {
      guard await Self.verifies(token, with: cached.keys) else {
        throw .unexpectedReply("the ID token's signature does not match the provider's keys")
      }
      return
    }
    let fresh = try await readKeys(url)
    keys.store(fresh)
    guard await Self.verifies(token, with: fresh.keys) else {
      throw .unexpectedReply("the ID token's signature does not match the provider's keys")
    }
  }

  /// The `kid` of a JWT's header, if it names one.
  static func keyID(of token: String) -> String? {
    guard let header = token.split(separator: ".", maxSplits: 1).first, let bytes = Base64URL.decode(String(header))
    else { return nil }
    return (try? JSONParser.parse(bytes))?["kid"]?.stringValue
  }

  /// The provider's key set. Keys Outpost cannot use for signatures (encryption keys, unknown
  /// types) are left out rather than failing the whole set.
  private func readKeys(_ url: String) async throws(ConnectorError) -> SigningKeys {
    let reply = try await send(HTTPRequest(method: "GET", url: url, headers: [("Accept", "application/json")]))
    guard reply.status == 200 else { throw Self.classify(reply, during: "reading the provider's signing keys") }
    return try await Self.signingKeys(fromJWKS: reply.body)
  }

  /// The signing keys of a JWK set's JSON (RFC 7517), as received (also fuzzed, Fuzz/).
  static func signingKeys(fromJWKS body: [UInt8]) async throws(ConnectorError) -> SigningKeys {
    guard let set = try? JSONDecoder().decode(JWKS.self, from: Data(body)) else {
      throw .unexpectedReply("the provider's key set (jwks_uri) is not a JWK set")
    }
    let collection = JWTKeyCollection()
    var kids: Set<String> = []
    for key in set.keys where (try? await collection.add(jwk: key)) != nil {
      if let kid = key.keyIdentifier?.string { kids.insert(kid) }
    }
    guard !kids.isEmpty else { throw .unexpectedReply("the provider publishes no signing key Outpost can use") }
    return SigningKeys(keys: collection, kids: kids)
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

/// The provider's signing keys, by the ids they were published with.
struct SigningKeys: Sendable {
  let keys: JWTKeyCollection
  let kids: Set<String>
}

/// The provider's last key set read (one copy per provider value).
final class SigningKeysCache: Sendable {
  private let storage = Mutex<SigningKeys?>(nil)

  var value: SigningKeys? { storage.withLock { $0 } }

  func store(_ keys: SigningKeys) { storage.withLock { $0 = keys } }
}

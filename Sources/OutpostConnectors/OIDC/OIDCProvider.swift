import OutpostModel
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The endpoints of an OpenID Connect provider, as its discovery document names them
/// (agile-network.md §2.1): Outpost never builds an endpoint's path itself.
public struct OIDCEndpoints: Sendable, Equatable {
  public var issuer: String
  public var authorization: String
  public var token: String
  public var userinfo: String?
  public var endSession: String?
  public var deviceAuthorization: String?
  public var revocation: String?
  /// The provider's signing keys (a JWK set), against which ID tokens are checked.
  public var jwksURI: String?
  public var codeChallengeMethods: [String]

  init(discovery json: JSONValue) throws(ConnectorError) {
    func url(_ key: String) -> String? {
      guard let text = json[key]?.stringValue, text.hasPrefix("http://") || text.hasPrefix("https://") else {
        return nil
      }
      return text
    }
    guard let issuer = url("issuer"), let authorization = url("authorization_endpoint"),
      let token = url("token_endpoint")
    else { throw .unexpectedReply("the discovery document lacks the issuer, authorization or token endpoint") }
    self.issuer = issuer
    self.authorization = authorization
    self.token = token
    userinfo = url("userinfo_endpoint")
    endSession = url("end_session_endpoint")
    deviceAuthorization = url("device_authorization_endpoint")
    revocation = url("revocation_endpoint")
    jwksURI = url("jwks_uri")
    if case .array(let methods)? = json["code_challenge_methods_supported"] {
      codeChallengeMethods = methods.compactMap(\.stringValue)
    } else {
      codeChallengeMethods = []
    }
  }
}

/// One OpenID Connect provider and client: where its discovery document is, which public
/// client Outpost is there, and the HTTP seam. Keeps the discovery document for a day, as
/// agile-network.md §2.1 asks (one copy per account's connector).
public struct OIDCProvider: Sendable {
  /// `{base}/realms/{realm}/.well-known/openid-configuration` for Keycloak.
  public let discoveryURL: String
  public let clientID: String
  public let scopes: String
  let transport: any HTTPTransport
  let now: @Sendable () -> Date
  private let cache = DiscoveryCache()
  let keys = SigningKeysCache()

  public init(
    discoveryURL: String, clientID: String, scopes: String = "openid offline_access", transport: any HTTPTransport,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.discoveryURL = discoveryURL
    self.clientID = clientID
    self.scopes = scopes
    self.transport = transport
    self.now = now
  }

  static let discoveryLifetime: TimeInterval = 24 * 3600

  public func endpoints() async throws(ConnectorError) -> OIDCEndpoints {
    if let cached = cache.value(at: now()) { return cached }
    let reply = try await send(HTTPRequest(method: "GET", url: discoveryURL, headers: [("Accept", "application/json")]))
    switch reply.status {
    case 200: break
    case 404: throw .unsupported("no OpenID provider at \(discoveryURL) (HTTP 404): check the base URL and the realm")
    // A rate limit or an outage while reading it is what it is anywhere else (found by the
    // contract suite: a 429 here was taken for an odd reply, retried without backoff).
    default: throw Self.classify(reply, during: "reading the provider's discovery document")
    }
    guard let json = try? JSONParser.parse(reply.body) else {
      throw .unexpectedReply("the provider's discovery document is not JSON")
    }
    let endpoints = try OIDCEndpoints(discovery: json)
    cache.store(endpoints, at: now())
    return endpoints
  }

  func send(_ request: HTTPRequest) async throws(ConnectorError) -> HTTPResponse {
    do {
      return try await transport.send(request)
    } catch {
      throw error.connectorError
    }
  }

  /// A form POST (`application/x-www-form-urlencoded`) to one of the provider's endpoints.
  func post(_ url: String, _ fields: [(String, String)], bearer: SecretString? = nil) async throws(ConnectorError)
    -> HTTPResponse
  {
    var headers: [(name: String, value: String)] = [
      ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
    ]
    if let bearer { headers.append(("Authorization", "Bearer \(bearer.reveal())")) }
    return try await send(
      HTTPRequest(method: "POST", url: url, headers: headers, body: Array(FormEncoding.encode(fields).utf8)))
  }
}

/// The discovery document and when it was read.
private final class DiscoveryCache: Sendable {
  private let storage = Mutex<(OIDCEndpoints, Date)?>(nil)

  func value(at now: Date) -> OIDCEndpoints? {
    storage.withLock { entry in
      guard let (endpoints, readAt) = entry, now.timeIntervalSince(readAt) < OIDCProvider.discoveryLifetime,
        now >= readAt
      else { return nil }
      return endpoints
    }
  }

  func store(_ endpoints: OIDCEndpoints, at now: Date) { storage.withLock { $0 = (endpoints, now) } }
}

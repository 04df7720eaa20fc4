#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one way connectors reach the network. Redirects are never followed (login flows read
/// them), cookies are never stored (sessions are the connector's, in memory), and the URL is
/// sent exactly as written, so percent-encodings such as VolleyManager's `%5C` survive.
public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
}

public struct HTTPRequest: Sendable {
  public var method: String
  /// Absolute and already percent-encoded.
  public var url: String
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header names in lower case. Repeated headers (Set-Cookie) arrive joined by ", ".
  public var headers: [String: String]
  public var body: [UInt8]

  public init(status: Int, headers: [String: String], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  public func header(_ name: String) -> String? { headers[name.lowercased()] }
  public var text: String { String(decoding: body, as: UTF8.self) }
  public var isRedirect: Bool { (300..<400).contains(status) }
}

/// A request that got no HTTP answer at all.
public enum HTTPTransportError: Error, Sendable, Equatable {
  /// No route, refused, unknown host: the service is out of reach.
  case unreachable(String)
  case timedOut
  /// The connection broke mid-request.
  case connectionLost(String)
  case tls(String)
  case invalidURL(String)
  /// The reply was longer than the transport accepts: refused, not read to the end.
  case responseTooLarge(limit: Int)
  /// The task that sent it was cancelled (an account removed, the daemon stopping).
  case cancelled
}

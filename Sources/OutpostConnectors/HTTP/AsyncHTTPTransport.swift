import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
  import Glibc
#endif

/// `HTTPTransport` over one AsyncHTTPClient `HTTPClient`, on the daemon's event loops.
///
/// Why not URLSession: on Linux it crashes now and then at teardown (SIGILL in libdispatch on a
/// libcurl thread, see PLATFORM.md), and it cannot trust a private CA. This transport:
/// - never follows redirects (login flows read them; connectors that want them follow them
///   themselves, each with its own limit), never stores cookies (sessions are the connector's);
/// - sends the URL's path and query exactly as written (`%5C` stays `%5C`);
/// - bounds every reply (`maximumResponseBytes`): a hostile upstream cannot make the daemon
///   allocate without limit;
/// - gives up connecting at once when nothing listens (no retry loop until the deadline), so an
///   unreachable service is reported in milliseconds;
/// - is cancelled with the task that sends (an account removed, the daemon stopping);
/// - trusts the system's CA store, plus any extra roots given (a private CA in tests).
public final class AsyncHTTPTransport: HTTPTransport {
  public struct Options: Sendable {
    /// How long establishing a connection (TCP and TLS) may take.
    public var connectTimeout: TimeAmount = .seconds(10)
    /// The longest silence between two reads of a reply.
    public var readTimeout: TimeAmount = .seconds(30)
    /// The longest a whole request may take, reply body included.
    public var requestTimeout: TimeAmount = .seconds(120)
    /// Replies longer than this are refused (`HTTPTransportError.responseTooLarge`).
    public var maximumResponseBytes: Int = 64 << 20
    /// PEM certificates trusted besides the system's store.
    public var additionalTrustRootsPEM: [String] = []

    public init() {}
  }

  public let options: Options
  private let client: HTTPClient

  /// A client on `group` (the daemon's event loops), or on NIO's shared singleton group when nil.
  /// Call `shutdown()` before the last reference goes: AsyncHTTPClient insists on it.
  public init(group: (any EventLoopGroup)? = nil, options: Options = Options()) {
    self.options = options
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: .init(connect: options.connectTimeout, read: options.readTimeout),
      decompression: .disabled)
    configuration.connectionPool.retryConnectionEstablishment = false
    // HTTP/1.1 only: every upstream we talk to speaks it, and it keeps one code path.
    configuration.httpVersion = .http1Only
    var tls = TLSConfiguration.makeClientConfiguration()
    if !options.additionalTrustRootsPEM.isEmpty {
      let extra = options.additionalTrustRootsPEM.compactMap {
        try? NIOSSLCertificate(bytes: Array($0.utf8), format: .pem)
      }
      tls.trustRoots = .default
      tls.additionalTrustRoots = [.certificates(extra)]
    }
    configuration.tlsConfiguration = tls
    client = HTTPClient(
      eventLoopGroupProvider: .shared(group ?? MultiThreadedEventLoopGroup.singleton), configuration: configuration)
  }

  /// Closes every connection; requests still running fail with `.connectionLost`.
  public func shutdown() async {
    do { try await client.shutdown() } catch {
      // Already shut down: nothing left to close.
    }
  }

  public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    guard let scheme = request.url.split(separator: ":", maxSplits: 1).first?.lowercased(),
      scheme == "http" || scheme == "https"
    else { throw .invalidURL(request.url) }
    var outgoing = HTTPClientRequest(url: request.url)
    outgoing.method = HTTPMethod(rawValue: request.method)
    for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
    if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
    do {
      let reply = try await client.execute(outgoing, timeout: options.requestTimeout)
      var headers: [String: String] = [:]
      for (name, value) in reply.headers {
        let key = name.lowercased()
        headers[key] = headers[key].map { "\($0), \(value)" } ?? value
      }
      let body: ByteBuffer
      do {
        body = try await reply.body.collect(upTo: options.maximumResponseBytes)
      } catch is NIOTooManyBytesError {
        throw HTTPTransportError.responseTooLarge(limit: options.maximumResponseBytes)
      }
      return HTTPResponse(status: Int(reply.status.code), headers: headers, body: Array(buffer: body))
    } catch {
      throw Self.classify(error)
    }
  }

  /// Maps what AsyncHTTPClient and NIO throw onto the transport's few cases, which connectors
  /// classify further.
  static func classify(_ error: any Error) -> HTTPTransportError {
    if let error = error as? HTTPTransportError { return error }
    if error is CancellationError { return .cancelled }
    if let error = error as? HTTPClientError {
      // A struct of static values, not an enum: compared one by one.
      if error == .connectTimeout { return .unreachable("connecting timed out") }
      if [.readTimeout, .deadlineExceeded, .writeTimeout].contains(error) { return .timedOut }
      if [.cancelled, .alreadyShutdown].contains(error) { return .cancelled }
      if [.invalidURL, .emptyHost, .emptyScheme, .missingSocketPath].contains(error) {
        return .invalidURL("\(error)")
      }
      return .connectionLost("\(error)")
    }
    if error is NIOConnectionError || error is ChannelError { return .unreachable(Self.describe(error)) }
    if let error = error as? IOError { return .unreachable(Self.describe(error)) }
    if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
      return .tls("\(error)")
    }
    return .connectionLost("\(error)")
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
      return "\(first.target): \(describe(first.error))"
    }
    // NIO describes a refused connect as "connection reset (error set): Connection refused
    // (errno: 111)"; the system's own words for the errno are what a person can act on.
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
    return "\(error)"
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession (libcurl on Linux: TLS and HTTP/2 at no build cost).
/// The session is ephemeral with cookies switched off, and a delegate refuses redirects.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let timeout: TimeInterval

  public init(timeout: TimeInterval = 30) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = timeout
    self.timeout = timeout
    session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
  }

  deinit { session.invalidateAndCancel() }

  public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    guard let url = URL(string: request.url), url.scheme == "http" || url.scheme == "https" else {
      throw .invalidURL(request.url)
    }
    var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
    if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: urlRequest)
    } catch {
      throw Self.classify(error)
    }
    guard let http = response as? HTTPURLResponse else { throw .connectionLost("not an HTTP response") }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      guard let name = name as? String, let value = value as? String else { continue }
      headers[name.lowercased()] = value
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: Array(data))
  }

  static func classify(_ error: any Error) -> HTTPTransportError {
    guard let error = error as? URLError else { return .connectionLost("\(error)") }
    switch error.code {
    case .timedOut: return .timedOut
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
      .internationalRoamingOff, .dataNotAllowed:
      return .unreachable(error.localizedDescription)
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired:
      return .tls(error.localizedDescription)
    case .badURL, .unsupportedURL: return .invalidURL(error.localizedDescription)
    default: return .connectionLost(error.localizedDescription)
    }
  }
}

/// Hands 3xx replies back to the caller instead of following them.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession (libcurl on Linux: TLS and HTTP/2 at no build cost).
/// The session is ephemeral with cookies and credential storage switched off, and a delegate
/// refuses redirects and authentication challenges. The latter matters on Linux: a 401 with
/// `WWW-Authenticate` raises a challenge, and swift-corelibs-foundation's default handling
/// without a stored credential never completes the task (swift-corelibs-foundation#5456, still
/// so in 6.3.1) — a wrong password would hang the request for good. Declining the challenge
/// cancels the task; the 401 that had arrived is handed back to the caller.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let timeout: TimeInterval
  private let refusals: Refusals

  public init(timeout: TimeInterval = 30) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.urlCredentialStorage = nil
    configuration.timeoutIntervalForRequest = timeout
    self.timeout = timeout
    refusals = Refusals()
    session = URLSession(configuration: configuration, delegate: refusals, delegateQueue: nil)
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
    let refusals = refusals
    let result: Result<HTTPResponse, HTTPTransportError> = await withCheckedContinuation { continuation in
      let identifier = Mutex<Int?>(nil)
      let task = session.dataTask(with: urlRequest) { data, response, error in
        let refused = identifier.withLock { $0 }.flatMap(refusals.take)
        if let http = (response as? HTTPURLResponse) ?? refused {
          continuation.resume(returning: .success(Self.response(http, data ?? Data())))
        } else {
          continuation.resume(returning: .failure(Self.classify(error ?? URLError(.unknown))))
        }
      }
      // Set before the task starts, so the completion always finds it.
      identifier.withLock { $0 = task.taskIdentifier }
      task.resume()
    }
    return try result.get()
  }

  private static func response(_ http: HTTPURLResponse, _ data: Data) -> HTTPResponse {
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

/// Hands 3xx replies back to the caller instead of following them, and declines
/// authentication challenges, keeping each refused challenge's response for the task's
/// completion.
private final class Refusals: NSObject, URLSessionTaskDelegate, Sendable {
  private let responses = Mutex<[Int: HTTPURLResponse]>([:])

  func take(_ identifier: Int) -> HTTPURLResponse? { responses.withLock { $0.removeValue(forKey: identifier) } }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    if let response = (challenge.failureResponse ?? task.response) as? HTTPURLResponse {
      responses.withLock { $0[task.taskIdentifier] = response }
    }
    completionHandler(.cancelAuthenticationChallenge, nil)
  }
}

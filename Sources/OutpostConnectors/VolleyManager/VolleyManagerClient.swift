import OutpostModel

/// Requests to one VolleyManager host, with the headers the service checks (Origin and Referer
/// for Flow's CSRF protection) and the session cookie; and the mapping of its replies to
/// `ConnectorError` classes.
struct VolleyManagerClient: Sendable {
  let baseURL: String
  let transport: any HTTPTransport

  func send(
    _ method: String, _ path: String, cookies: inout CookieJar, form: String? = nil, contentType: String? = nil
  ) async throws(ConnectorError) -> HTTPResponse {
    var headers: [(name: String, value: String)] = [
      ("User-Agent", "Outpost/\(ProductInfo.version) (Linux desktop companion)"),
      ("Accept", "application/json, text/html;q=0.9, */*;q=0.5"),
      ("Origin", baseURL),
      ("Referer", baseURL + "/"),
    ]
    if let cookie = cookies.header { headers.append(("Cookie", cookie)) }
    if let contentType { headers.append(("Content-Type", contentType)) }
    let request = HTTPRequest(method: method, url: baseURL + path, headers: headers, body: Array((form ?? "").utf8))
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      throw Self.classify(error)
    }
    cookies.absorb(response)
    return response
  }

  /// A JSON reply, or the class of its failure. The service sometimes labels good JSON as
  /// text/html, so parsing is tried first; an HTML login page means the session is stale.
  static func json(_ reply: HTTPResponse, during activity: String) throws(ConnectorError) -> JSONValue {
    guard reply.status == 200 else { throw classify(reply, during: activity) }
    if let value = try? JSONParser.parse(reply.body) { return value }
    if VolleyManagerPages.isLoginPage(reply.text) { throw .sessionExpired }
    throw .unexpectedReply("\(activity): the reply is not JSON (\(reply.header("content-type") ?? "no type"))")
  }

  /// Whether a reply says the session is stale (upstreams/volleymanager.md §1.3): 401, 403 or
  /// 406, a redirect to the login page, or the login page itself where JSON was expected.
  static func isStale(_ reply: HTTPResponse) -> Bool {
    guard reply.status == 200 else { return classify(reply, during: "") == .sessionExpired }
    return VolleyManagerPages.isLoginPage(reply.text) && (try? JSONParser.parse(reply.body)) == nil
  }

  static func classify(_ reply: HTTPResponse, during activity: String) -> ConnectorError {
    switch reply.status {
    case 401, 403, 406: return .sessionExpired
    case 300..<400 where (reply.header("location") ?? "").contains("/login"): return .sessionExpired
    case 400 where reply.text.contains("No resource specified"): return .notFound("\(activity): no such item")
    case 404: return .notFound("\(activity): HTTP 404")
    case 409: return .conflict("\(activity): HTTP 409")
    case 423, 429: return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case 500..<600: return .transient("\(activity): HTTP \(reply.status)")
    default: return .unexpectedReply("\(activity): HTTP \(reply.status)")
    }
  }

  static func classify(_ error: HTTPTransportError) -> ConnectorError {
    switch error {
    case .unreachable(let detail): .unreachable(detail)
    case .timedOut: .transient("the request timed out")
    case .connectionLost(let detail): .transient("the connection broke: \(detail)")
    case .tls(let detail): .unexpectedReply("TLS failed: \(detail)")
    case .invalidURL(let url): .unsupported("not a usable URL: \(url)")
    case .responseTooLarge(let limit): .unexpectedReply("the reply was larger than \(limit) bytes")
    case .cancelled: .transient("the request was cancelled")
    }
  }
}

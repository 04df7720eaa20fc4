import OutpostConnectors
import Synchronization

/// An `HTTPTransport` that answers from a closure and records what was asked: for the replies
/// a real server rarely gives on demand (HTML, 5xx, 429, Digest, PUT without ETag).
final class ScriptedDAVTransport: HTTPTransport {
  private let requests = Mutex<[HTTPRequest]>([])
  private let answer: @Sendable (HTTPRequest) throws(HTTPTransportError) -> HTTPResponse

  init(_ answer: @escaping @Sendable (HTTPRequest) throws(HTTPTransportError) -> HTTPResponse) {
    self.answer = answer
  }

  var sent: [HTTPRequest] { requests.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    requests.withLock { $0.append(request) }
    return try answer(request)
  }

  /// A reply with `status`, `body` and headers.
  static func reply(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
  }

  /// A Depth 0 multistatus for a collection with these resource types.
  static func collection(_ href: String, types: String, extra: String = "") -> HTTPResponse {
    reply(
      207,
      """
      <?xml version="1.0"?><d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">\
      <d:response><d:href>\(href)</d:href><d:propstat><d:prop><d:resourcetype>\(types)</d:resourcetype>\(extra)\
      </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
      """,
      headers: ["content-type": "application/xml; charset=utf-8"])
  }
}

extension HTTPRequest {
  func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
}

import Foundation
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
  import Glibc
#endif

/// Which calendar a request asks for. Anything that is not exactly
/// `GET|HEAD /calendar/<token>/<name>.ics` with the right token is nothing, and every kind of
/// nothing gets the same reply (`FeedResponse.notFound`), so a prober learns nothing from it.
enum FeedRoute {
  /// The name in the URL (`all`, or an account's name), percent-decoded; nil for anything else.
  static func calendarName(for request: HTTPRequestHead, token: FeedToken) -> String? {
    guard request.method == .GET || request.method == .HEAD else { return nil }
    // A query string (cache busters some clients add) does not change what is served.
    let path = request.uri.prefix { $0 != "?" }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count == 4, segments[0].isEmpty, segments[1] == "calendar" else { return nil }
    // In constant time; what follows runs only for someone who holds the token.
    guard token.matches(segments[2].utf8), segments[3].hasSuffix(".ics"),
      let name = segments[3].dropLast(4).removingPercentEncoding, !name.isEmpty, !name.contains("/")
    else { return nil }
    return name
  }
}

extension HTTPRequestHead {
  /// Whether the request says a body follows. The feed takes none: it answers at once, closes,
  /// and reads past nothing (what follows a body cannot be trusted to start a request).
  var announcesBody: Bool {
    headers.contains(name: "transfer-encoding") || headers[canonicalForm: "content-length"].contains { $0 != "0" }
  }

  /// Whether the connection stays open after the reply (RFC 9112 §9.3). Not after a request with
  /// a body, nor after one asking to switch protocols: NIO's decoder stops parsing after an
  /// upgrade request, so nothing later on that connection would be read as a request.
  var keepsFeedConnection: Bool {
    isKeepAlive && !announcesBody && !headers.contains(name: "upgrade") && method != .CONNECT
  }
}

/// A reply: a head, then the body unless the request is HEAD. Always HTTP/1.1 (RFC 9110 §2.5:
/// the highest version the server conforms to, also to an HTTP/1.0 client).
struct FeedResponse {
  var status: HTTPResponseStatus
  var headers: [(name: String, value: String)]
  /// Sent unless the request is HEAD; Content-Length announces it either way (none on a 304).
  var body: ByteBuffer?

  private static let plainText = [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]

  /// The one reply to everything the feed does not serve.
  static let notFound = FeedResponse(status: .notFound, headers: plainText, body: ByteBuffer(string: "Not Found\n"))

  /// A request NIO's parser rejects (not HTTP/1.x, a malformed line): it says nothing about the
  /// token, only that the bytes were not a request.
  static let badRequest = FeedResponse(
    status: .badRequest, headers: plainText, body: ByteBuffer(string: "Bad Request\n"))

  /// A request whose target and header fields are over `FeedServer.Limits`.
  static let headTooLarge = FeedResponse(
    status: .requestHeaderFieldsTooLarge, headers: plainText,
    body: ByteBuffer(string: "Request Header Fields Too Large\n"))

  /// The store failed: the token holder is told to come back, nobody else ever sees this.
  static let unavailable = FeedResponse(
    status: .serviceUnavailable, headers: plainText + [("Retry-After", "60")],
    body: ByteBuffer(string: "Service Unavailable\n"))

  /// The calendar, or 304 when the client's If-None-Match already names this version (weak
  /// comparison, as RFC 9110 §13.1.2 requires for If-None-Match).
  static func calendar(_ calendar: FeedBody, for request: HTTPRequestHead) -> FeedResponse {
    let validators = [("ETag", calendar.etag), ("Cache-Control", "no-cache")]
    let tags = request.headers[canonicalForm: "if-none-match"]
    if tags.contains(where: { $0 == "*" || ($0.hasPrefix("W/") ? $0.dropFirst(2) : $0) == calendar.etag }) {
      return FeedResponse(status: .notModified, headers: validators, body: nil)
    }
    return FeedResponse(
      status: .ok,
      headers: [("Content-Type", "text/calendar; charset=utf-8")] + validators + [
        ("X-Content-Type-Options", "nosniff")
      ],
      body: calendar.bytes)
  }

  /// The status line and headers, with Date, Content-Length (when there is a body) and the
  /// Connection header the request needs: `close` when the connection ends after this reply,
  /// `keep-alive` for an HTTP/1.0 client that asked to keep it.
  func head(keepAlive: Bool, requestVersion: HTTPVersion) -> HTTPResponseHead {
    var headers = HTTPHeaders([("Date", Self.httpDate(time(nil)))] + self.headers.map { ($0.name, $0.value) })
    if let body { headers.add(name: "Content-Length", value: String(body.readableBytes)) }
    if !keepAlive {
      headers.add(name: "Connection", value: "close")
    } else if requestVersion == .http1_0 {
      headers.add(name: "Connection", value: "keep-alive")
    }
    return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
  }

  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// RFC 9110 IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), whatever the process's locale.
  static func httpDate(_ seconds: time_t) -> String {
    var seconds = seconds
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
      + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}

import Foundation
import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// Which calendar a request asks for. Anything that is not exactly
/// `GET|HEAD /calendar/<token>/<name>.ics` with the right token is nothing, and every kind of
/// nothing gets the same reply (`FeedResponse.notFound`), so a prober learns nothing from it.
enum FeedRoute {
  /// The name in the URL (`all`, or an account's name), percent-decoded; nil for anything else.
  static func calendarName(for request: FeedRequest, token: FeedToken) -> String? {
    guard !request.isRejected, request.method == "GET" || request.method == "HEAD" else { return nil }
    // A query string (cache busters some clients add) does not change what is served.
    let path = request.target.prefix { $0 != "?" }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.count == 4, segments[0].isEmpty, segments[1] == "calendar" else { return nil }
    // In constant time; what follows runs only for someone who holds the token.
    guard token.matches(segments[2].utf8), segments[3].hasSuffix(".ics"),
      let name = segments[3].dropLast(4).removingPercentEncoding, !name.isEmpty, !name.contains("/")
    else { return nil }
    return name
  }
}

/// A reply: `head` then `payload`. Always HTTP/1.1 (RFC 9110 §2.5: the highest version
/// the server conforms to, also to an HTTP/1.0 client).
struct FeedResponse {
  var status: String
  var headers: [(name: String, value: String)]
  /// Sent unless the request is HEAD; Content-Length announces it either way (none on a 304).
  var body: ByteBuffer?

  static let notFoundBody = ByteBuffer(string: "Not Found\n")

  /// The one reply to everything the feed does not serve.
  static let notFound = FeedResponse(
    status: "404 Not Found",
    headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
    body: notFoundBody)

  /// The calendar, or 304 when the client's If-None-Match already names this version (weak
  /// comparison, as RFC 9110 §13.1.2 requires for If-None-Match).
  static func calendar(_ calendar: FeedBody, for request: FeedRequest) -> FeedResponse {
    let validators = [("ETag", calendar.etag), ("Cache-Control", "no-cache")]
    let tags = request.values("if-none-match")
    if tags.contains(where: { $0 == "*" || ($0.hasPrefix("W/") ? String($0.dropFirst(2)) : $0) == calendar.etag }) {
      return FeedResponse(status: "304 Not Modified", headers: validators, body: nil)
    }
    return FeedResponse(
      status: "200 OK",
      headers: [("Content-Type", "text/calendar; charset=utf-8")] + validators + [
        ("X-Content-Type-Options", "nosniff")
      ],
      body: calendar.bytes)
  }

  /// The status line and headers. The body goes out as a buffer of its own (`payload`), so a
  /// large calendar is never copied per request.
  func head(for request: FeedRequest, keepAlive: Bool, allocator: ByteBufferAllocator) -> ByteBuffer {
    var buffer = allocator.buffer(capacity: 256)
    buffer.writeString("HTTP/1.1 \(status)\r\nDate: \(Self.httpDate(time(nil)))\r\n")
    for (name, value) in headers { buffer.writeString("\(name): \(value)\r\n") }
    if let body { buffer.writeString("Content-Length: \(body.readableBytes)\r\n") }
    if !keepAlive {
      buffer.writeString("Connection: close\r\n")
    } else if request.isHTTP10 {
      buffer.writeString("Connection: keep-alive\r\n")
    }
    buffer.writeString("\r\n")
    return buffer
  }

  /// The body to send: none for HEAD, which only announces its length.
  func payload(for request: FeedRequest) -> ByteBuffer? {
    request.method == "HEAD" ? nil : body
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

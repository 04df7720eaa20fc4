import NIOHTTP1

/// One complete HTTP request as the fake services see it: already buffered, with the path left
/// exactly as it arrived (percent-encoding included), because VolleyManager's routes depend on
/// `%5C` staying encoded.
struct SandboxRequest: Sendable {
  var method: HTTPMethod
  /// The raw request target, e.g. `/api/x/api%5Cy/z?a=1`.
  var uri: String
  var headers: HTTPHeaders
  var body: [UInt8]
  /// `host:port` of the socket the request arrived on, for redirects when Host is missing.
  var localAuthority: String

  init(
    method: HTTPMethod, uri: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    localAuthority: String = "127.0.0.1"
  ) {
    self.method = method
    self.uri = uri
    self.headers = headers
    self.body = body
    self.localAuthority = localAuthority
  }

  /// The raw path, without the query string and still percent-encoded.
  var path: String {
    guard let mark = uri.firstIndex(of: "?") else { return uri }
    return String(uri[..<mark])
  }

  /// The raw query string, if any.
  var query: String? {
    guard let mark = uri.firstIndex(of: "?") else { return nil }
    return String(uri[uri.index(after: mark)...])
  }

  /// The value of the first cookie called `name` in any `Cookie` header.
  func cookie(_ name: String) -> String? {
    for header in headers[canonicalForm: "cookie"] {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        if parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
      }
    }
    return nil
  }

  /// The media type of the body, lower-cased and without parameters ("text/plain").
  var mediaType: String? {
    guard let value = headers.first(name: "content-type") else { return nil }
    let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces } ?? ""
    return type.lowercased()
  }

  /// The body read as `application/x-www-form-urlencoded`, whatever the Content-Type says (the
  /// real site sends URL-encoded bodies labelled text/plain). Nil when it is not valid UTF-8.
  var formFields: FormFields? { FormFields(urlEncoded: body) }
}

/// Decoded `a=1&b=2` pairs. Keeps every pair in order; lookups return the first match.
struct FormFields: Sendable {
  var pairs: [(name: String, value: String)]

  init?(urlEncoded bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    self.init(urlEncoded: text)
  }

  init?(urlEncoded text: String) {
    var pairs: [(String, String)] = []
    for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.decode(parts[0]) else { return nil }
      guard let value = parts.count > 1 ? Self.decode(parts[1]) : "" else { return nil }
      pairs.append((name, value))
    }
    self.pairs = pairs
  }

  subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

  /// Percent-decoding with `+` as a space; nil for a broken escape or bytes that are not UTF-8.
  static func decode(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// A complete reply. The HTTP handler adds Content-Length and the connection headers.
struct SandboxResponse: Sendable {
  var status: HTTPResponseStatus
  var headers: [(String, String)]
  var body: [UInt8]
  /// How long to hold the reply back (simulated upstream latency).
  var delayMilliseconds: Int = 0
  /// Set by fault injection: announce the whole body, send only this many bytes of it, then
  /// close the connection, as an upstream that dies mid-transfer does.
  var truncatedBodyBytes: Int?

  init(status: HTTPResponseStatus, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  static func html(_ status: HTTPResponseStatus, _ page: String) -> SandboxResponse {
    SandboxResponse(
      status: status, headers: [("Content-Type", "text/html; charset=UTF-8")], body: Array(page.utf8))
  }

  static func json(_ status: HTTPResponseStatus, _ value: SandboxJSON, contentType: String = "application/json")
    -> SandboxResponse
  {
    SandboxResponse(status: status, headers: [("Content-Type", contentType)], body: Array(value.serialized.utf8))
  }

  /// 303 See Other, the redirect Flow uses after a form post.
  static func seeOther(_ location: String) -> SandboxResponse {
    SandboxResponse(status: .seeOther, headers: [("Location", location)])
  }

  func adding(_ name: String, _ value: String) -> SandboxResponse {
    var copy = self
    copy.headers.append((name, value))
    return copy
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return text
  }
}

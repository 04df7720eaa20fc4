import Foundation

/// An HTTP/1.1 client over a plain blocking socket, so that a test chooses every byte it sends
/// and sees every byte it gets (URLSession adds headers and caches). Use it through `blocking`:
/// its calls wait on the socket, and the server under test needs the cooperative pool to render.
final class RawHTTPConnection: @unchecked Sendable {
  struct Response {
    var status: Int
    var head: String
    /// Header names in lower case; a repeated header keeps its last value.
    var headers: [String: String]
    var body: [UInt8]

    /// The head without its Date line, to compare replies made at different seconds.
    var headWithoutDate: String {
      head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("date:") }.joined(separator: "\r\n")
    }
  }

  private let descriptor: CInt
  private var buffered: [UInt8] = []

  /// Connects to `host:port` (IPv4), or throws with errno (ECONNREFUSED when nobody listens).
  init(host: String = "127.0.0.1", port: Int) throws {
    descriptor = socket(AF_INET, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, host, &address.sin_addr)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      // Not closed here: a class whose init throws after its properties are set still runs its
      // deinit, which closes it. Closing twice would close whatever another test opened meanwhile
      // under the same number (seen: a feed test's socket failing with EBADF).
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    // A server that never answers (or stops reading) fails the test instead of hanging it. A
    // guard, not a measure: on a loaded 2-core machine the server's two pool threads are shared
    // with every test running beside it, and 10 s was seen to run out (issue 19).
    var timeout = timeval(tv_sec: 90, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(descriptor) }

  func send(_ text: String) throws {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard sent > 0 else { throw TestFailure("send failed: errno \(errno)") }
      bytes = bytes.dropFirst(sent)
    }
  }

  /// Reads one response. Its body is Content-Length bytes, none for a reply to HEAD or a 304.
  func response(toHEAD: Bool = false) throws -> Response {
    let end = try fill { Self.range(of: Array("\r\n\r\n".utf8), in: $0)?.upperBound }
    let head = String(decoding: buffered[..<end], as: UTF8.self)
    buffered.removeFirst(end)
    var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
      throw TestFailure("not an HTTP/1.1 status line: \(head)")
    }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { throw TestFailure("bad header line: \(line)") }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let length = toHEAD || status == 304 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
    _ = try fill { $0.count >= length ? length : nil }
    let body = Array(buffered[..<length])
    buffered.removeFirst(length)
    return Response(status: status, head: head, headers: headers, body: body)
  }

  /// Sends `request` and reads the reply.
  func exchange(_ request: String) throws -> Response {
    try send(request)
    return try response(toHEAD: request.hasPrefix("HEAD "))
  }

  /// Whether the server closed the connection: a read sees the end, with nothing left unread.
  func isClosedByServer() -> Bool {
    guard buffered.isEmpty else { return false }
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, 0) == 0
  }

  /// Whether the server ended the connection without sending anything (more): a read sees the
  /// end or a reset. For a server that may close before the bytes sent last reach it, which
  /// resets the connection instead of ending it.
  func isEndedByServerWithoutReply() -> Bool {
    guard buffered.isEmpty else { return false }
    var byte: UInt8 = 0
    let count = recv(descriptor, &byte, 1, 0)
    return count == 0 || (count < 0 && errno == ECONNRESET)
  }

  /// Reads until `done` finds what it needs in the buffer.
  private func fill(_ done: ([UInt8]) -> Int?) throws -> Int {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      if let found = done(buffered) { return found }
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else {
        throw TestFailure("the connection ended (\(count), errno \(errno)) after \(buffered.count) bytes")
      }
      buffered += chunk[..<count]
    }
  }

  private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle)
    {
      return start..<start + needle.count
    }
    return nil
  }
}

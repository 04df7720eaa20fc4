import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bare TCP connection, for what URLSession will not send: pipelined requests, garbage,
/// HTTP/1.0, HEAD followed by GET on one connection.
final class RawConnection {
  struct Response {
    var statusLine: String
    var headers: [(String, String)]
    var body: [UInt8]

    var status: Int { Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0 }
    func header(_ name: String) -> String? {
      headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
  }

  private let descriptor: Int32
  private var buffer: [UInt8] = []

  init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EBADF) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      // Not closed here: deinit runs even when init throws (all properties are set), and a
      // second close would hit whatever another test opened meanwhile under the same number.
      throw POSIXError(.ECONNREFUSED)
    }
    // A test must fail, not hang, when the server stops answering.
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(descriptor) }

  func send(_ text: String) { send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// The next complete response (framed by Content-Length), or nil at end of stream or timeout.
  /// A reply to HEAD has no body whatever its Content-Length says: pass `bodyless`.
  func readResponse(bodyless: Bool = false) -> Response? {
    while true {
      if let response = takeResponse(bodyless: bodyless) { return response }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return nil }
      buffer += chunk[0..<count]
    }
  }

  /// Every byte until the server closes the connection (or the read times out), including any
  /// already buffered: for replies whose framing is deliberately broken.
  func readUntilClosed() -> [UInt8] {
    var bytes = buffer
    buffer = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  /// True when the server closed the connection (no further bytes).
  func isClosedByServer() -> Bool {
    var byte: UInt8 = 0
    return recv(descriptor, &byte, 1, 0) == 0
  }

  private func takeResponse(bodyless: Bool) -> Response? {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = buffer.indices.dropLast(3).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else {
      return nil
    }
    let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let headers = lines.dropFirst().compactMap { line -> (String, String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let announced = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
    let length = bodyless ? 0 : announced
    let bodyStart = end + 4
    guard buffer.count >= bodyStart + length else { return nil }
    let response = Response(
      statusLine: lines[0], headers: headers, body: Array(buffer[bodyStart..<bodyStart + length]))
    buffer.removeFirst(bodyStart + length)
    return response
  }
}

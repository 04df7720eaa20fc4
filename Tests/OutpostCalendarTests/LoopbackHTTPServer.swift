import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 over POSIX sockets, for testing the feed connector over
/// real HTTP: one request per connection, answered by `handler`, every request recorded. A
/// connection that opens with a TLS handshake is recorded as method "TLS" and closed.
final class LoopbackHTTPServer: Sendable {
  struct Request: Sendable {
    var method: String
    var path: String
    /// Names in lower case.
    var headers: [String: String]
  }

  struct Response: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: [UInt8] = []
  }

  let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Request) -> Response
  private let recorded = Mutex<[Request]>([])

  var requests: [Request] { recorded.withLock { $0 } }
  var baseURL: String { "http://127.0.0.1:\(port)" }

  init(handler: @escaping @Sendable (Request) -> Response) throws {
    let (socket, port) = try Self.makeListener()
    listener = socket
    self.port = port
    self.handler = handler
    Thread.detachNewThread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else {
          // Shut down by `stop`. Closed only here: closed there, its number could be reused by
          // the next test's listener while this thread is still about to call accept on it.
          close(listener)
          return
        }
        serve(client)
      }
    }
  }

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))  // Wakes the blocked accept, which then closes it.
  }

  /// A bound, listening socket on an ephemeral loopback port.
  static func makeListener(backlog: Int32 = 16) throws -> (Int32, UInt16) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(fd, generic, length) == 0 && listen(fd, backlog) == 0 && getsockname(fd, generic, &length) == 0
      }
    }
    guard bound else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.count < 65_536 {
      let count = read(client, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[0..<count]
      if received.first == 0x16 || received.firstRange(of: Array("\r\n\r\n".utf8)) != nil { break }
    }
    if received.first == 0x16 {  // A TLS ClientHello: somebody spoke HTTPS to a plain server.
      recorded.withLock { $0.append(Request(method: "TLS", path: "", headers: [:])) }
      return
    }
    let head = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = head.first?.split(separator: " ").map(String.init) ?? []
    guard requestLine.count >= 2 else { return }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let request = Request(method: requestLine[0], path: requestLine[1], headers: headers)
    recorded.withLock { $0.append(request) }
    let response = handler(request)
    var text = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
    text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n"
    for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
    let bytes = Array((text + "\r\n").utf8) + response.body
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(client, raw.baseAddress! + offset, raw.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}

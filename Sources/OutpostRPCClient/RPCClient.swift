import OutpostModel
import OutpostRPC

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A small blocking JSON-RPC client over the Unix socket, for the CLI, tests and benchmarks.
/// Plain POSIX calls and no event loop: a CLI process must start, ask and exit in milliseconds.
public final class RPCClient {
  private let fd: CInt
  private var buffer: [UInt8] = []
  /// Where `recv` writes: one per client, not a zeroed 64 KiB allocation per read (an agenda's
  /// reply is several hundred kilobytes).
  private var chunk = [UInt8](repeating: 0, count: 65536)
  private var nextID: Int64 = 1
  /// Notifications that arrived while waiting for a reply, in order.
  private var queuedNotifications: [JSONValue] = []

  /// Connects to the daemon's socket. With a `timeout`, a read that waits longer fails with
  /// `.timedOut` instead of blocking forever.
  public init(socketPath: String, timeout: Duration? = nil) throws(RPCClientError) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let pathBytes = Array(socketPath.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard pathBytes.count < capacity else { throw .socketPathTooLong(socketPath) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: pathBytes)
      raw[pathBytes.count] = 0
    }
    let fd = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .io("socket: \(String(cString: strerror(errno)))") }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if result != 0 {
      let code = errno
      close(fd)
      switch code {
      case ENOENT, ECONNREFUSED, ENOTDIR: throw .daemonNotRunning(socketPath: socketPath)
      case EACCES, EPERM: throw .permissionDenied(socketPath: socketPath)
      default: throw .io("cannot connect to \(socketPath): \(String(cString: strerror(code)))")
      }
    }
    if let timeout {
      let (seconds, attoseconds) = timeout.components
      var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }
    self.fd = fd
  }

  deinit { close(fd) }

  /// Calls a declared method and decodes its result.
  public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(RPCClientError) -> M.Result {
    let encodedParams: [UInt8]
    do {
      encodedParams = M.Params.self == NoParams.self ? Array("{}".utf8) : try JSONCoding.encode(params)
    } catch {
      throw .protocolError("cannot encode params: \(error)")
    }
    let (reply, result) = try exchange(method: M.name, params: encodedParams)
    do {
      guard let result else { return try JSONCoding.convert(.null, to: M.Result.self) }
      return try reply.decode(M.Result.self, at: result)
    } catch {
      throw .protocolError("the daemon's reply to \(M.name) does not match this client: \(error)")
    }
  }

  /// Calls any method by name; returns its result or throws `.remote` with the daemon's error.
  public func callRaw(method: String, params: JSONValue?) throws(RPCClientError) -> JSONValue {
    let (reply, result) = try exchange(method: method, params: params?.serialized)
    return result.map { reply.value(at: $0) } ?? .null
  }

  /// Sends one request (params already encoded) and waits for its reply, queueing notifications
  /// that arrive meanwhile. The reply is read in place (`JSONTape`), with the entry of its
  /// result (nil: none): an agenda's items are read from the bytes, not from a tree of them.
  private func exchange(method: String, params: [UInt8]?) throws(RPCClientError) -> (JSONTape, Int?) {
    let id = nextID
    nextID += 1
    var line = Array(#"{"id":\#(id),"jsonrpc":"2.0","method":"#.utf8)
    line += JSONValue.string(method).serialized
    if let params { line += Array(#","params":"#.utf8) + params }
    line += Array("}\n".utf8)
    try writeAll(line)
    while true {
      let message = try readTape()
      guard message.isObject() else {
        throw .protocolError("the daemon sent something that is not a JSON-RPC message")
      }
      let messageID = message.member("id", of: 0).map { message.value(at: $0) }
      if messageID == nil || messageID == .null, message.member("method", of: 0) != nil {
        queuedNotifications.append(message.value())
        continue
      }
      if let error = message.member("error", of: 0) {
        let decoded = try? JSONCoding.convert(message.value(at: error), to: RPCError.self)
        let rpcError = decoded ?? RPCError(code: RPCError.internalErrorCode, message: "unreadable error")
        if messageID == .int(id) || messageID == .null { throw .remote(rpcError) }
        continue
      }
      guard messageID == .int(id) else { continue }
      return (message, message.member("result", of: 0))
    }
  }

  /// Reads one line, checked as JSON and kept as its bytes.
  private func readTape() throws(RPCClientError) -> JSONTape {
    let line = try readLine()
    do {
      return try JSONTape(parsing: line)
    } catch {
      throw .protocolError("the daemon sent a line that is not JSON")
    }
  }

  /// The next notification pushed by the daemon (blocks until one arrives or the daemon closes).
  public func nextNotification() throws(RPCClientError) -> JSONValue {
    if !queuedNotifications.isEmpty { return queuedNotifications.removeFirst() }
    return try readMessage()
  }

  /// Sends one line exactly as given (for raw tools and tests).
  public func send(_ message: JSONValue) throws(RPCClientError) {
    try writeAll(message.serialized + [UInt8(ascii: "\n")])
  }

  public func writeAll(_ bytes: [UInt8]) throws(RPCClientError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, CInt(MSG_NOSIGNAL)) }
      if written < 0 {
        if errno == EINTR { continue }
        throw .connectionLost
      }
      offset += written
    }
  }

  /// Reads one line and parses it as JSON.
  public func readMessage() throws(RPCClientError) -> JSONValue {
    let line = try readLine()
    do {
      return try JSONParser.parse(line)
    } catch {
      throw .protocolError("the daemon sent a line that is not JSON")
    }
  }

  /// Reads one line (without its newline).
  public func readLine() throws(RPCClientError) -> [UInt8] {
    var searched = 0
    while true {
      if let newline = Self.newline(in: buffer, from: searched) {
        if newline == buffer.count - 1 {
          // All that came is this line (a reply to the one request in flight): hand over the
          // buffer itself instead of copying it.
          var line = buffer
          buffer = []
          line.removeLast()
          return line
        }
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return line
      }
      searched = buffer.count
      // A reply of several hundred kilobytes (an agenda) grows the buffer once rather than by
      // doubling: each doubling is a new allocation whose pages fault in again.
      if buffer.count >= chunk.count, buffer.capacity - buffer.count < chunk.count {
        buffer.reserveCapacity(max(buffer.count * 4, 1 << 20))
      }
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
        throw .connectionLost
      }
      if count == 0 { throw .connectionLost }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  private static func newline(in buffer: [UInt8], from start: Int) -> Int? {
    buffer.withUnsafeBufferPointer { bytes in
      guard start < bytes.count, let base = bytes.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Half-closes the sending side, as `echo … | socat` does.
  public func shutdownWrite() { shutdown(fd, CInt(SHUT_WR)) }
}

public enum RPCClientError: Error, Equatable {
  case daemonNotRunning(socketPath: String)
  case permissionDenied(socketPath: String)
  case socketPathTooLong(String)
  case connectionLost
  case timedOut
  case io(String)
  case protocolError(String)
  case remote(RPCError)
}

extension JSONValue {
  /// The JSON form of any encodable value.
  public init(encoding value: some Encodable) throws {
    self = try JSONTreeEncoder.encode(value)
  }
}

import NIOCore

/// A request head as the feed sees it. The feed serves only GET and HEAD without a body, so a
/// head is all it reads; the daemon has no HTTP library (NIOHTTP1 is not among its dependencies)
/// and a strict reader of request heads is small.
struct FeedRequest: Sendable, Equatable {
  struct Header: Sendable, Equatable {
    var name: String
    var value: String
  }

  var method: String
  /// The request-target as sent (`/calendar/<token>/all.ics`).
  var target: String
  var isHTTP10: Bool
  var headers: [Header]
  /// Whether the connection stays open after the reply (RFC 9112 §9.3).
  var keepAlive: Bool
  /// Not parseable, too large, or announcing a body: answered like any unknown request, and the
  /// last one read from its connection (what follows cannot be trusted to start a request).
  var isRejected: Bool

  static let rejected = FeedRequest(
    method: "", target: "", isHTTP10: false, headers: [], keepAlive: false, isRejected: true)

  /// The values of every header called `name` (case-insensitive), comma-separated lists split.
  func values(_ name: String) -> [String] {
    headers.filter { $0.name.lowercased() == name }.flatMap { header in
      header.value.split(separator: ",").map { $0.trimmingSpaces() }
    }
  }
}

/// Cuts the connection's bytes into request heads (RFC 9112 §2–§6). After a rejected request
/// it discards everything: the reply to it closes the connection.
struct FeedRequestDecoder: ByteToMessageDecoder {
  typealias InboundOut = FeedRequest

  /// Calendar clients send a few hundred bytes; more is a mistake or abuse.
  static let maximumHeadBytes = 8192

  private var discarding = false

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    guard !discarding else {
      buffer.moveReaderIndex(to: buffer.writerIndex)
      return .needMoreData
    }
    // Empty lines before a request line are to be ignored (§2.2).
    while let byte = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self), byte == 13 || byte == 10 {
      buffer.moveReaderIndex(forwardBy: 1)
    }
    guard let length = Self.headLength(buffer.readableBytesView) else {
      guard buffer.readableBytes > Self.maximumHeadBytes else { return .needMoreData }
      return reject(context: context, buffer: &buffer)
    }
    guard length <= Self.maximumHeadBytes, let head = buffer.readSlice(length: length),
      let request = Self.parse(Array(head.readableBytesView))
    else { return reject(context: context, buffer: &buffer) }
    if request.isRejected { discarding = true }
    context.fireChannelRead(wrapInboundOut(request))
    return .continue
  }

  /// A connection closed in the middle of a head: nothing to answer.
  mutating func decodeLast(
    context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
  ) throws -> DecodingState {
    buffer.moveReaderIndex(to: buffer.writerIndex)
    return .needMoreData
  }

  private mutating func reject(context: ChannelHandlerContext, buffer: inout ByteBuffer) -> DecodingState {
    discarding = true
    buffer.moveReaderIndex(to: buffer.writerIndex)
    context.fireChannelRead(wrapInboundOut(FeedRequest.rejected))
    return .needMoreData
  }

  /// The length of the head up to and including its empty line (CRLF CRLF, or bare LFs, which
  /// §2.2 allows a recipient to accept), or nil while it is incomplete.
  static func headLength(_ bytes: ByteBufferView) -> Int? {
    var index = bytes.startIndex
    while let newline = bytes[index...].firstIndex(of: 10) {
      let next = bytes.index(after: newline)
      if next < bytes.endIndex, bytes[next] == 10 { return next + 1 - bytes.startIndex }
      if next + 1 < bytes.endIndex, bytes[next] == 13, bytes[next + 1] == 10 { return next + 2 - bytes.startIndex }
      index = next
    }
    return nil
  }

  /// The request in a complete head; nil when it is malformed.
  static func parse(_ head: [UInt8]) -> FeedRequest? {
    var lines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
      line.last == 13 ? line.dropLast() : line
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { return nil }
    let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
      parts[0].allSatisfy(isTokenCharacter),
      let version = String(validating: parts[2], as: UTF8.self), version == "HTTP/1.1" || version == "HTTP/1.0"
    else { return nil }
    var headers: [FeedRequest.Header] = []
    for line in lines.dropFirst() {
      // A line starting with white space continues the previous one (obs-fold): §5.2 lets a
      // server reject it, which keeps the reader simple.
      guard let colon = line.firstIndex(of: 58), colon > line.startIndex,
        !line[..<colon].contains(where: { $0 == 32 || $0 == 9 })
      else { return nil }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      headers.append(.init(name: name, value: String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces()))
    }
    var request = FeedRequest(
      method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
      isHTTP10: version == "HTTP/1.0", headers: headers, keepAlive: false, isRejected: false)
    let connection = Set(request.values("connection").map { $0.lowercased() })
    request.keepAlive =
      request.isHTTP10 ? connection.contains("keep-alive") : !connection.contains("close")
    // A body would have to be read past to find the next request; the feed takes none.
    let lengths = request.values("content-length")
    if !request.values("transfer-encoding").isEmpty || lengths.contains(where: { $0 != "0" }) {
      request.isRejected = true
      request.keepAlive = false
    }
    return request
  }
}

/// tchar (RFC 9110 §5.6.2): what a method may be made of. Unknown methods are answered 404 like
/// any other request the feed does not serve; only a request line that is not one is rejected.
private func isTokenCharacter(_ byte: UInt8) -> Bool {
  (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (HTTP's optional white space).
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}

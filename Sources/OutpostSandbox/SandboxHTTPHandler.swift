import NIOCore
import NIOHTTP1

/// Buffers one request at a time, hands it to the router and writes the reply, always with a
/// Content-Length so keep-alive connections stay usable (clients reuse them). NIO's pipelining
/// helper sits in front, so a second request on the connection waits until this reply is out,
/// which is also what makes the simulated latency safe.
final class SandboxHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// Upstream bodies are small forms; anything bigger is a client bug or abuse.
  static let maximumBodyBytes = 1 << 20

  private let router: SandboxRouter
  private let logger: (@Sendable (String) -> Void)?
  private var head: HTTPRequestHead?
  private var body = ByteBuffer()
  private var bodyTooLarge = false
  private var receivedAt = ContinuousClock.now
  private var delayedReply: Scheduled<Void>?

  init(router: SandboxRouter, logger: (@Sendable (String) -> Void)?) {
    self.router = router
    self.logger = logger
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body.clear()
      bodyTooLarge = false
      receivedAt = .now
      // curl (and so URLSession on Linux) waits a second for "100 Continue" before sending a
      // larger body; answering at once keeps logins fast.
      if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
        let interim = HTTPResponseHead(version: head.version, status: .continue)
        context.writeAndFlush(wrapOutboundOut(.head(interim)), promise: nil)
      }
    case .body(var chunk):
      guard !bodyTooLarge else { return }
      if body.readableBytes + chunk.readableBytes > Self.maximumBodyBytes {
        bodyTooLarge = true
        body = ByteBuffer()
      } else {
        body.writeBuffer(&chunk)
      }
    case .end:
      guard let head else { return }
      self.head = nil
      respond(to: head, context: context)
    }
  }

  /// The router's answer comes from a task that runs on this connection's event loop (its
  /// executor preference), never on the cooperative pool: the sandbox answers as promptly as when
  /// every module was synchronous, even while tests keep the pool's threads busy. The reply is
  /// written from the loop; NIO's pipelining handler holds a next request until it is out.
  private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
    defer { body.clear() }
    if bodyTooLarge {
      let response = SandboxResponse.html(
        .payloadTooLarge, "<!DOCTYPE html><html><body><h1>413 Payload Too Large</h1></body></html>")
      reply(response, to: head, keepAlive: false, context: context)
      return
    }
    let local = context.channel.localAddress
    let request = SandboxRequest(
      method: head.method, uri: head.uri, headers: head.headers, body: Array(body.readableBytesView),
      localAuthority: "\(local?.ipAddress ?? "127.0.0.1"):\(local?.port ?? 80)")
    let eventLoop = context.eventLoop
    let bound = NIOLoopBound((handler: self, context: context), eventLoop: eventLoop)
    Task(executorPreference: EventLoopTaskExecutor(eventLoop)) { [router] in
      let response = await router.respond(to: request)
      eventLoop.execute {
        let (handler, context) = bound.value
        // The client may have gone while the answer was being made.
        guard context.channel.isActive else { return }
        handler.reply(response, to: head, keepAlive: head.isKeepAlive, context: context)
      }
    }
  }

  private func reply(
    _ response: SandboxResponse, to head: HTTPRequestHead, keepAlive keepAliveAllowed: Bool,
    context: ChannelHandlerContext
  ) {
    let keepAlive = keepAliveAllowed && response.truncatedBodyBytes == nil
    guard response.delayMilliseconds > 0 else {
      write(response, for: head, keepAlive: keepAlive, context: context)
      return
    }
    delayedReply = context.eventLoop.assumeIsolated().scheduleTask(
      in: .milliseconds(Int64(response.delayMilliseconds))
    ) {
      self.delayedReply = nil
      self.write(response, for: head, keepAlive: keepAlive, context: context)
    }
  }

  private func write(
    _ response: SandboxResponse, for request: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext
  ) {
    var headers = HTTPHeaders(response.headers)
    headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
    // A cut transfer must look like a dead upstream, not like a planned close.
    if !keepAlive && response.truncatedBodyBytes == nil {
      headers.replaceOrAdd(name: "Connection", value: "close")
    } else if keepAlive && request.version == .http1_0 {
      headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    let head = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    // A HEAD reply announces the length but carries no body.
    let sent = response.truncatedBodyBytes.map { response.body.prefix($0) } ?? response.body[...]
    if !sent.isEmpty && request.method != .HEAD {
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: sent)))), promise: nil)
    }
    let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if !keepAlive {
      let channel = context.channel
      written.whenComplete { _ in channel.close(promise: nil) }
    }
    if let logger {
      let path = request.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      let elapsed = (ContinuousClock.now - receivedAt).components
      let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
      logger("\(request.method.rawValue) \(path) -> \(response.status.code) (\(milliseconds) ms)")
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    delayedReply?.cancel()
    delayedReply = nil
    context.fireChannelInactive()
  }

  /// Parser errors were already answered 400 by NIO's error handler; any error ends the
  /// connection, never the server.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    context.close(promise: nil)
  }
}

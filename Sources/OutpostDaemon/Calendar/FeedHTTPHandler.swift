import Logging
import NIOCore
import NIOHTTP1

/// Where the feed gets its calendars, by the name in the URL: `all` or an account's name.
protocol FeedSource: Sendable {
  /// A body that is ready now. Called on the event loop, so it must not wait for anything.
  func cached(_ name: String) -> FeedBody?
  /// The body, rendered if need be; nil when no calendar has that name.
  func body(_ name: String) async throws -> FeedBody?
}

/// Serves one connection behind NIO's HTTP/1 server pipeline, whose pipelining helper hands over
/// one request at a time and holds the next (and stops reading) until this reply's end is
/// written, so clients may pipeline. Answers on the event loop from the cache when it can,
/// otherwise once the source has rendered. Requests the feed does not serve are answered at
/// once, without touching the source: their timing says nothing.
final class FeedHTTPHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let token: FeedToken
  private let source: any FeedSource
  private let gate: FeedInputGate
  private let logger: Logger
  /// The request read so far, answered at its end.
  private var request: HTTPRequestHead?
  private var isRendering = false
  /// The last reply is written or the connection is gone: nothing more is read or answered.
  private var isClosing = false

  init(token: FeedToken, source: any FeedSource, gate: FeedInputGate, logger: Logger) {
    self.token = token
    self.source = source
    self.gate = gate
    self.logger = logger
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isClosing else { return }
    switch unwrapInboundIn(data) {
    case .head(let head) where head.announcesBody:
      // Answered before the body arrives, which is never read (the reply closes).
      send(.notFound, for: head, context: context)
    case .head(let head):
      request = head
    case .body:
      break
    case .end:
      guard let request else { return }
      self.request = nil
      serve(request, context: context)
    }
  }

  private func serve(_ request: HTTPRequestHead, context: ChannelHandlerContext) {
    guard let name = FeedRoute.calendarName(for: request, token: token) else {
      send(.notFound, for: request, context: context)
      return
    }
    if let body = source.cached(name) {
      send(.calendar(body, for: request), for: request, context: context)
      return
    }
    isRendering = true
    let promise = context.eventLoop.makePromise(of: FeedBody?.self)
    promise.completeWithTask { [source] in try await source.body(name) }
    promise.futureResult.assumeIsolated().whenComplete { result in
      self.isRendering = false
      guard !self.isClosing else { return }
      switch result {
      case .success(let body?): self.send(.calendar(body, for: request), for: request, context: context)
      case .success(nil): self.send(.notFound, for: request, context: context)
      case .failure(let error):
        self.logger.error("calendar feed: cannot render \(name): \(error)")
        self.send(.unavailable, for: request, context: context)
      }
    }
  }

  /// Writes `response` to `request` (nil: to bytes that were no request), then, unless the
  /// connection is kept, closes it the lingering way (`FeedInputGate`).
  private func send(_ response: FeedResponse, for request: HTTPRequestHead?, context: ChannelHandlerContext) {
    let keepAlive = request?.keepsFeedConnection ?? false
    if !keepAlive {
      // Before the end is written: writing it lets the pipelining helper hand over the next
      // request at once, which must find the connection closing.
      isClosing = true
      gate.discardFromNowOn()
    }
    let head = response.head(keepAlive: keepAlive, requestVersion: request?.version ?? .http1_1)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    if let body = response.body, request?.method != .HEAD {
      context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    }
    let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    guard !keepAlive else { return }
    // Once the reply is out (closing drops queued writes), only our side is shut: a full close
    // with unread input (a body we did not read) would reset the connection and could destroy
    // the reply before the client reads it. The client's close, or the idle timeout, ends it.
    let channel = context.channel
    written.whenComplete { _ in
      channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // Idle connections are closed (IdleStateHandler in front), keep-alive and lingering ones
    // alike; a client reconnects.
    if event is IdleStateHandler.IdleStateEvent, !isRendering {
      isClosing = true
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    isClosing = true
    request = nil
    context.fireChannelInactive()
  }

  /// Bytes NIO's parser rejects are answered 400 (431 when the head is over the limits) and end
  /// the connection; any other error ends it at once. Never the server.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let parserError = error as? HTTPParserError {
      // The pipelining helper holds a parser error back while a reply is pending, so none
      // arrives while rendering; after the last reply there is nothing more to say.
      guard !isClosing, !isRendering else { return }
      send(parserError == .headerOverflow ? .headTooLarge : .badRequest, for: nil, context: context)
      return
    }
    isClosing = true
    context.close(promise: nil)
  }
}

/// In front of the HTTP decoder: once the feed has written its last reply on a connection, what
/// the client still sends is dropped unparsed until it closes, or the idle timeout (behind this
/// gate, so dropped bytes do not keep the connection alive) ends the connection.
final class FeedInputGate: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var isDiscarding = false

  func discardFromNowOn() { isDiscarding = true }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isDiscarding else { return }
    context.fireChannelRead(data)
  }
}

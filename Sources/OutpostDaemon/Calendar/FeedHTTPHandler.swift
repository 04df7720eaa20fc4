import Logging
import NIOCore

/// Where the feed gets its calendars, by the name in the URL: `all` or an account's name.
protocol FeedSource: Sendable {
  /// A body that is ready now. Called on the event loop, so it must not wait for anything.
  func cached(_ name: String) -> FeedBody?
  /// The body, rendered if need be; nil when no calendar has that name.
  func body(_ name: String) async throws -> FeedBody?
}

/// Serves one connection: answers its requests in order (clients may pipeline), on the event
/// loop from the cache when it can, otherwise once the source has rendered. Requests the feed
/// does not serve are answered at once, without touching the source: their timing says nothing.
final class FeedHTTPHandler: ChannelInboundHandler {
  typealias InboundIn = FeedRequest
  typealias OutboundOut = ByteBuffer

  /// Pipelined requests waiting behind a render; a client that sends more is closed.
  static let maximumQueuedRequests = 16

  private let token: FeedToken
  private let source: any FeedSource
  private let logger: Logger
  private var queue = CircularBuffer<FeedRequest>()
  private var isRendering = false
  private var isClosing = false

  init(token: FeedToken, source: any FeedSource, logger: Logger) {
    self.token = token
    self.source = source
    self.logger = logger
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isClosing else { return }
    queue.append(unwrapInboundIn(data))
    guard queue.count <= Self.maximumQueuedRequests else {
      isClosing = true
      context.close(promise: nil)
      return
    }
    serveQueued(context: context)
  }

  private func serveQueued(context: ChannelHandlerContext) {
    while !isRendering, !isClosing, let request = queue.popFirst() {
      guard let name = FeedRoute.calendarName(for: request, token: token) else {
        send(.notFound, for: request, context: context)
        continue
      }
      if let body = source.cached(name) {
        send(.calendar(body, for: request), for: request, context: context)
        continue
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
        self.serveQueued(context: context)
      }
    }
  }

  private func send(_ response: FeedResponse, for request: FeedRequest, context: ChannelHandlerContext) {
    let keepAlive = request.keepAlive && !request.isRejected
    let allocator = context.channel.allocator
    context.write(
      wrapOutboundOut(response.head(for: request, keepAlive: keepAlive, allocator: allocator)), promise: nil)
    let written = context.writeAndFlush(
      wrapOutboundOut(response.payload(for: request) ?? allocator.buffer(capacity: 0)))
    guard !keepAlive else { return }
    // Once the reply is out (closing drops queued writes), only our side is shut: a full close
    // with unread input (a body we did not read) would reset the connection and could destroy
    // the reply before the client reads it. The client's close, or the idle timeout, ends it.
    isClosing = true
    queue.removeAll()
    let channel = context.channel
    written.whenComplete { _ in
      channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // Idle keep-alive connections are closed (IdleStateHandler in front); a client reconnects.
    if event is IdleStateHandler.IdleStateEvent, !isRendering {
      isClosing = true
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  func channelInactive(context: ChannelHandlerContext) {
    isClosing = true
    queue.removeAll()
    context.fireChannelInactive()
  }

  /// Any error ends the connection, never the server.
  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    isClosing = true
    context.close(promise: nil)
  }
}

extension FeedResponse {
  /// The store failed: the token holder is told to come back, nobody else ever sees this.
  static let unavailable = FeedResponse(
    status: "503 Service Unavailable",
    headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"), ("Retry-After", "60")],
    body: ByteBuffer(string: "Service Unavailable\n"))
}

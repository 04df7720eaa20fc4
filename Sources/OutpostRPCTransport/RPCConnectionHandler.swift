import Logging
import NIOCore
import OutpostRPC

/// One client connection: splits the byte stream into lines (bounded by `maxFrameBytes`), hands
/// each line to the dispatcher and writes the reply. Replies may come back out of order when
/// requests are pipelined; JSON-RPC ids pair them up.
///
/// A handler whose work does not suspend runs to completion on this event loop (`Task.immediate`)
/// and replies without a thread hop; one that suspends replies through a single hop back here.
final class RPCConnectionHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let peer: ConnectionPeer
  private let dispatcher: RPCDispatcher
  private let tracker: ConnectionTracker
  private let maxFrameBytes: Int
  private let largeReply: (bytes: Int, then: @Sendable () -> Void)?
  private let logger: Logger

  private var pending: ByteBuffer?
  /// Bytes of `pending` already searched for a newline.
  private var scanned = 0
  private var inFlight = 0
  private var inputClosed = false
  private var closing = false
  private var lastWrite: EventLoopFuture<Void>?

  init(
    peer: ConnectionPeer, dispatcher: RPCDispatcher, tracker: ConnectionTracker, maxFrameBytes: Int,
    largeReply: (bytes: Int, then: @Sendable () -> Void)? = nil, logger: Logger
  ) {
    self.peer = peer
    self.dispatcher = dispatcher
    self.tracker = tracker
    self.maxFrameBytes = maxFrameBytes
    self.largeReply = largeReply
    self.logger = logger
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing else { return }
    var incoming = unwrapInboundIn(data)
    if pending == nil {
      pending = incoming
    } else {
      pending!.writeBuffer(&incoming)
    }
    extractLines(context: context)
  }

  private func extractLines(context: ChannelHandlerContext) {
    while !closing, var buffer = pending {
      let view = buffer.readableBytesView
      guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
        scanned = view.count
        if view.count > maxFrameBytes { refuseOversizedFrame(context: context) }
        return
      }
      let length = newline - view.startIndex
      let line = buffer.readBytes(length: length)!
      buffer.moveReaderIndex(forwardBy: 1)
      pending = buffer.readableBytes == 0 ? nil : buffer
      scanned = 0
      if length > maxFrameBytes {
        refuseOversizedFrame(context: context)
        return
      }
      handle(line: line, context: context)
    }
  }

  private func handle(line rawLine: [UInt8], context: ChannelHandlerContext) {
    var line = rawLine
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    // Blank lines (keep-alives, a stray "\r\n") are not requests.
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
    if tracker.isDraining {
      write(RPCDispatcher.errorReply(id: .null, error: .shuttingDown), context: context)
      return
    }
    inFlight += 1
    tracker.requestStarted()
    let rpcContext = RPCContext(peer: peer)
    let eventLoop = context.eventLoop
    let bound = NIOLoopBound((self, context), eventLoop: eventLoop)
    let dispatcher = self.dispatcher
    Task.immediate {
      let reply = await dispatcher.reply(to: line, context: rpcContext)
      if eventLoop.inEventLoop {
        bound.value.0.finish(reply: reply, rpcContext: rpcContext, context: bound.value.1)
      } else {
        eventLoop.execute { bound.value.0.finish(reply: reply, rpcContext: rpcContext, context: bound.value.1) }
      }
    }
  }

  private func finish(reply: [UInt8]?, rpcContext: RPCContext, context: ChannelHandlerContext) {
    inFlight -= 1
    tracker.requestFinished()
    if let reply, peer.isOpen { write(reply, context: context) }
    if let reply, let largeReply, reply.count >= largeReply.bytes { largeReply.then() }
    rpcContext.replied()
    closeIfDone(context: context)
  }

  private func write(_ line: [UInt8], context: ChannelHandlerContext) {
    let future = context.writeAndFlush(wrapOutboundOut(ConnectionPeer.frame(line)))
    lastWrite = future
  }

  private func refuseOversizedFrame(context: ChannelHandlerContext) {
    logger.warning("refusing a frame over \(maxFrameBytes) bytes", metadata: ["connection": "\(peer.connectionID)"])
    pending = nil
    scanned = 0
    write(RPCDispatcher.errorReply(id: .null, error: .frameTooLarge(limit: maxFrameBytes)), context: context)
    // The refused frame was buffered up to the limit and is freed now: like a large reply, it
    // leaves that much in the heap (the socket fuzz saw 3,000 refusals keep 188 MB resident).
    largeReply?.then()
    closeAfterWrites(context: context)
  }

  /// A client that half-closes after its request (`echo … | socat`, `nc -N`) still gets its reply;
  /// an unterminated last line counts as a request.
  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard let event = event as? ChannelEvent, event == .inputClosed else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    inputClosed = true
    if closing {
      context.close(promise: nil)
      return
    }
    if let rest = pending {
      pending = nil
      scanned = 0
      if rest.readableBytes > maxFrameBytes {
        refuseOversizedFrame(context: context)
      } else {
        handle(line: Array(rest.readableBytesView), context: context)
      }
    }
    closeIfDone(context: context)
  }

  private func closeIfDone(context: ChannelHandlerContext) {
    if inputClosed && inFlight == 0 { closeAfterWrites(context: context) }
  }

  private func closeAfterWrites(context: ChannelHandlerContext) {
    guard !closing else { return }
    closing = true
    peer.markClosed()
    let done = lastWrite ?? context.eventLoop.makeSucceededVoidFuture()
    if inputClosed {
      let channel = context.channel
      done.whenComplete { _ in channel.close(promise: nil) }
    } else {
      LingeringClose.start(channel: context.channel, after: done)
    }
  }

  /// Back-pressure: a client that does not read its replies stops being read from.
  func channelWritabilityChanged(context: ChannelHandlerContext) {
    let writable = context.channel.isWritable
    context.channel.setOption(ChannelOptions.autoRead, value: writable).whenFailure { _ in }
    if writable { context.read() }
    context.fireChannelWritabilityChanged()
  }

  func channelInactive(context: ChannelHandlerContext) {
    peer.markClosed()
    tracker.connectionClosed(peer)
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    logger.debug("connection error: \(error)", metadata: ["connection": "\(peer.connectionID)"])
    peer.markClosed()
    context.close(promise: nil)
  }
}

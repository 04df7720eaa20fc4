import NIOCore

/// Closing a socket that still has unread input makes the kernel send a reset, which can
/// destroy the error line just written (the client sees "connection reset" instead of the
/// reason). So: finish writing, shut down our sending side, discard what the client still
/// sends, and close fully when it closes its side or after a short grace period.
enum LingeringClose {
  static let gracePeriod: TimeAmount = .seconds(2)

  static func start(channel: any Channel, after writes: EventLoopFuture<Void>) {
    writes.whenComplete { _ in
      channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
      channel.eventLoop.scheduleTask(in: gracePeriod) { channel.close(promise: nil) }
    }
  }
}

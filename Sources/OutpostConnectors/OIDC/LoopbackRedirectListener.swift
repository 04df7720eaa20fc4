import NIOCore
import NIOHTTP1
import NIOPosix
import OutpostModel
import Synchronization

/// The loopback redirect of a browser sign-in (RFC 8252 §7.3): a listener on 127.0.0.1 (the IP
/// literal, never `localhost`: §8.3) with a port the kernel picks, bound before the
/// authorization address is built. It takes the first request to `/callback` whose `state` is
/// this sign-in's (compared in constant time), answers the browser with a short page in its
/// language, and closes. Anything else (another path, a wrong or missing state) is answered
/// and ignored, so a stray page cannot end the sign-in.
final class LoopbackRedirectListener: Sendable {
  /// What the provider sent back to the redirect.
  enum Callback: Sendable, Equatable {
    case code(String, issuer: String?)
    /// `error` (`access_denied`, …) and its description.
    case error(String, String?)
  }

  static let path = "/callback"

  let port: Int
  private let channel: any Channel
  private let box: CallbackBox

  var redirectURI: String { "http://127.0.0.1:\(port)\(Self.path)" }

  private init(port: Int, channel: any Channel, box: CallbackBox) {
    self.port = port
    self.channel = channel
    self.box = box
  }

  /// Binds the listener for the sign-in whose state is `state`.
  static func start(state: String) async throws(ConnectorError) -> LoopbackRedirectListener {
    let box = CallbackBox(state: state)
    let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(RedirectHandler(box: box))
        }
      }
    let channel: any Channel
    do {
      channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
    } catch {
      throw .unsupported("cannot listen on 127.0.0.1 for the browser's return: \(error)")
    }
    guard let port = channel.localAddress?.port else {
      try? await channel.close()
      throw .unsupported("the loopback listener has no port")
    }
    let listener = LoopbackRedirectListener(port: port, channel: channel, box: box)
    box.onDelivered = { [channel] in channel.close(promise: nil) }
    return listener
  }

  /// Waits for the browser to come back; nil when the waiting task is cancelled first.
  func callback() async -> Callback? { await box.wait() }

  func close() async {
    try? await channel.close()
  }
}

/// The one callback a listener delivers, and the task waiting for it.
private final class CallbackBox: Sendable {
  let state: String
  private struct Storage {
    var callback: LoopbackRedirectListener.Callback?
    var waiter: CheckedContinuation<LoopbackRedirectListener.Callback?, Never>?
    var onDelivered: (@Sendable () -> Void)?
  }
  private let storage = Mutex(Storage())

  init(state: String) { self.state = state }

  var onDelivered: (@Sendable () -> Void)? {
    get { storage.withLock { $0.onDelivered } }
    set { storage.withLock { $0.onDelivered = newValue } }
  }

  var isDelivered: Bool { storage.withLock { $0.callback != nil } }

  /// The first callback wins; later ones are refused by the handler.
  func deliver(_ callback: LoopbackRedirectListener.Callback) {
    typealias Waiter = CheckedContinuation<LoopbackRedirectListener.Callback?, Never>
    let (waiter, done) = storage.withLock { storage -> (Waiter?, (@Sendable () -> Void)?) in
      guard storage.callback == nil else { return (nil, nil) }
      storage.callback = callback
      defer { storage.waiter = nil }
      return (storage.waiter, storage.onDelivered)
    }
    waiter?.resume(returning: callback)
    done?()
  }

  func wait() async -> LoopbackRedirectListener.Callback? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<LoopbackRedirectListener.Callback?, Never>) in
        let ready = storage.withLock { storage -> LoopbackRedirectListener.Callback?? in
          if let callback = storage.callback { return .some(callback) }
          if Task.isCancelled { return .some(nil) }
          storage.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = storage.withLock { storage in
        defer { storage.waiter = nil }
        return storage.waiter
      }
      waiter?.resume(returning: nil)
    }
  }
}

/// Answers each request on the listener; hands the matching callback to the box once the
/// browser has its page.
private final class RedirectHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let box: CallbackBox
  private var head: HTTPRequestHead?

  init(box: CallbackBox) { self.box = box }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head): self.head = head
    case .body: break
    case .end:
      guard let head else { return }
      self.head = nil
      respond(to: head, context: context)
    }
  }

  private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
    let language = Self.language(head.headers.first(name: "accept-language"))
    let (path, query) = Self.split(head.uri)
    let fields = Dictionary(FormEncoding.decode(query), uniquingKeysWith: { first, _ in first })
    var delivered: LoopbackRedirectListener.Callback?
    let status: HTTPResponseStatus
    let text: LocalizedText
    if head.method != .GET || path != LoopbackRedirectListener.path {
      (status, text) = (.notFound, Self.notFound)
    } else if box.isDelivered || !PKCE.constantTimeEquals(fields["state"] ?? "", box.state) {
      (status, text) = (.badRequest, Self.notThisSignIn)
    } else if let code = fields["code"], !code.isEmpty {
      (status, text) = (.ok, Self.signedIn)
      delivered = .code(code, issuer: fields["iss"])
    } else {
      (status, text) = (.ok, Self.refused)
      delivered = .error(fields["error"] ?? "invalid_request", fields["error_description"])
    }
    let page = Array(Self.page(text[language], language: language).utf8)
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
    headers.add(name: "Content-Length", value: String(page.count))
    headers.add(name: "Cache-Control", value: "no-store")
    headers.add(name: "Connection", value: "close")
    let responseHead = HTTPResponseHead(version: head.version, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
    var buffer = context.channel.allocator.buffer(capacity: page.count)
    buffer.writeBytes(page)
    context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    let box = self.box
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel, delivered] _ in
      channel.close(promise: nil)
      if let delivered { box.deliver(delivered) }
    }
  }

  static func split(_ uri: String) -> (String, String) {
    guard let mark = uri.firstIndex(of: "?") else { return (uri, "") }
    return (String(uri[..<mark]), String(uri[uri.index(after: mark)...]))
  }

  /// The first of Outpost's languages the browser asks for; English otherwise.
  static func language(_ header: String?) -> Language {
    for part in (header ?? "").split(separator: ",") {
      let tag = (part.split(separator: ";").first ?? "").filter { $0 != " " && $0 != "\t" }.lowercased()
      if let language = Language(rawValue: String(tag.prefix(2))) { return language }
    }
    return .en
  }

  static func page(_ text: String, language: Language) -> String {
    """
    <!DOCTYPE html><html lang="\(language.rawValue)"><head><meta charset="utf-8"><title>Outpost</title></head>\
    <body style="font-family:sans-serif;margin:3em"><p>\(text)</p></body></html>
    """
  }

  static let signedIn = LocalizedText(
    en: "You are signed in. You can close this tab and go back to Outpost.",
    de: "Sie sind angemeldet. Sie können diesen Tab schließen und zu Outpost zurückkehren.",
    fr: "Vous êtes connecté. Vous pouvez fermer cet onglet et revenir à Outpost.",
    it: "Accesso effettuato. Puoi chiudere questa scheda e tornare a Outpost.")
  static let refused = LocalizedText(
    en: "The sign-in was not completed. You can close this tab; Outpost shows what happened.",
    de: "Die Anmeldung wurde nicht abgeschlossen. Sie können diesen Tab schließen; Outpost zeigt, was geschah.",
    fr: "La connexion n'a pas abouti. Vous pouvez fermer cet onglet ; Outpost indique ce qui s'est passé.",
    it: "L'accesso non è stato completato. Puoi chiudere questa scheda; Outpost mostra cosa è successo.")
  static let notThisSignIn = LocalizedText(
    en: "This is not the sign-in Outpost is waiting for. Start again from Outpost.",
    de: "Dies ist nicht die Anmeldung, auf die Outpost wartet. Beginnen Sie erneut in Outpost.",
    fr: "Ce n'est pas la connexion qu'Outpost attend. Recommencez depuis Outpost.",
    it: "Questo non è l'accesso che Outpost sta aspettando. Ricomincia da Outpost.")
  static let notFound = LocalizedText(
    en: "Not found.", de: "Nicht gefunden.", fr: "Introuvable.", it: "Non trovato.")
}

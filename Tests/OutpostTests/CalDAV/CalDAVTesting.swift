import OutpostConnectors
import Synchronization
import Testing

/// Small helpers the CalDAV tests share.
enum CalDAVTesting {
  /// A pusher for `url` as the Radicale user, over the real transport.
  static func pusher(_ url: String, password: String = RadicaleServer.password) throws -> CalDAVPusher {
    try pusher(url, password: password, transport: URLSessionTransport(timeout: 10))
  }

  static func pusher(
    _ url: String, password: String = RadicaleServer.password, transport: any HTTPTransport
  ) throws -> CalDAVPusher {
    let client = try CalDAVClient(
      collection: try CalDAVCollection(url), username: RadicaleServer.username, password: SecretString(password),
      transport: transport)
    return CalDAVPusher(client: client)
  }

  /// The `ConnectorError` `body` throws, or nil when it throws none (any other error is a
  /// test failure: the client throws only connector errors).
  static func failure(_ body: () async throws -> Void) async -> ConnectorError? {
    do {
      try await body()
      return nil
    } catch let error as ConnectorError {
      return error
    } catch {
      Issue.record("not a ConnectorError: \(error)")
      return nil
    }
  }
}

extension CalDAVTesting {
  /// Whether `body` finishes within `limit`. A body that hangs is left running (nothing can
  /// stop a request stuck inside URLSession), and the test goes on.
  static func completes(within limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
    let race = Race()
    return await withCheckedContinuation { continuation in
      race.start(continuation)
      Task {
        await body()
        race.finish(true)
      }
      Task {
        try? await Task.sleep(for: limit)
        race.finish(false)
      }
    }
  }

  /// Resumes its continuation once, with whichever result comes first.
  private final class Race: Sendable {
    private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

    func start(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation.withLock { $0 = continuation } }
    func finish(_ value: Bool) { continuation.withLock { $0.take() }?.resume(returning: value) }
  }
}

extension ConnectorError {
  /// The class alone, for tests that must not depend on message text.
  var className: String {
    switch self {
    case .sessionExpired: "sessionExpired"
    case .invalidCredentials: "invalidCredentials"
    case .twoFactorRequired: "twoFactorRequired"
    case .unreachable: "unreachable"
    case .transient: "transient"
    case .rateLimited: "rateLimited"
    case .conflict: "conflict"
    case .notFound: "notFound"
    case .unsupported: "unsupported"
    case .unexpectedReply: "unexpectedReply"
    }
  }
}

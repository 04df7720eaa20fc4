import OutpostConnectors
import Synchronization
import Testing

/// Small helpers the CalDAV tests share.
enum CalDAVTesting {
  /// A pusher for `url` as the Radicale user, over the real transport.
  static func pusher(_ url: String, password: String = RadicaleServer.password) throws -> CalDAVPusher {
    try pusher(url, password: password, transport: TestHTTP.transport)
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
    case .refused: "refused"
    case .notFound: "notFound"
    case .unsupported: "unsupported"
    case .unexpectedReply: "unexpectedReply"
    case .cursorRefused: "cursorRefused"
    }
  }
}

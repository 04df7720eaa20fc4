import Foundation

/// What makes a conditional request: the validators of the last body seen.
struct ICalFeedValidators: Sendable, Equatable {
  var etag: String?
  var lastModified: String?

  var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// The feed's answer to one download.
enum ICalFeedReply: Sendable {
  case notModified(ICalFeedValidators)
  case body([UInt8], ICalFeedValidators)
}

/// Downloads a feed: HTTP GET through the injected transport (conditional, following up to five
/// redirects itself, since the transport never follows them), or a file read. Every failure is
/// classified for a feed whose address is its secret: a dead address is a wrong password.
struct ICalFeedClient: Sendable {
  let transport: any HTTPTransport
  static let maximumRedirects = 5

  func get(_ address: ICalFeedAddress, since validators: ICalFeedValidators?) async throws(ConnectorError)
    -> ICalFeedReply
  {
    switch address.location {
    case .web(let url): return try await download(url.reveal(), since: validators)
    case .file(let path): return try read(path, since: validators)
    }
  }

  private func download(_ start: String, since validators: ICalFeedValidators?) async throws(ConnectorError)
    -> ICalFeedReply
  {
    var headers = [(name: "Accept", value: "text/calendar, */*;q=0.5")]
    if let etag = validators?.etag { headers.append((name: "If-None-Match", value: etag)) }
    if let lastModified = validators?.lastModified { headers.append((name: "If-Modified-Since", value: lastModified)) }
    var url = start
    for _ in 0...Self.maximumRedirects {
      let reply: HTTPResponse
      do {
        reply = try await transport.send(HTTPRequest(method: "GET", url: url, headers: headers))
      } catch {
        throw Self.classify(error)
      }
      if [301, 302, 303, 307, 308].contains(reply.status) {
        guard let location = reply.header("location"), let next = ICalFeedAddress.redirectTarget(location, from: url)
        else { throw .unexpectedReply("the feed redirected (HTTP \(reply.status)) without a usable location") }
        url = next
        continue
      }
      let seen = ICalFeedValidators(etag: reply.header("etag"), lastModified: reply.header("last-modified"))
      switch reply.status {
      case 200..<300: return .body(reply.body, seen)
      // A 304 may leave the validators out; the ones sent still hold.
      case 304: return .notModified(seen.isEmpty ? validators ?? seen : seen)
      default: throw Self.classify(reply)
      }
    }
    throw .unexpectedReply("the feed redirected more than \(Self.maximumRedirects) times")
  }

  /// A local file; its modification time and size stand in for an ETag.
  private func read(_ path: String, since validators: ICalFeedValidators?) throws(ConnectorError) -> ICalFeedReply {
    let manager = FileManager.default
    guard let attributes = try? manager.attributesOfItem(atPath: path) else {
      throw .invalidCredentials("the feed file does not exist")
    }
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
    let stamp = ICalFeedValidators(etag: "file-\(Int64(modified * 1000))-\(size)", lastModified: nil)
    if let validators, validators == stamp { return .notModified(stamp) }
    guard let data = manager.contents(atPath: path) else {
      throw .invalidCredentials("the feed file cannot be read")
    }
    return .body(Array(data), stamp)
  }

  static func classify(_ reply: HTTPResponse) -> ConnectorError {
    switch reply.status {
    // For a feed whose address is the secret, a gone or refused address is a wrong password.
    case 401, 403, 404, 410: return .invalidCredentials("the feed address is not valid (HTTP \(reply.status))")
    case 429: return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case 503 where reply.header("retry-after").flatMap(Double.init) != nil:
      return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case 408, 500..<600: return .transient("the feed's server failed (HTTP \(reply.status))")
    default: return .unexpectedReply("the feed answered HTTP \(reply.status)")
    }
  }

  /// Transport failures, without their detail text where it could quote the address.
  static func classify(_ error: HTTPTransportError) -> ConnectorError {
    switch error {
    case .unreachable(let detail): .unreachable("no connection to the feed's server (\(scrubbed(detail)))")
    case .timedOut: .transient("the feed request timed out")
    case .connectionLost(let detail): .transient("the connection to the feed broke (\(scrubbed(detail)))")
    case .tls(let detail): .unreachable("the feed's secure connection failed (\(scrubbed(detail)))")
    case .invalidURL: .unsupported("the feed address is not a usable URL")
    case .responseTooLarge(let limit): .unexpectedReply("the feed is larger than \(limit) bytes")
    case .cancelled: .transient("the feed request was cancelled")
    }
  }

  /// Drops anything URL-like from a transport message: an address can carry the feed's token.
  private static func scrubbed(_ detail: String) -> String {
    let words = detail.split(separator: " ").map { $0.contains("://") || $0.contains("/") ? "<address>" : String($0) }
    return String(words.joined(separator: " ").prefix(200))
  }
}

import Foundation

/// How CalDAV replies become `ConnectorError`s. The class decides what the daemon does: back
/// off and retry (unreachable, transient, rateLimited), ask the user for a new password
/// (invalidCredentials), or report a setup the user must change (unsupported, notFound,
/// unexpectedReply). Messages name the calendar's URL but never the password.
enum CalDAVReplies {
  /// A reply with a status the operation did not expect; `what` says what was asked
  /// ("reading the calendar …").
  static func classify(_ reply: HTTPResponse, _ what: String) -> ConnectorError {
    switch reply.status {
    case 401:
      let challenge = reply.header("www-authenticate") ?? ""
      // Outpost sends Basic credentials; a server that only takes Digest or a bearer token
      // rejects them however right the password is.
      if !challenge.isEmpty, !challenge.lowercased().contains("basic") {
        return .unsupported(
          "\(what): the server asks for \(challenge.split(separator: " ").first ?? "another") authentication, "
            + "and Outpost only does Basic")
      }
      return .invalidCredentials("\(what): the server refused the user name or password (HTTP 401)")
    case 403:
      return .unsupported("\(what): the server forbids it for this user (HTTP 403)")
    case 404, 410:
      return .notFound("\(what): nothing there (HTTP \(reply.status))")
    case 405, 501:
      return .unsupported("\(what): the server does not do this (HTTP \(reply.status)); is it a CalDAV server?")
    case 300..<400:
      let location = reply.header("location").map { " to \($0)" } ?? ""
      return .unsupported(
        "\(what): the server redirects\(location) (HTTP \(reply.status)); use the address it redirects to")
    case 429:
      return .rateLimited(retryAfter: retryAfter(reply))
    case 503 where retryAfter(reply) != nil:
      return .rateLimited(retryAfter: retryAfter(reply))
    case 408, 500..<600:
      return .transient("\(what): the server failed (HTTP \(reply.status))")
    default:
      if isHTML(reply) { return htmlReply(what, reply.status) }
      return .unexpectedReply("\(what): HTTP \(reply.status)")
    }
  }

  /// Seconds from `Retry-After` when it is a number (a date is rare and then ignored).
  static func retryAfter(_ reply: HTTPResponse) -> Double? {
    reply.header("retry-after").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// A web page where XML was expected: a login portal, a proxy, the server's web interface.
  static func isHTML(_ reply: HTTPResponse) -> Bool {
    if reply.header("content-type")?.lowercased().contains("html") == true { return true }
    let start = String(decoding: reply.body.prefix(200), as: UTF8.self).lowercased()
    return start.contains("<!doctype html") || start.contains("<html")
  }

  static func htmlReply(_ what: String, _ status: Int) -> ConnectorError {
    .unexpectedReply(
      "\(what): the server answered with a web page (HTTP \(status)), not WebDAV; "
        + "is the URL the calendar's CalDAV address rather than its web page?")
  }

  /// Transport failures: no answer at all.
  static func classify(_ error: HTTPTransportError, _ what: String) -> ConnectorError {
    switch error {
    case .unreachable(let detail): .unreachable("\(what): no connection to the server (\(detail))")
    case .timedOut: .transient("\(what): the request timed out")
    case .connectionLost(let detail): .transient("\(what): the connection broke (\(detail))")
    case .tls(let detail): .unreachable("\(what): the secure connection failed (\(detail))")
    case .invalidURL(let url): .unsupported("\(what): \(url) is not a usable URL")
    case .responseTooLarge(let limit): .unexpectedReply("\(what): the reply was larger than \(limit) bytes")
    case .cancelled: .transient("\(what): the request was cancelled")
    }
  }
}

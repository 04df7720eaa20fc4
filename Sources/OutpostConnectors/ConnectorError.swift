import OutpostModel

/// Every failure of a connector, classified. The class — never the message text — decides what
/// happens next: log in again, back off, mark the account, or tell the user.
public enum ConnectorError: Error, Sendable, Equatable {
  /// The session ended (timed out, logged out elsewhere): log in again once and retry.
  case sessionExpired
  /// The service rejected the secret itself (wrong or changed password, revoked token): delete
  /// it and wait for the user. Never retried, so that no lockout loop can start.
  case invalidCredentials(String)
  /// The account needs a second factor, which this login flow cannot give.
  case twoFactorRequired
  /// The service cannot be reached at all (no network, refused, unknown host): the account is
  /// offline.
  case unreachable(String)
  /// The service answered with a temporary failure (5xx, timeout, dropped connection): retry
  /// with backoff.
  case transient(String)
  /// Too many requests; wait `retryAfter` seconds when the service said. `reason` says why in
  /// the user's words when the service said more than "slow down" (an account locked after
  /// failed sign-ins).
  case rateLimited(retryAfter: Double?, reason: String? = nil)
  /// The change conflicts with what the service has now.
  case conflict(String)
  /// The service understood the request and will never accept it as sent (a constraint, a
  /// row-level security policy, a validation): `detail` is the service's own reason. An action
  /// so refused ends at once as failed, for the user to decide; it is never retried by itself.
  case refused(String)
  case notFound(String)
  /// The service or this account cannot do what was asked.
  case unsupported(String)
  /// A reply Outpost does not understand: the service changed, or something sits in between.
  case unexpectedReply(String)
  /// The service no longer knows the position a sync goes on from (an expired or unknown change
  /// cursor, a watermark it refuses, a state it lost): the engine starts over with a full
  /// listing, once, instead of sending the same cursor again forever.
  case cursorRefused(String)

  /// Worth trying again later by itself, without the user.
  public var isTemporary: Bool {
    switch self {
    case .unreachable, .transient, .rateLimited: true
    default: false
    }
  }
}

extension ConnectorError: CustomStringConvertible {
  /// What happened, for a person: a phrase each client says in its own language; the detail
  /// inside is the service's own words.
  public var phrase: Phrase {
    switch self {
    case .sessionExpired: Phrase("connector.sessionExpired")
    case .invalidCredentials(let detail): Phrase("connector.invalidCredentials", .text(detail))
    case .twoFactorRequired: Phrase("connector.twoFactorRequired")
    case .unreachable(let detail):
      Phrase("connector.unreachable", SystemErrorPhrase.phrase(detail).map { .phrase($0) } ?? .text(detail))
    case .transient(let detail): Phrase("connector.transient", .text(detail))
    case .rateLimited(_, let reason?): .verbatim(reason)
    case .rateLimited(let retryAfter?, nil):
      Phrase("connector.rateLimitedRetry", .text(String(Int(retryAfter.rounded(.up)))))
    case .rateLimited(nil, nil): Phrase("connector.rateLimited")
    case .conflict(let detail): Phrase("connector.conflict", .text(detail))
    case .refused(let detail): Phrase("connector.refused", .text(detail))
    case .notFound(let detail): Phrase("connector.notFound", .text(detail))
    case .unsupported(let detail): Phrase("connector.unsupported", .text(detail))
    case .cursorRefused(let detail): Phrase("connector.cursorRefused", .text(detail))
    case .unexpectedReply(let detail): Phrase("connector.unexpectedReply", .text(detail))
    }
  }

  public var description: String { phrase.english }
}

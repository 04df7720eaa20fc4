import Synchronization

/// A magic-link mail the brand's BFF sent, as a test or script reads it from the outbox. Times
/// are Unix seconds on the sandbox clock.
public struct SandboxMagicLinkMail: Sendable, Equatable {
  /// The user's address on record.
  public var to: String
  /// The Keycloak action-token link the mail carries.
  public var link: String
  public var sentAt: Int
  /// When the link stops working (the Keycloak `magicLinkLifespan` at sending).
  public var expiresAt: Int

  public init(to: String, link: String, sentAt: Int, expiresAt: Int) {
    self.to = to
    self.link = link
    self.sentAt = sentAt
    self.expiresAt = expiresAt
  }
}

/// The mail the BFF would send, kept instead of sent (as the Firebase emulator keeps its OOB
/// codes), and the BFF's one-request-per-address limit. Per brand: each brand has its own BFF.
struct AgileNetworkOutbox: Sendable {
  /// agile-network.md §3: one request per address per 60 s.
  static let interval = Duration.seconds(60)
  /// Per brand; the oldest mails go first, so a long demo or a fuzzer cannot grow memory.
  static let capacity = 1_000

  private var mails: [String: [SandboxMagicLinkMail]] = [:]
  /// By brand and lower-cased address: the last accepted request.
  private var lastRequests: [String: ContinuousClock.Instant] = [:]

  /// Counts a request for `email` at `now`. Nil when it may go ahead; otherwise the whole
  /// seconds (at least 1) until it may. Unknown addresses count too, so a `429` tells nothing
  /// about whether the address has an account.
  mutating func admit(brand: String, email: String, now: ContinuousClock.Instant) -> Int? {
    let key = brand + "\n" + email.lowercased()
    if let last = lastRequests[key], now - last < Self.interval {
      let (seconds, attoseconds) = (Self.interval - (now - last)).components
      return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }
    if lastRequests.count >= 10_000 { lastRequests = lastRequests.filter { now - $0.value < Self.interval } }
    lastRequests[key] = now
    return nil
  }

  mutating func post(_ mail: SandboxMagicLinkMail, brand: String) {
    var list = mails[brand] ?? []
    list.append(mail)
    if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
    mails[brand] = list
  }

  /// The brand's mails, oldest first; only those to `email` (any case) when given.
  func mails(brand: String, to email: String? = nil) -> [SandboxMagicLinkMail] {
    let all = mails[brand] ?? []
    guard let wanted = email?.lowercased() else { return all }
    return all.filter { $0.to.lowercased() == wanted }
  }

  /// `GET /agile/<brand>/auth/outbox[?email=…]` → `{"messages":[{"to","link","sentAt","expiresAt"}]}`.
  static func reply(_ request: SandboxRequest, brandID: String, sandbox: AgileNetworkSandbox) -> SandboxResponse {
    let email = request.queryFields["email"].flatMap { $0.isEmpty ? nil : $0 }
    let mails = sandbox.outbox.withLock { $0.mails(brand: brandID, to: email) }
    return .json(.ok, .object([("messages", .array(mails.map(json)))])).adding("Cache-Control", "no-store")
  }

  static func json(_ mail: SandboxMagicLinkMail) -> SandboxJSON {
    .object([
      ("to", .string(mail.to)), ("link", .string(mail.link)), ("sentAt", .int(mail.sentAt)),
      ("expiresAt", .int(mail.expiresAt)),
    ])
  }
}

extension AgileNetworkSandbox {
  /// The magic-link mails the brand's BFF sent, oldest first (only those to `email`, any case,
  /// when given): what `GET /agile/<brand>/auth/outbox` shows, for tests in the same process.
  public func magicLinkOutbox(brand: String, email: String? = nil) async -> [SandboxMagicLinkMail] {
    outbox.withLock { $0.mails(brand: brand, to: email) }
  }
}

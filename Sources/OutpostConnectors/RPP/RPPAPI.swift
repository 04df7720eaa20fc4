import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The RPP REST API (upstreams/rpp.md §3–§4) for one signed-in client: the bearer, JSON in and
/// out, and every error envelope classified once by its `code`. The [OP] parts of the contract
/// (paths, envelopes, the change feed) live here and in `RPPItems`, so a real backend that
/// differs changes two files.
struct RPPAPI: Sendable {
  /// `api_base`, e.g. `http://127.0.0.1:8080/rpp/v1`, without a trailing slash.
  let base: String
  let transport: any HTTPTransport
  /// The clock the ID token's expiry is judged by: the one its `expiresAt` was set by.
  var now: @Sendable () -> Date = { Date() }

  struct Reply: Sendable {
    var status: Int
    var json: JSONValue
    var etag: String?
    var replayed: Bool
  }

  /// One request. `notModified` (304) comes back as a reply with status 304 and `null`; every
  /// other non-2xx status is thrown, classified.
  func send(
    _ method: String, _ path: String, session: RPPSession, json: JSONValue? = nil,
    headers: [(name: String, value: String)] = [], activity: String
  ) async throws(ConnectorError) -> Reply {
    let reply = try await exchange(method, path, session: session, json: json, headers: headers)
    return try Self.reply(reply, activity: activity)
  }

  /// The HTTP reply as it came, for callers that read a refusal's details (a conflict's current
  /// order); only a request that got no answer throws. Within a `SessionKeeper` call the ID
  /// token is renewed ahead of its end, and after a 401 renewed once and the request sent
  /// again (a token refused is a request not acted on), so a long sync goes on from its page.
  func exchange(
    _ method: String, _ path: String, session: RPPSession, json: JSONValue? = nil,
    headers: [(name: String, value: String)] = []
  ) async throws(ConnectorError) -> HTTPResponse {
    let now = self.now
    return try await SessionLease.send(
      with: session, same: { $0.idToken == $1.idToken }, expiring: { $0.isExpiring(at: now()) },
      refused: { $0.status == 401 },
      request: { session throws(ConnectorError) in
        try await send(method, path, as: session, json: json, headers: headers)
      })
  }

  private func send(
    _ method: String, _ path: String, as session: RPPSession, json: JSONValue?, headers: [(name: String, value: String)]
  ) async throws(ConnectorError) -> HTTPResponse {
    var all: [(name: String, value: String)] = [
      ("Authorization", "Bearer \(session.idToken.reveal())"), ("Accept", "application/json"),
    ]
    var body: [UInt8] = []
    if let json {
      all.append(("Content-Type", "application/json"))
      body = Array(json.serialized)
    }
    do {
      return try await transport.send(HTTPRequest(method: method, url: base + path, headers: all + headers, body: body))
    } catch {
      throw error.connectorError
    }
  }

  /// A reply read: 2xx parsed, 304 passed on, anything else thrown, classified.
  static func reply(_ reply: HTTPResponse, activity: String) throws(ConnectorError) -> Reply {
    if reply.status == 304 { return Reply(status: 304, json: .null, etag: reply.header("etag"), replayed: false) }
    guard (200..<300).contains(reply.status) else { throw Self.classify(reply, during: activity) }
    let parsed: JSONValue
    if reply.body.isEmpty {
      parsed = .null
    } else {
      do { parsed = try JSONParser.parse(reply.body) } catch {
        // A body cut short by a dropped connection is the network's fault, not the service's.
        throw .transient("\(activity): the reply was cut short or is not JSON")
      }
    }
    return Reply(
      status: reply.status, json: parsed, etag: reply.header("etag"),
      replayed: reply.header("idempotent-replayed") == "true")
  }

  /// The error's `code` and its `details`, from the envelope of §3.1.
  static func envelope(_ reply: HTTPResponse) -> (code: String, details: JSONValue?) {
    let error = (try? JSONParser.parse(reply.body))?["error"]
    return (error?["code"]?.stringValue ?? "", error?["details"])
  }

  static func classify(_ reply: HTTPResponse, during activity: String) -> ConnectorError {
    let (code, _) = envelope(reply)
    let named = code.isEmpty ? "HTTP \(reply.status)" : code
    switch reply.status {
    case 401: return .sessionExpired
    case 403:
      return .invalidCredentials(
        code == "TENANT_MISSING"
          ? "the account belongs to no photography partner; ask your partner to invite it"
          : "only client accounts can use RPP here (\(named))")
    case 404: return .notFound("\(activity): RPP does not know it (it may belong to another account)")
    case 409 where code == "IDEMPOTENCY_KEY_IN_USE":
      return .transient("\(activity): the first attempt is still running")
    case 409, 412: return .conflict("\(activity): \(RPPAPI.explain(code))")
    case 429,
      503 where reply.header("retry-after") != nil:
      return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case 500..<600: return .transient("\(activity): HTTP \(reply.status)")
    case 400 where code == "CURSOR_INVALID":
      return .cursorRefused("\(activity): RPP no longer knows the page cursor")
    // Bad input is never retried (rpp.md §3.1): an action so refused ends at once as failed,
    // with RPP's field and issue, instead of waiting out five attempts.
    case 400 where code == "VALIDATION_FAILED" || code == "IDEMPOTENCY_KEY_MISSING":
      return .refused("\(activity): RPP refused the request as invalid\(fields(reply))")
    case 422: return .refused("\(activity): RPP refused the request (\(named))")
    default: return .unexpectedReply("\(activity): \(named)")
    }
  }

  private static func fields(_ reply: HTTPResponse) -> String {
    guard case .array(let fields)? = envelope(reply).details?["fields"] else { return "" }
    let named = fields.compactMap { field -> String? in
      guard let name = field["field"]?.stringValue else { return nil }
      return field["issue"]?.stringValue.map { "\(name): \($0)" } ?? name
    }
    return named.isEmpty ? "" : " (\(named.joined(separator: "; ")))"
  }

  /// The same in every language, for a refusal the user reads (`ActionRefusal.said`).
  static func explained(_ code: String) -> LocalizedText {
    switch code {
    case "INVALID_STATE":
      LocalizedText(
        en: explain(code), de: "der Auftrag lässt sich nicht mehr ändern (er läuft, ist erledigt oder storniert)",
        fr: "la commande ne peut plus être modifiée (en cours, terminée ou annulée)",
        it: "l'ordine non si può più cambiare (in corso, concluso o annullato)")
    case "POLICY_CUTOFF_PASSED":
      LocalizedText(
        en: explain(code), de: "die Frist des Partners für Änderungen ist abgelaufen",
        fr: "le délai du partenaire pour les changements est passé",
        it: "il termine del partner per le modifiche è scaduto")
    case "RESCHEDULE_LIMIT_REACHED":
      LocalizedText(
        en: explain(code), de: "der Auftrag wurde schon so oft verschoben, wie der Partner erlaubt",
        fr: "la commande a déjà été reprogrammée autant que le partenaire le permet",
        it: "l'ordine è già stato spostato quante volte il partner consente")
    default: LocalizedText(en: explain(code), de: explain(code), fr: explain(code), it: explain(code))
    }
  }

  /// Outpost's own words for the codes the user decides on (the service's `message` is for logs).
  static func explain(_ code: String) -> String {
    switch code {
    case "SLOT_UNAVAILABLE": "that time is no longer available"
    case "INVALID_STATE": "the order can no longer be changed (it is under way, done or cancelled)"
    case "POLICY_CUTOFF_PASSED": "the partner's deadline for changes has passed"
    case "RESCHEDULE_LIMIT_REACHED": "the order was already rescheduled as often as the partner allows"
    case "FEE_ACCEPTANCE_REQUIRED": "a late fee applies now and was not accepted"
    case "VERSION_MISMATCH": "the order changed at RPP since Outpost last saw it"
    case "PRECONDITION_REQUIRED": "the request lacked the order's version"
    case "IDEMPOTENCY_KEY_REUSED": "the request was sent before with different content"
    default: code.isEmpty ? "the service refused it" : code
    }
  }
}

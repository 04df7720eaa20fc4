import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  public static let rppBook = ActionType("rpp.book")
  public static let rppReschedule = ActionType("rpp.reschedule")
  public static let rppCancel = ActionType("rpp.cancel")
  public static let rppSend = ActionType("rpp.send")
  public static let rppRead = ActionType("rpp.read")
  public static let rppNoticeRead = ActionType("rpp.notice-read")
}

/// Booking, reschedule, cancel, messages (rpp.md §4.3–§4.5). Every action gets its
/// `Idempotency-Key` in `prepare`, so the queue holds it before anything is sent and every
/// retry (after a timeout, a crash) sends the same one: the service answers a repeat with the
/// first reply, and nothing is booked or sent twice. Changes to an order carry the version
/// last synced as `If-Match`; a mismatch is never retried silently.
extension RPPConnector {
  public static let actions: [ActionDeclaration] = [
    ActionDeclaration(
      name: .rppBook, service: descriptor.kind, summary: "book a shoot in a free slot (`outpost rpp availability`)",
      targets: [],
      parameters: [
        ActionParameter(
          "service", .string, required: true, summary: "the service's id (svc_…), or several, comma-separated"),
        ActionParameter("slot", .dateTime, required: true, summary: "the slot's start, as listed"),
        ActionParameter(
          "address", .string, required: true,
          summary: "a saved address (adr_…) or \"street, city, [region] postal code, country code\"", maxLength: 400),
        ActionParameter(
          "access", .string, summary: "how the photographer gets in (lockbox, gate code)", maxLength: 500),
        ActionParameter("notes", .string, summary: "anything the photographer should know", maxLength: 2000),
      ], offline: false,
      sent: LocalizedText(en: "booked {0}", de: "gebucht: {0}", fr: "réservé : {0}", it: "prenotato: {0}")),
    ActionDeclaration(
      name: .rppReschedule, service: descriptor.kind, summary: "move a shoot to another free slot", targets: [.order],
      parameters: [
        ActionParameter("slot", .dateTime, required: true, summary: "the new slot's start"),
        ActionParameter("reason", .string, summary: "why, for the partner", maxLength: 500),
      ],
      sent: LocalizedText(
        en: "rescheduled {0}", de: "verschoben: {0}", fr: "reprogrammé : {0}", it: "riprogrammato: {0}")),
    ActionDeclaration(
      name: .rppCancel, service: descriptor.kind, summary: "cancel a shoot (a late fee may apply)", targets: [.order],
      parameters: [
        ActionParameter("reason", .string, summary: "why, for the partner", maxLength: 500),
        ActionParameter("acceptFee", .bool, summary: "accept the late fee shown by `outpost rpp cancel`"),
      ], sent: LocalizedText(en: "cancelled {0}", de: "storniert: {0}", fr: "annulé : {0}", it: "annullato: {0}")),
    ActionDeclaration(
      name: .rppSend, service: descriptor.kind, summary: "send a message in a conversation", targets: [.conversation],
      parameters: [ActionParameter("text", .string, required: true, summary: "the message", maxLength: 4000)],
      sent: LocalizedText(
        en: "sent a message in {0}", de: "Nachricht gesendet: {0}", fr: "message envoyé : {0}",
        it: "messaggio inviato: {0}")),
    ActionDeclaration(
      name: .rppRead, service: descriptor.kind, summary: "mark a conversation read", targets: [.conversation],
      sent: LocalizedText(en: "marked {0} read", de: "gelesen: {0}", fr: "lu : {0}", it: "letto: {0}")),
    // Queued by the daemon when a notification is read on this desktop (NotificationMirror).
    ActionDeclaration(
      name: .rppNoticeRead, service: descriptor.kind, summary: "mark one of RPP's own notifications read",
      targets: [.notice],
      sent: LocalizedText(en: "marked {0} read", de: "gelesen: {0}", fr: "lu : {0}", it: "letto: {0}"), quiet: true),
  ]

  public static func prepare(_ type: ActionType, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction
  {
    guard type == .rppBook else { throw .notAllowed("\(type.rawValue) is done to an item, not to the account") }
    let services = (params["service"]?.stringValue ?? "").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    guard !services.isEmpty else { throw .invalidParams("rpp.book needs a service id (svc_…)") }
    guard let slot = params["slot"]?.stringValue, let start = UTCTimestamp.parse(slot) else {
      throw .invalidParams("rpp.book needs the slot's start")
    }
    guard start > now else {
      throw .said(
        LocalizedText(
          en: "that slot has already begun", de: "dieser Termin hat schon begonnen", fr: "ce créneau a déjà commencé",
          it: "questa fascia è già iniziata"))
    }
    var body: [String: JSONValue] = [
      "serviceIds": .array(services.map { .string($0) }), "appointment": ["start": .string(slot)],
    ]
    let address = try Self.address(params["address"]?.stringValue ?? "", access: params["access"]?.stringValue)
    if let saved = address["addressId"] { body["addressId"] = saved } else { body["address"] = .object(address) }
    if let notes = params["notes"]?.stringValue, !notes.isEmpty { body["notes"] = .string(notes) }
    return PreparedAction(
      target: "new", params: ["body": .object(body), "idempotencyKey": .string(Self.newKey())])
  }

  public static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    let key = JSONValue.string(Self.newKey())
    switch type {
    case .rppReschedule, .rppCancel:
      guard let version = item.details["version"]?.int64Value else {
        throw .said(
          LocalizedText(
            en: "it was synced incompletely", de: "es wurde unvollständig synchronisiert",
            fr: "il a été synchronisé incomplètement", it: "è stato sincronizzato in modo incompleto"))
      }
      let status = item.details["status"]?.stringValue ?? ""
      guard status == "pending" || status == "scheduled" else {
        throw .notAllowed(
          "the shoot is \(status.replacingOccurrences(of: "_", with: " ")); only booked ones can change")
      }
      let rules = item.details["allowedActions"]
      if type == .rppReschedule {
        if let rule = rules?["reschedule"], rule["allowed"] == .bool(false) {
          throw .said(RPPAPI.explained(rule["reason"]?.stringValue ?? "POLICY_CUTOFF_PASSED"))
        }
        if let until = rules?["reschedule"]?["until"]?.stringValue.flatMap(UTCTimestamp.parse), now >= until {
          throw .said(RPPAPI.explained("POLICY_CUTOFF_PASSED"))
        }
        guard let slot = params["slot"] else { throw .invalidParams("rpp.reschedule needs slot") }
        var out: [String: JSONValue] = ["version": .int(version), "slot": slot, "idempotencyKey": key]
        out["reason"] = params["reason"]
        return PreparedAction(target: item.upstreamID, params: .object(out))
      }
      if let rule = rules?["cancel"], rule["allowed"] == .bool(false) {
        throw .said(RPPAPI.explained(rule["reason"]?.stringValue ?? "INVALID_STATE"))
      }
      var out: [String: JSONValue] = ["version": .int(version), "idempotencyKey": key]
      out["reason"] = params["reason"]
      if let fee = lateFee(item, at: now) {
        guard params["acceptFee"] == .bool(true) else {
          let shown = RPPItems.amount(fee).map { "\($0.currency) \($0.value)" } ?? "a fee"
          throw .notAllowed("a late fee of \(shown) applies now; cancel with --accept-fee to accept it")
        }
        out["acceptFee"] = fee
      }
      return PreparedAction(target: item.upstreamID, params: .object(out))
    case .rppSend:
      guard let text = params["text"]?.stringValue, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      else { throw .invalidParams("rpp.send needs a text that is not empty") }
      return PreparedAction(target: item.upstreamID, params: ["text": .string(text), "idempotencyKey": key])
    case .rppRead:
      guard let last = item.details["lastMessageId"]?.stringValue else {
        throw .said(
          LocalizedText(
            en: "there is nothing to read", de: "es gibt nichts zu lesen", fr: "il n'y a rien à lire",
            it: "non c'è niente da leggere"))
      }
      return PreparedAction(target: item.upstreamID, params: ["lastReadMessageId": .string(last)])
    case .rppNoticeRead:
      return PreparedAction(target: item.upstreamID, params: [:])
    default:
      throw .notAllowed("RPP has no action \(type.rawValue)")
    }
  }

  /// The fee a cancel costs now, when the free period is over (rpp.md §4.4 rule 3).
  static func lateFee(_ item: Item, at now: Date) -> JSONValue? {
    guard let cancel = item.details["allowedActions"]?["cancel"], let fee = cancel["lateFee"], fee != .null else {
      return nil
    }
    guard let freeUntil = cancel["freeUntil"]?.stringValue.flatMap(UTCTimestamp.parse) else { return fee }
    // Not a ternary: JSONValue takes `nil` as a literal, and `cond ? fee : nil` would be `.null`.
    if now >= freeUntil { return fee }
    return nil
  }

  static func newKey() -> String { UUID().uuidString.lowercased() }

  /// `adr_…`, or "street, city, [region] postal code, country code".
  static func address(_ text: String, access: String?) throws(ActionRefusal) -> [String: JSONValue] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("adr_") { return ["addressId": .string(trimmed)] }
    let parts = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count >= 4, let country = parts.last, country.count == 2, country.allSatisfy(\.isLetter) else {
      throw .invalidParams(
        "address must be a saved address (adr_…) or \"street, city, [region] postal code, country code\", "
          + "e.g. \"12 Ocean Ave, San Francisco, CA 94112, US\"")
    }
    let postalPart = parts[parts.count - 2].split(separator: " ").map(String.init)
    var address: [String: JSONValue] = [
      "line1": .string(parts[0]), "city": .string(parts[parts.count - 3]), "country": .string(country.uppercased()),
    ]
    if parts.count > 4 { address["line2"] = .string(parts[1..<(parts.count - 3)].joined(separator: ", ")) }
    if postalPart.count >= 2 {
      address["region"] = .string(postalPart[0])
      address["postalCode"] = .string(postalPart.dropFirst().joined(separator: " "))
    } else {
      address["postalCode"] = .string(postalPart.first ?? "")
    }
    if let access, !access.isEmpty { address["accessInstructions"] = .string(access) }
    return address
  }
}

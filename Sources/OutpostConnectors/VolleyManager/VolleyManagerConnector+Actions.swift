import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The actions the service is known to accept (upstreams/volleymanager.md §2.2): take an
/// exchange entry, put one's assignment on the board or take it off, edit a compensation.
/// Each first looks at the service's current state: that is both the precondition (a conflict
/// when the world moved on) and the guard against doing twice what a crash interrupted.
extension VolleyManagerConnector: ActingConnector {
  public func perform(_ action: ActionRequest, session: VolleyManagerSession) async throws(ConnectorError)
    -> ActionOutcome
  {
    var session = session
    let window = Self.window(around: action.item?.startsAt)
    for association in Self.associations(for: action.item, in: session) {
      try await switchAssociation(to: association.occupationID, in: &session)
      let outcome: ActionOutcome?
      switch action.type {
      case .exchangeTake: outcome = try await take(action.target, window: window, session: &session)
      case .exchangeOffer, .exchangeWithdraw:
        outcome = try await board(action, window: window, session: &session)
      case .compensationEdit: outcome = try await editCompensation(action, session: &session)
      default: throw .unsupported("VolleyManager has no action \(action.type.rawValue)")
      }
      if let outcome { return outcome }
    }
    return .conflict(
      .inline(
        LocalizedText(
          en: "the service no longer lists it", de: "der Dienst führt es nicht mehr", fr: "le service ne le liste plus",
          it: "il servizio non lo elenca più")), serverState: nil)
  }

  /// The item's own association first (it is scoped there), then the others.
  static func associations(for item: Item?, in session: VolleyManagerSession) -> [VolleyManagerAssociation] {
    let own = item?.details["association"]?.stringValue
    return session.associations.filter { $0.shortName == own } + session.associations.filter { $0.shortName != own }
  }

  static func window(around start: Date?) -> SyncWindow {
    guard let start else { return SyncWindow.around(Date(), pastDays: 60, futureDays: 400) }
    return SyncWindow(from: start.addingTimeInterval(-86_400), to: start.addingTimeInterval(86_400))
  }

  /// nil: not found in this association.
  func take(_ exchangeID: String, window: SyncWindow, session: inout VolleyManagerSession) async throws(ConnectorError)
    -> ActionOutcome?
  {
    let entries = try await search(VolleyManagerPaths.exchanges, session: &session, filters: dateFilter(window))
    guard let entry = entries.first(where: { $0["__identity"]?.lenientString == exchangeID }) else { return nil }
    switch entry["status"]?.lenientString {
    case "open": break
    case "applied" where entry[path: "appliedBy.indoorReferee.person.__identity"]?.lenientString == session.personID:
      return .alreadyDone
    default:
      let who = entry[path: "appliedBy.indoorReferee.person.displayName"]?.lenientString ?? "someone else"
      return .conflict(
        .inline(
          LocalizedText(
            en: "the entry was taken meanwhile by \(who)", de: "der Eintrag wurde inzwischen von \(who) übernommen",
            fr: "l'entrée a été prise entre-temps par \(who)", it: "la voce è stata presa nel frattempo da \(who)")),
        serverState: entry)
    }
    let reply = try await client.send(
      "PUT", VolleyManagerPaths.pick, cookies: &session.cookies,
      form: FormEncoding.encode([("refereeGameExchange[__identity]", exchangeID), ("__csrfToken", session.csrfToken)]),
      contentType: "application/x-www-form-urlencoded")
    if reply.status == 400 {
      return .conflict(
        .inline(
          LocalizedText(
            en: "the entry is no longer open", de: "der Eintrag ist nicht mehr offen",
            fr: "l'entrée n'est plus ouverte", it: "la voce non è più aperta")), serverState: entry)
    }
    return .done(try VolleyManagerClient.json(reply, during: "taking over the entry")["refereeGameExchange"])
  }

  /// Offer or withdraw one's assignment; nil when the assignment is not in this association.
  func board(_ action: ActionRequest, window: SyncWindow, session: inout VolleyManagerSession)
    async throws(ConnectorError) -> ActionOutcome?
  {
    let entries = try await search(VolleyManagerPaths.assignments, session: &session, filters: dateFilter(window))
    guard let entry = entries.first(where: { $0["__identity"]?.lenientString == action.target }) else { return nil }
    let onBoard = entry["isOpenEntryInRefereeGameExchange"]?.lenientBool ?? false
    let offering = action.type == .exchangeOffer
    if onBoard == offering { return .alreadyDone }
    if offering, entry["refereeConvocationStatus"]?.lenientString != "active" {
      return .conflict(
        .inline(
          LocalizedText(
            en: "the assignment is no longer active", de: "der Einsatz ist nicht mehr aktiv",
            fr: "la désignation n'est plus active", it: "la designazione non è più attiva")), serverState: entry)
    }
    let form =
      offering
      ? [("refereeConvocation", action.target), ("__csrfToken", session.csrfToken)]
      : [("refereeConvocations[0][__identity]", action.target), ("__csrfToken", session.csrfToken)]
    let reply = try await client.send(
      "POST", offering ? VolleyManagerPaths.offer : VolleyManagerPaths.withdraw, cookies: &session.cookies,
      form: FormEncoding.encode(form), contentType: "application/x-www-form-urlencoded")
    if reply.status == 400 {
      return .conflict(
        .inline(
          LocalizedText(
            en: "the service refused: \(Self.summary(reply))", de: "der Dienst hat abgelehnt: \(Self.summary(reply))",
            fr: "le service a refusé : \(Self.summary(reply))", it: "il servizio ha rifiutato: \(Self.summary(reply))")),
        serverState: entry)
    }
    guard reply.status == 200 else {
      throw VolleyManagerClient.classify(reply, during: offering ? "offering the assignment" : "withdrawing it")
    }
    return .done(nil)
  }

  func editCompensation(_ action: ActionRequest, session: inout VolleyManagerSession) async throws(ConnectorError)
    -> ActionOutcome?
  {
    let entries = try await search(VolleyManagerPaths.compensations, session: &session, filters: [])
    guard
      let entry = entries.first(where: {
        $0[path: "convocationCompensation.__identity"]?.lenientString == action.target
      })
    else { return nil }
    let current = entry["convocationCompensation"] ?? [:]
    let distance = action.params["distanceInMetres"]?.lenientInt
    let reason = action.params["reason"]?.stringValue
    if (distance == nil || current["distanceInMetres"]?.lenientInt == distance)
      && (reason == nil || current["correctionReason"]?.lenientString == reason)
    {
      return .alreadyDone
    }
    if current["paymentDone"]?.lenientBool == true {
      return .conflict(
        .inline(
          LocalizedText(
            en: "it was paid meanwhile", de: "es wurde inzwischen ausbezahlt", fr: "il a été payé entre-temps",
            it: "è stato pagato nel frattempo")), serverState: current)
    }
    var form = [("convocationCompensation[__identity]", action.target)]
    if let distance { form.append(("convocationCompensation[distanceInMetres]", "\(distance)")) }
    if let reason { form.append(("convocationCompensation[correctionReason]", reason)) }
    form.append(("__csrfToken", session.csrfToken))
    let reply = try await client.send(
      "PUT", VolleyManagerPaths.compensation, cookies: &session.cookies, form: FormEncoding.encode(form),
      contentType: "application/x-www-form-urlencoded")
    if reply.status == 400 || reply.status == 403 {
      return .conflict(
        .inline(
          LocalizedText(
            en: "the service refused the change: \(Self.summary(reply))",
            de: "der Dienst hat die Änderung abgelehnt: \(Self.summary(reply))",
            fr: "le service a refusé la modification : \(Self.summary(reply))",
            it: "il servizio ha rifiutato la modifica: \(Self.summary(reply))")), serverState: current)
    }
    return .done(try VolleyManagerClient.json(reply, during: "editing the compensation"))
  }

  /// The first words of an HTML error page, for the user.
  static func summary(_ reply: HTTPResponse) -> String {
    var text = ""
    var inTag = false
    for character in reply.text.prefix(2000) {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
        text += " "
      } else if !inTag {
        text.append(character)
      }
    }
    let words = text.split(whereSeparator: \.isWhitespace).prefix(12).joined(separator: " ")
    return words.isEmpty ? "HTTP \(reply.status)" : "\(words) (HTTP \(reply.status))"
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  /// Apply for an exchange-board entry (target: the exchange id).
  public static let exchangeTake = ActionType("exchange.take")
  /// Put one's own assignment on the board (target: the convocation id).
  public static let exchangeOffer = ActionType("exchange.offer")
  /// Take one's own assignment off the board (target: the convocation id).
  public static let exchangeWithdraw = ActionType("exchange.withdraw")
  /// Change a compensation's distance and reason (target: the compensation id).
  public static let compensationEdit = ActionType("compensation.edit")
}

/// The actions the service is known to accept (upstreams/volleymanager.md §2.2), declared for the
/// queue, `actions.kinds` and `outpost do`, and their preconditions at queue time.
extension VolleyManagerConnector {
  public static let actions: [ActionDeclaration] = [
    ActionDeclaration(
      name: .exchangeTake, service: descriptor.kind, summary: "apply for an entry on the exchange board",
      targets: [.exchange],
      sent: LocalizedText(en: "applied for {0}", de: "übernommen: {0}", fr: "repris : {0}", it: "preso: {0}")),
    ActionDeclaration(
      name: .exchangeOffer, service: descriptor.kind, summary: "put one of your assignments on the exchange board",
      targets: [.assignment],
      sent: LocalizedText(
        en: "offered {0} on the board", de: "in die Börse gestellt: {0}", fr: "proposé à la bourse : {0}",
        it: "offerto in borsa: {0}")),
    ActionDeclaration(
      name: .exchangeWithdraw, service: descriptor.kind, summary: "take your assignment off the exchange board",
      targets: [.assignment, .exchange],
      sent: LocalizedText(
        en: "withdrew {0} from the board", de: "aus der Börse genommen: {0}", fr: "retiré de la bourse : {0}",
        it: "ritirato dalla borsa: {0}")),
    ActionDeclaration(
      name: .compensationEdit, service: descriptor.kind, summary: "change a compensation's travel distance or reason",
      targets: [.compensation],
      parameters: [
        ActionParameter("distanceKm", .decimal, summary: "the distance travelled, in km", minimum: 0, maximum: 2000),
        ActionParameter("reason", .string, summary: "why the distance differs", maxLength: 500),
      ],
      sent: LocalizedText(
        en: "changed the compensation of {0}", de: "Entschädigung geändert: {0}", fr: "indemnité modifiée : {0}",
        it: "rimborso modificato: {0}")),
  ]

  public static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    let upcoming = (item.startsAt ?? .distantFuture) > now
    switch type {
    case .exchangeTake:
      guard item.kind == .exchange else {
        throw .said(
          LocalizedText(
            en: "it is not an exchange-board entry", de: "es ist kein Eintrag der Tauschbörse",
            fr: "ce n'est pas une entrée de la bourse d'échange", it: "non è una voce della borsa scambi"))
      }
      // Taken already (here or on the website) is not "gone": say so, as `exchange list` marks it.
      guard item.status != .applied else {
        throw .said(
          LocalizedText(
            en: "you have already applied for it", de: "Sie haben sich schon dafür gemeldet",
            fr: "vous vous êtes déjà proposé", it: "ti sei già candidato"))
      }
      guard item.status == .active else {
        throw .said(
          LocalizedText(
            en: "the entry is no longer open", de: "der Eintrag ist nicht mehr offen",
            fr: "l'entrée n'est plus ouverte", it: "la voce non è più aperta"))
      }
      guard item.details["mine"] != .bool(true) else {
        throw .said(
          LocalizedText(
            en: "the entry is your own", de: "der Eintrag ist Ihr eigener", fr: "cette entrée est la vôtre",
            it: "la voce è tua"))
      }
      guard item.details["mayApply"] != .bool(false) else {
        throw .said(
          LocalizedText(
            en: "the service does not let you apply for this entry (level or rules)",
            de: "der Dienst lässt Sie sich für diesen Eintrag nicht melden (Stufe oder Regeln)",
            fr: "le service ne vous permet pas de vous proposer pour cette entrée (niveau ou règles)",
            it: "il servizio non ti permette di candidarti per questa voce (livello o regole)"))
      }
      guard upcoming else {
        throw .said(
          LocalizedText(
            en: "the game has started", de: "das Spiel hat begonnen", fr: "le match a commencé",
            it: "la partita è iniziata"))
      }
      return PreparedAction(target: item.upstreamID)
    case .exchangeOffer:
      guard item.kind == .assignment else {
        throw .said(
          LocalizedText(
            en: "it is not one of your assignments", de: "es ist keines Ihrer Aufgebote",
            fr: "ce n'est pas une de vos convocations", it: "non è una delle tue designazioni"))
      }
      guard item.status == .active, upcoming else {
        throw .said(
          LocalizedText(
            en: "the assignment is not an upcoming, active game",
            de: "das Aufgebot ist kein bevorstehendes, aktives Spiel",
            fr: "la convocation n'est pas un match à venir et actif",
            it: "la designazione non è una partita futura e attiva"))
      }
      guard item.details["onExchange"] != .bool(true) else {
        throw .said(
          LocalizedText(
            en: "the assignment is already on the exchange board", de: "das Aufgebot ist schon in der Tauschbörse",
            fr: "la convocation est déjà à la bourse d'échange", it: "la designazione è già nella borsa scambi"))
      }
      return PreparedAction(target: item.upstreamID)
    case .exchangeWithdraw:
      if item.kind == .assignment {
        guard item.details["onExchange"] == .bool(true) else {
          throw .said(
            LocalizedText(
              en: "the assignment is not on the exchange board", de: "das Aufgebot ist nicht in der Tauschbörse",
              fr: "la convocation n'est pas à la bourse d'échange", it: "la designazione non è nella borsa scambi"))
        }
        return PreparedAction(target: item.upstreamID)
      }
      guard item.kind == .exchange, item.details["mine"] == .bool(true),
        let convocation = item.details["convocationID"]?.stringValue
      else {
        throw .said(
          LocalizedText(
            en: "it is not an entry of yours on the board", de: "es ist kein eigener Eintrag in der Tauschbörse",
            fr: "ce n'est pas une de vos entrées à la bourse", it: "non è una tua voce nella borsa"))
      }
      return PreparedAction(target: convocation)
    case .compensationEdit:
      guard item.kind == .compensation, let id = item.details["compensationID"]?.stringValue else {
        throw .said(
          LocalizedText(
            en: "it is not a compensation", de: "es ist keine Entschädigung", fr: "ce n'est pas une indemnité",
            it: "non è un'indennità"))
      }
      guard item.details["editable"] != .bool(false) else {
        throw .said(
          LocalizedText(
            en: "the compensation is paid or locked by the association",
            de: "die Entschädigung ist bezahlt oder vom Verband gesperrt",
            fr: "l'indemnité est payée ou verrouillée par l'association",
            it: "l'indennità è pagata o bloccata dall'associazione"))
      }
      var values: [String: JSONValue] = [:]
      if let kilometres = params["distanceKm"]?.stringValue.flatMap(Double.init) {
        values["distanceInMetres"] = .int(Int64((kilometres * 1000).rounded()))
      }
      if let reason = params["reason"] { values["reason"] = reason }
      guard !values.isEmpty else { throw .invalidParams("give distanceKm, reason or both") }
      return PreparedAction(target: id, params: .object(values))
    default:
      throw .notAllowed("VolleyManager has no action \(type.rawValue)")
    }
  }
}

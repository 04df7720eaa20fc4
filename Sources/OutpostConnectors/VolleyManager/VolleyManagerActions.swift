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
      guard item.kind == .exchange else { throw .notAllowed("it is not an exchange-board entry") }
      // Taken already (here or on the website) is not "gone": say so, as `exchange list` marks it.
      guard item.status != .applied else { throw .notAllowed("you have already applied for it") }
      guard item.status == .active else { throw .notAllowed("the entry is no longer open") }
      guard item.details["mine"] != .bool(true) else { throw .notAllowed("the entry is your own") }
      guard item.details["mayApply"] != .bool(false) else {
        throw .notAllowed("the service does not let you apply for this entry (level or rules)")
      }
      guard upcoming else { throw .notAllowed("the game has started") }
      return PreparedAction(target: item.upstreamID)
    case .exchangeOffer:
      guard item.kind == .assignment else { throw .notAllowed("it is not one of your assignments") }
      guard item.status == .active, upcoming else {
        throw .notAllowed("the assignment is not an upcoming, active game")
      }
      guard item.details["onExchange"] != .bool(true) else {
        throw .notAllowed("the assignment is already on the exchange board")
      }
      return PreparedAction(target: item.upstreamID)
    case .exchangeWithdraw:
      if item.kind == .assignment {
        guard item.details["onExchange"] == .bool(true) else {
          throw .notAllowed("the assignment is not on the exchange board")
        }
        return PreparedAction(target: item.upstreamID)
      }
      guard item.kind == .exchange, item.details["mine"] == .bool(true),
        let convocation = item.details["convocationID"]?.stringValue
      else { throw .notAllowed("it is not an entry of yours on the board") }
      return PreparedAction(target: convocation)
    case .compensationEdit:
      guard item.kind == .compensation, let id = item.details["compensationID"]?.stringValue else {
        throw .notAllowed("it is not a compensation")
      }
      guard item.details["editable"] != .bool(false) else {
        throw .notAllowed("the compensation is paid or locked by the association")
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

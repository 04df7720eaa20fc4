import OutpostModel

/// The action names the VolleyManager connector declares (`outpost actions` lists them all): the
/// short referee commands (`outpost exchange take 3`) queue these through the generic queue.
extension ActionType {
  static let exchangeTake = ActionType("exchange.take")
  static let exchangeOffer = ActionType("exchange.offer")
  static let exchangeWithdraw = ActionType("exchange.withdraw")
  static let compensationEdit = ActionType("compensation.edit")
}

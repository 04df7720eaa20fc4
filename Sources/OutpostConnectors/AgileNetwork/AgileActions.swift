import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  public static let agileFollow = ActionType("agile.follow")
  public static let agileUnfollow = ActionType("agile.unfollow")
  public static let agileCancel = ActionType("agile.cancel")
  public static let agileNotifications = ActionType("agile.notifications")
}

/// Follow, unfollow, cancel at period end, notification settings (agile-network.md §6's
/// mutations). Each may wait in the queue offline and is safe to send twice: following twice,
/// unfollowing twice, cancelling a cancelled subscription and writing the same settings all
/// leave the service as the first did.
extension AgileNetworkConnector {
  public static let actions: [ActionDeclaration] = [
    ActionDeclaration(
      name: .agileFollow, service: descriptor.kind, summary: "follow an expert (by slug or id)", targets: [],
      parameters: [
        ActionParameter("expert", .string, required: true, summary: "the expert's slug or id", maxLength: 200)
      ], sent: LocalizedText(en: "followed {0}", de: "gefolgt: {0}", fr: "suivi : {0}", it: "seguito: {0}")),
    ActionDeclaration(
      name: .agileUnfollow, service: descriptor.kind, summary: "stop following an expert (by slug or id)", targets: [],
      parameters: [
        ActionParameter("expert", .string, required: true, summary: "the expert's slug or id", maxLength: 200)
      ],
      sent: LocalizedText(en: "unfollowed {0}", de: "entfolgt: {0}", fr: "plus suivi : {0}", it: "non più seguito: {0}")
    ),
    ActionDeclaration(
      name: .agileCancel, service: descriptor.kind,
      summary: "cancel a subscription at the end of its period (not one the App Store or Google Play bills)",
      targets: [.subscription],
      sent: LocalizedText(en: "cancelled {0}", de: "storniert: {0}", fr: "annulé : {0}", it: "annullato: {0}")),
    ActionDeclaration(
      name: .agileNotifications, service: descriptor.kind,
      summary: "turn the brand's notification categories on or off", targets: [],
      parameters: [
        ActionParameter("newContent", .bool, summary: "new videos and articles from experts you follow"),
        ActionParameter("subscriptionUpdates", .bool, summary: "renewals, payment problems, endings"),
        ActionParameter("promotions", .bool, summary: "the brand's offers"),
      ],
      sent: LocalizedText(
        en: "changed the notifications of {0}", de: "Benachrichtigungen geändert: {0}",
        fr: "notifications modifiées : {0}", it: "notifiche modificate: {0}")),
  ]

  public static func prepare(_ type: ActionType, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction
  {
    switch type {
    case .agileFollow, .agileUnfollow:
      guard let expert = params["expert"]?.stringValue, Self.isPlainKey(expert) else {
        throw .invalidParams("name the expert by slug (john-doe) or id")
      }
      return PreparedAction(target: expert, params: ["expert": .string(expert)])
    case .agileNotifications:
      var input: [String: JSONValue] = [:]
      for key in ["newContent", "subscriptionUpdates", "promotions"] { input[key] = params[key] }
      guard !input.isEmpty else {
        throw .invalidParams("say which categories to turn on or off (newContent, subscriptionUpdates, promotions)")
      }
      return PreparedAction(target: "notification-settings", params: ["input": .object(input)])
    default:
      throw .notAllowed("\(type.rawValue) is done to an item, not to the account")
    }
  }

  public static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    guard type == .agileCancel, item.kind == .subscription else {
      throw .notAllowed("\(type.rawValue) does not apply to a \(item.kind.rawValue)")
    }
    if item.details["storeManaged"] == .bool(true) {
      let store = item.details["provider"]?.stringValue == "app_store" ? "the App Store" : "Google Play"
      let page = item.details["manageUrl"]?.stringValue.map { ": \($0)" } ?? ""
      throw .notAllowed("this subscription is billed by \(store); cancel it there\(page)")
    }
    switch item.details["status"]?.stringValue {
    case "canceled_at_period_end":
      let end = item.details["currentPeriodEnd"]?.stringValue.map { " on \($0.prefix(10))" } ?? ""
      throw .notAllowed("it is already cancelled; it ends\(end)")
    case "expired":
      throw .said(
        LocalizedText(
          en: "it has already ended", de: "es ist schon beendet", fr: "il est déjà terminé", it: "è già terminato"))
    default: return PreparedAction(target: item.upstreamID)
    }
  }

  /// Slugs and ids: letters, digits, `-`, `_`, `.` (what a link or a command line can carry).
  static func isPlainKey(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 200
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
  }

  public func perform(_ action: ActionRequest, session: OIDCSession) async throws(ConnectorError) -> ActionOutcome {
    let api = try graphQL(session)
    let token = session.accessToken
    switch action.type {
    case .agileFollow, .agileUnfollow:
      guard let key = action.params["expert"]?.stringValue else { throw .unsupported("the action names no expert") }
      let id = try await expertID(key, api: api, token: token)
      guard let id else {
        return .conflict(.verbatim("the brand knows no expert \"\(key)\" (any more)"), serverState: nil)
      }
      let operation: AgileOperation = action.type == .agileFollow ? .follow : .unfollow
      let field = action.type == .agileFollow ? "followExpert" : "unfollowExpert"
      let reply = try await api.run(
        operation, variables: ["id": .string(id)], token: token, activity: "changing a follow")
      return .done(reply.data[field]?["expert"])
    case .agileCancel:
      do {
        let reply = try await api.attempt(
          .cancelSubscription, variables: ["id": .string(action.target)], token: token,
          activity: "cancelling the subscription")
        return .done(reply.data["cancelSubscription"]?["subscription"])
      } catch {
        switch error {
        case .connector(let failure): throw failure
        case .graphQL(let failure, _) where failure.code == "MANAGED_BY_STORE":
          let page = failure.extensions?["manageUrl"]?.stringValue.map { ": \($0)" } ?? ""
          return .conflict(
            .verbatim("the store bills this subscription; cancel it there\(page)"), serverState: failure.extensions)
        case .graphQL(let failure, _) where failure.code == "SUBSCRIPTION_NOT_ACTIVE":
          return .conflict(.verbatim("the subscription has already ended"), serverState: nil)
        case .graphQL(let failure, _) where failure.code == "NOT_FOUND":
          return .conflict(.verbatim("the brand no longer knows this subscription"), serverState: nil)
        case .graphQL(let failure, _): throw AgileGraphQL.classify(failure, activity: "cancelling the subscription")
        }
      }
    case .agileNotifications:
      guard let input = action.params["input"] else { throw .unsupported("the action holds no settings") }
      let reply = try await api.run(
        .updatePreferences, variables: ["input": input], token: token, activity: "changing notification settings")
      return .done(reply.data["updateNotificationPreferences"])
    default:
      throw .unsupported("the Agile Network has no action \(action.type.rawValue)")
    }
  }

  /// An expert's id from a slug or an id: nil when the brand knows neither.
  private func expertID(_ key: String, api: AgileGraphQL, token: SecretString) async throws(ConnectorError) -> String? {
    for (operation, variable) in [(AgileOperation.expertBySlug, "slug"), (.expertByID, "id")] {
      do {
        let reply = try await api.attempt(
          operation, variables: [variable: .string(key)], token: token, activity: "finding the expert")
        if let id = reply.data["expert"]?["id"]?.stringValue { return id }
      } catch {
        switch error {
        case .connector(let failure): throw failure
        case .graphQL(let failure, _) where failure.code == "NOT_FOUND": continue
        case .graphQL(let failure, _): throw AgileGraphQL.classify(failure, activity: "finding the expert")
        }
      }
    }
    return nil
  }
}

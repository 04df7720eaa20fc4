/// `POST /__admin/mutate {"service":"agilenetwork","op":…}` and `GET /__admin/state?service=
/// agilenetwork`: the upstream's side of things for scripts and tests in another process. The
/// state is ground truth per brand and user; it never contains a token.
enum AgileNetworkAdmin {
  static let operations = ["publish", "subscription-status", "promotion", "faults", "expire-cursors"]

  static func mutate(_ operation: String, _ body: SandboxAdminBody, sandbox: AgileNetworkSandbox)
    throws(SandboxAdminError) -> SandboxJSON
  {
    switch operation {
    case "publish":
      try body.requireOnly(["service", "op", "brand", "expertSlug"])
      let slug = try body.requiredString("expertSlug")
      let id = try sandbox.change(try brand(body, sandbox)) { live, now -> String? in
        live.expertBySlug[slug].map { live.publishNow(expert: $0, now: now).id }
      }
      guard let id = id ?? nil else { throw SandboxAdminError("no expert \(slug)", status: .notFound) }
      return .object([("contentId", .string(id))])
    case "subscription-status":
      try body.requireOnly(["service", "op", "brand", "user", "subscriptionId", "status"])
      let text = try body.requiredString("status")
      guard let status = AgileSubscriptionStatus(rawValue: text) else {
        throw SandboxAdminError(
          "unknown status \(text)", allowed: AgileSubscriptionStatus.allCases.map(\.rawValue))
      }
      let id = try body.requiredString("subscriptionId")
      let user = try body.string("user") ?? AgileNetworkSandbox.demoUserID
      let updated = try sandbox.change(try brand(body, sandbox)) { live, now in
        live.setStatus(status, subscription: id, user: user, now: now)
      }
      guard let updated = updated ?? nil else { throw SandboxAdminError("no subscription \(id)", status: .notFound) }
      return subscriptionJSON(updated, expertSlug: nil)
    case "promotion":
      try body.requireOnly(["service", "op", "brand", "title", "body"])
      let title = try body.string("title") ?? "Special offer"
      let text = try body.string("body") ?? "A limited-time deal for fans."
      let id = try sandbox.change(try brand(body, sandbox)) { live, now in
        live.addPromotion(at: now, title: title, body: text).id
      }
      return .object([("promotionId", .string(id ?? ""))])
    case "faults":
      try body.requireOnly(["service", "op"] + AgileNetworkFaults.keys)
      var faults = sandbox.faults
      if let names = body.members["downSubgraphs"] {
        guard case .array(let items) = names else { throw SandboxAdminError("downSubgraphs must be an array") }
        var down: Set<AgileSubgraph> = []
        for item in items {
          guard let subgraph = item.stringValue.flatMap(AgileSubgraph.init(rawValue:)) else {
            throw SandboxAdminError("unknown subgraph", allowed: AgileSubgraph.allCases.map(\.rawValue))
          }
          down.insert(subgraph)
        }
        faults.downSubgraphs = down
      }
      if let flag = try body.bool("gatewayTimeout") { faults.gatewayTimeout = flag }
      if let flag = try body.bool("unknownEnumValue") { faults.unknownEnumValue = flag }
      if let flag = try body.bool("extraField") { faults.extraField = flag }
      let settled = faults
      sandbox.replaceFaults(settled)
      return settled.json
    case "expire-cursors":
      try body.requireOnly(["service", "op", "brand"])
      let generation = try sandbox.change(try brand(body, sandbox)) { live, _ -> Int in
        live.cursorGeneration += 1
        return live.cursorGeneration
      }
      return .object([("cursorGeneration", .int(generation ?? 0))])
    default:
      throw SandboxAdminError("unknown op \(operation)", allowed: operations)
    }
  }

  private static func brand(_ body: SandboxAdminBody, _ sandbox: AgileNetworkSandbox) throws(SandboxAdminError)
    -> String
  {
    let brand = try body.requiredString("brand")
    guard sandbox.brandIDs.contains(brand) else {
      throw SandboxAdminError("unknown brand \(brand)", allowed: sandbox.brandIDs, status: .notFound)
    }
    return brand
  }

  static func state(_ sandbox: AgileNetworkSandbox) -> SandboxJSON {
    let now = sandbox.nowSeconds
    let brands: [SandboxJSON] = sandbox.brandIDs.compactMap { id in
      guard let live = sandbox.liveBrand(id, now: now) else { return nil }
      let users: [SandboxJSON] = live.users.keys.sorted().map { userID in
        let user = live.user(userID)
        return .object([
          ("user", .string(userID)),
          ("follows", .array(user.follows.map { .string(live.experts[$0].slug) })),
          (
            "subscriptions",
            .array(user.subscriptions.map { subscriptionJSON($0, expertSlug: live.experts[$0.expertIndex].slug) })
          ),
          ("complimentary", .array(user.complimentary.map { .string(live.experts[$0].slug) })),
          (
            "preferences",
            .object([
              ("newContent", .bool(user.preferences.newContent)),
              ("subscriptionUpdates", .bool(user.preferences.subscriptionUpdates)),
              ("promotions", .bool(user.preferences.promotions)),
            ])
          ),
        ])
      }
      return .object([
        ("brand", .string(id)), ("name", .string(live.info.name)), ("domain", .string(live.info.domain)),
        ("experts", .int(live.experts.count)), ("categories", .int(live.categories.count)),
        ("content", .int(live.content.count { !$0.removed && $0.publishedAt <= now })),
        ("promotions", .int(live.promotions.count)), ("events", .int(live.events.count)),
        ("cursorGeneration", .int(live.cursorGeneration)), ("users", .array(users)),
        // The outbox without its links: a link signs in, and this state never holds a token
        // (`GET /agile/<brand>/auth/outbox` is the control that hands links out).
        (
          "magicLinks",
          .array(
            sandbox.outbox.withLock { $0.mails(brand: id) }.map { mail in
              .object([
                ("to", .string(mail.to)), ("sentAt", .int(mail.sentAt)), ("expiresAt", .int(mail.expiresAt)),
              ])
            })
        ),
      ])
    }
    return .object([
      ("now", .string(AgileNetworkFormat.dateTime(now))), ("faults", sandbox.faults.json),
      ("persistedQueries", .int(sandbox.persistedQueryCount)), ("brands", .array(brands)),
    ])
  }

  static func subscriptionJSON(_ subscription: AgileSubscription, expertSlug: String?) -> SandboxJSON {
    var members: [(String, SandboxJSON)] = [("id", .string(subscription.id))]
    if let expertSlug { members.append(("expertSlug", .string(expertSlug))) }
    func date(_ seconds: Int?) -> SandboxJSON { seconds.map { .string(AgileNetworkFormat.dateTime($0)) } ?? .null }
    members += [
      ("status", .string(subscription.status.rawValue)), ("provider", .string(subscription.provider.rawValue)),
      ("startedAt", date(subscription.startedAt)), ("currentPeriodEnd", date(subscription.currentPeriodEnd)),
      ("retryAt", date(subscription.status == .grace ? subscription.retryAt : nil)),
      ("graceEndsAt", date(subscription.status == .grace ? subscription.graceEndsAt : nil)),
      ("canceledAt", date(subscription.canceledAt)),
    ]
    return .object(members)
  }
}

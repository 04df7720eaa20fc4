/// The object types of agile-network.md §6 over the brand's records. Nodes hold indices or
/// copies of records and read everything else from the request's snapshot.
struct AgileCategoryNode: AgileGraphNode {
  let index: Int

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let category = context.brand.categories[index]
    switch name {
    case "id": return category.id
    case "slug": return category.slug
    case "name": return category.name
    case "expertCount": return context.brand.experts.count { $0.categoryIndex == index }
    default: return nil
    }
  }
}

struct AgileExpertNode: AgileGraphNode {
  let index: Int

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let brand = context.brand
    let expert = brand.experts[index]
    switch name {
    case "id": return expert.id
    case "slug": return expert.slug
    case "name": return expert.name
    case "category": return AgileCategoryNode(index: expert.categoryIndex)
    case "photoUrl": return "\(brand.webBase)/images/experts/\(expert.slug).jpg"
    case "bio": return expert.bio
    case "subscriberCount": return brand.subscriberCount(index)
    case "webUrl": return "\(brand.webBase)/expert/\(expert.slug)"
    case "viewerIsFollowing": return brand.follows(user: context.viewer.id, expert: index)
    case "viewerSubscription":
      try context.require(.subscriptions)
      return brand.user(context.viewer.id).subscriptions.last { $0.expertIndex == index && $0.status != .expired }
        .map(AgileSubscriptionNode.init)
    case "offer":
      try context.require(.offers)
      guard let offer = expert.offer else { return nil }
      return AgileValues([
        "price": AgileMoneyNode.make(offer.price), "interval": offer.interval.rawValue,
        "checkoutUrl": "\(brand.webBase)/checkout/\(expert.slug)",
      ])
    case "content":
      let first = try AgileNetworkPaging.first(arguments.int("first"), default: 20)
      let type = arguments.string("type")
      let items = brand.publishedContent(now: context.now) {
        $0.expertIndex == index && (type == nil || $0.type.rawValue == type)
      }
      return AgileConnections.content(
        try AgileNetworkPaging.byContent(items, first: first, after: arguments.string("after")))
    case "updatedAt": return context.dateTime(expert.updatedAt)
    default: return nil
    }
  }
}

enum AgileMoneyNode {
  static func make(_ money: AgileMoney) -> AgileValues {
    AgileValues(["amountMinor": money.amountMinor, "currency": money.currency])
  }
}

struct AgileContentNode: AgileGraphNode {
  let index: Int

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let brand = context.brand
    let content = brand.content[index]
    switch name {
    case "id": return content.id
    case "type": return content.type.rawValue
    case "title": return content.title
    case "summary": return content.summary
    case "publishedAt": return context.dateTime(content.publishedAt)
    case "isPremium": return content.isPremium
    case "viewerCanAccess":
      return !content.isPremium || brand.hasAccess(user: context.viewer.id, expert: content.expertIndex)
    case "expert": return AgileExpertNode(index: content.expertIndex)
    case "webUrl": return "\(brand.webBase)/content/\(content.id)"
    case "durationSeconds": return content.durationSeconds
    case "thumbnailUrl": return "\(brand.webBase)/images/content/\(content.id).jpg"
    case "updatedAt": return context.dateTime(content.updatedAt)
    default: return nil
    }
  }
}

struct AgileSubscriptionNode: AgileGraphNode {
  let subscription: AgileSubscription

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let subscription = subscription
    switch name {
    case "id": return subscription.id
    case "expert": return AgileExpertNode(index: subscription.expertIndex)
    case "price": return AgileMoneyNode.make(subscription.price)
    case "interval": return subscription.interval.rawValue
    case "status": return subscription.status.rawValue
    case "provider": return subscription.provider.rawValue
    case "startedAt": return context.dateTime(subscription.startedAt)
    case "currentPeriodEnd": return context.dateTime(subscription.currentPeriodEnd)
    case "nextBillingDate":
      switch subscription.status {
      case .active: return context.dateTime(subscription.currentPeriodEnd)
      case .grace: return subscription.retryAt.map(context.dateTime)
      case .canceledAtPeriodEnd, .expired: return nil
      }
    case "graceEndsAt": return subscription.status == .grace ? subscription.graceEndsAt.map(context.dateTime) : nil
    case "canceledAt": return subscription.canceledAt.map(context.dateTime)
    case "manageUrl":
      return AgileNetworkBrand.storeManageURL(subscription.provider)
        ?? "\(context.brand.webBase)/account/subscriptions/\(subscription.id)"
    case "updatedAt": return context.dateTime(subscription.updatedAt)
    default: return nil
    }
  }
}

struct AgileViewerNode: AgileGraphNode {
  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let brand = context.brand
    let user = brand.user(context.viewer.id)
    switch name {
    case "id": return context.viewer.id
    case "email": return context.viewer.email
    case "displayName": return context.viewer.name
    case "following":
      let first = try AgileNetworkPaging.first(arguments.int("first"), default: 50)
      let page = try AgileNetworkPaging.byOffset(user.follows, first: first, after: arguments.string("after"))
      return AgileConnections.experts(page, totalCount: user.follows.count)
    case "subscriptions":
      try context.require(.subscriptions)
      let all = arguments.bool("includeExpired") == true
      return user.subscriptions.filter { all || $0.status != .expired }.map { AgileSubscriptionNode(subscription: $0) }
        as [(any Sendable)?]
    case "entitlements":
      try context.require(.subscriptions)
      return AgileEntitlements.list(user, brand: brand) as [(any Sendable)?]
    case "notificationPreferences": return AgilePreferencesNode.make(user.preferences, context)
    default: return nil
    }
  }
}

enum AgilePreferencesNode {
  static func make(_ preferences: AgilePreferences, _ context: AgileRequestContext) -> AgileValues {
    AgileValues([
      "newContent": preferences.newContent, "subscriptionUpdates": preferences.subscriptionUpdates,
      "promotions": preferences.promotions, "updatedAt": context.dateTime(preferences.updatedAt),
    ])
  }
}

/// Premium access per expert: a subscription in ACTIVE or CANCELED_AT_PERIOD_END (until the
/// period ends), GRACE (until grace ends), or a complimentary grant without end.
enum AgileEntitlements {
  static func list(_ user: AgileUser, brand: AgileNetworkBrand) -> [(any Sendable)?] {
    var out: [(any Sendable)?] = []
    for subscription in user.subscriptions where subscription.status.grantsAccess {
      let grace = subscription.status == .grace
      out.append(
        AgileValues([
          "expert": AgileExpertNode(index: subscription.expertIndex), "premiumAccess": true,
          "source": grace ? "GRACE_PERIOD" : "SUBSCRIPTION",
          "validUntil": AgileNetworkFormat.dateTime(
            grace ? subscription.graceEndsAt ?? subscription.currentPeriodEnd : subscription.currentPeriodEnd),
        ]))
    }
    for expert in user.complimentary {
      out.append(
        AgileValues([
          "expert": AgileExpertNode(index: expert), "premiumAccess": true, "source": "COMPLIMENTARY",
        ]))
    }
    return out
  }
}

/// Relay connections and their edges.
enum AgileConnections {
  static func experts(_ page: AgileNetworkPaging.Page<Int>, totalCount: Int) -> AgileValues {
    AgileValues([
      "edges": page.items.map { AgileValues(["cursor": $0.cursor, "node": AgileExpertNode(index: $0.item)]) }
        as [(any Sendable)?],
      "pageInfo": pageInfo(page), "totalCount": totalCount,
    ])
  }

  static func content(_ page: AgileNetworkPaging.Page<AgileContent>) -> AgileValues {
    AgileValues([
      "edges": page.items.map { AgileValues(["cursor": $0.cursor, "node": AgileContentNode(index: $0.item.number)]) }
        as [(any Sendable)?],
      "pageInfo": pageInfo(page),
    ])
  }

  private static func pageInfo<Item>(_ page: AgileNetworkPaging.Page<Item>) -> AgileValues {
    AgileValues(["hasNextPage": page.hasNextPage, "endCursor": page.endCursor])
  }
}

struct AgileChangeEventNode: AgileGraphNode {
  let event: AgileChangeEvent

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let brand = context.brand
    switch name {
    case "id": return "evt_\(event.sequence)"
    case "kind": return event.kind.rawValue
    case "occurredAt": return context.dateTime(event.occurredAt)
    case "content":
      guard event.kind == .contentPublished || event.kind == .contentUpdated, let index = event.contentIndex else {
        return nil
      }
      return AgileContentNode(index: index)
    case "expert":
      guard [.expertUpdated, .followAdded, .followRemoved].contains(event.kind), let index = event.expertIndex else {
        return nil
      }
      return AgileExpertNode(index: index)
    case "subscription":
      guard let id = event.subscriptionID else { return nil }
      try context.require(.subscriptions)
      return brand.user(context.viewer.id).subscriptions.first { $0.id == id }.map(AgileSubscriptionNode.init)
    case "promotion":
      guard let index = event.promotionIndex else { return nil }
      let promotion = brand.promotions[index]
      return AgileValues([
        "id": promotion.id, "title": promotion.title, "body": promotion.body,
        "webUrl": brand.webBase + promotion.path, "expiresAt": promotion.expiresAt.map(context.dateTime),
      ])
    case "removedId": return event.removedID
    default: return nil
    }
  }
}

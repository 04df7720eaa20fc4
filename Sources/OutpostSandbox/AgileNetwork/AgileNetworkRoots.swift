import Foundation

/// `Query` and `Mutation` of agile-network.md §6, with the limits of §5: `first` ≤ 100
/// (`changes` ≤ 500), a search of at least two characters, NOT_FOUND for unknown ids and slugs.
struct AgileQueryRoot: AgileGraphNode {
  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let brand = context.brand
    switch name {
    case "viewer": return AgileViewerNode()
    case "expert":
      let id = arguments.string("id")
      let slug = arguments.string("slug")
      guard (id == nil) != (slug == nil) else { throw AgileGraphError.badInput("give exactly one of id and slug") }
      if let slug {
        guard let index = brand.expertBySlug[slug] else { throw AgileGraphError.notFound("Expert") }
        return AgileExpertNode(index: index)
      }
      guard let index = Self.expertIndex(id ?? "", in: brand) else { throw AgileGraphError.notFound("Expert") }
      return AgileExpertNode(index: index)
    case "experts":
      let first = try AgileNetworkPaging.first(arguments.int("first"), default: 20)
      let matches = try Self.search(arguments.object("filter"), in: brand)
      let page = try AgileNetworkPaging.byOffset(matches, first: first, after: arguments.string("after"))
      return AgileConnections.experts(page, totalCount: matches.count)
    case "categories": return brand.categories.indices.map { AgileCategoryNode(index: $0) } as [(any Sendable)?]
    case "content":
      try context.require(.content)
      guard let index = Self.contentIndex(arguments.string("id") ?? "", in: brand),
        brand.content[index].publishedAt <= context.now
      else { throw AgileGraphError.notFound("Content") }
      return AgileContentNode(index: index)
    case "feed":
      let first = try AgileNetworkPaging.first(arguments.int("first"), default: 20)
      let follows = Set(brand.user(context.viewer.id).follows)
      let items = brand.publishedContent(now: context.now) { follows.contains($0.expertIndex) }
      return AgileConnections.content(
        try AgileNetworkPaging.byContent(items, first: first, after: arguments.string("after")))
    case "changes":
      let first = try AgileNetworkPaging.first(
        arguments.int("first"), default: 100, maximum: AgileNetworkPaging.maximumChanges)
      let batch = try brand.changes(
        user: context.viewer.id, since: arguments.string("since"), first: first, now: context.now)
      return AgileValues([
        "events": batch.events.map { AgileChangeEventNode(event: $0) } as [(any Sendable)?], "cursor": batch.cursor,
        "hasMore": batch.hasMore,
      ])
    default: return nil
    }
  }

  /// `exp_<n>` → index n-1, when it exists.
  static func expertIndex(_ id: String, in brand: AgileNetworkBrand) -> Int? {
    guard id.hasPrefix("exp_"), let number = Int(id.dropFirst(4)), (1...brand.experts.count).contains(number) else {
      return nil
    }
    return number - 1
  }

  static func contentIndex(_ id: String, in brand: AgileNetworkBrand) -> Int? {
    guard id.hasPrefix("cnt_"), let number = Int(id.dropFirst(4)), (1...brand.content.count).contains(number),
      !brand.content[number - 1].removed
    else { return nil }
    return number - 1
  }

  /// Names matching the query (case and accent blind, as a search box is), in a category, or
  /// all experts; by name.
  static func search(_ filter: AgileArguments?, in brand: AgileNetworkBrand) throws(AgileGraphError) -> [Int] {
    let query = filter?.string("query")
    if let query, query.trimmingCharacters(in: .whitespaces).count < 2 {
      throw .badInput("query must be at least 2 characters")
    }
    let needle = query.map { AgileNetworkSlug.make($0) }
    let category = filter?.string("categorySlug")
    return brand.experts.indices.filter { index in
      let expert = brand.experts[index]
      if let needle, !expert.slug.contains(needle) { return false }
      if let category, brand.categories[expert.categoryIndex].slug != category { return false }
      return true
    }.sorted { (brand.experts[$0].slug, $0) < (brand.experts[$1].slug, $1) }
  }
}

struct AgileMutationRoot: AgileGraphNode {
  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    let viewer = context.viewer.id
    let now = context.now
    switch name {
    case "followExpert", "unfollowExpert":
      let follow = name == "followExpert"
      let index = try context.mutate { brand throws(AgileGraphError) -> Int in
        guard let index = AgileQueryRoot.expertIndex(arguments.string("expertId") ?? "", in: brand) else {
          throw .notFound("Expert")
        }
        brand.setFollowing(follow, user: viewer, expert: index, now: now)
        return index
      }
      return AgileValues(["expert": AgileExpertNode(index: index)])
    case "cancelSubscription":
      try context.require(.subscriptions)
      let id = arguments.string("subscriptionId") ?? ""
      let subscription = try context.mutate { brand throws(AgileGraphError) in
        try brand.cancel(subscription: id, user: viewer, now: now)
      }
      return AgileValues(["subscription": AgileSubscriptionNode(subscription: subscription)])
    case "updateNotificationPreferences":
      let input = arguments.object("input")
      let preferences = try context.mutate { brand throws(AgileGraphError) in
        brand.updatePreferences(
          user: viewer, newContent: input?.bool("newContent"), subscriptionUpdates: input?.bool("subscriptionUpdates"),
          promotions: input?.bool("promotions"), now: now)
      }
      return AgilePreferencesNode.make(preferences, context)
    default: return nil
    }
  }
}

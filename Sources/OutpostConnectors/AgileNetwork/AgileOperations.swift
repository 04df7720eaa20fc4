/// A named GraphQL operation Outpost sends (agile-network.md §6–§7). The field lists are
/// written out, not shared through fragments, so each operation reads on its own and asks for
/// exactly what its items keep.
struct AgileOperation: Sendable, Equatable {
  let name: String
  let text: String

  static let expertFields = "id slug name category { slug name } subscriberCount webUrl viewerIsFollowing updatedAt"
  static let contentFields =
    "id type title summary publishedAt isPremium viewerCanAccess webUrl durationSeconds updatedAt expert { id slug name }"
  static let subscriptionFields = """
    id expert { id slug name } price { amountMinor currency } interval status provider startedAt currentPeriodEnd \
    nextBillingDate graceEndsAt canceledAt manageUrl updatedAt
    """
  static let preferenceFields = "newContent subscriptionUpdates promotions updatedAt"

  /// The viewer's subscriptions: small, read whole. Asked on its own so that a failing
  /// billing subgraph (which nulls the viewer: the list is non-null) leaves the rest readable.
  static let subscriptions = AgileOperation(
    name: "Subscriptions", text: "query Subscriptions { viewer { id subscriptions { \(subscriptionFields) } } }")

  static let preferences = AgileOperation(
    name: "Preferences", text: "query Preferences { viewer { id notificationPreferences { \(preferenceFields) } } }")

  static let following = AgileOperation(
    name: "Following",
    text: """
      query Following($after: String) { viewer { following(first: 50, after: $after) { \
      edges { node { \(expertFields) } } pageInfo { hasNextPage endCursor } } } }
      """)

  static let feed = AgileOperation(
    name: "HomeFeed",
    text: """
      query HomeFeed($first: Int!, $after: String) { feed(first: $first, after: $after) { \
      edges { cursor node { \(contentFields) } } pageInfo { hasNextPage endCursor } } }
      """)

  static let changes = AgileOperation(
    name: "Changes",
    text: """
      query Changes($since: String) { changes(since: $since, first: 100) { cursor hasMore events { \
      id kind occurredAt removedId content { \(contentFields) } expert { \(expertFields) } \
      subscription { id status currentPeriodEnd nextBillingDate graceEndsAt } \
      promotion { id title body webUrl expiresAt } } } }
      """)

  static let findExperts = AgileOperation(
    name: "FindExperts",
    text: """
      query FindExperts($filter: ExpertFilter, $after: String) { experts(filter: $filter, first: 20, after: $after) { \
      totalCount edges { node { \(expertFields) offer { price { amountMinor currency } interval checkoutUrl } } } \
      pageInfo { hasNextPage endCursor } } }
      """)

  static let categories = AgileOperation(
    name: "Categories", text: "query Categories { categories { id slug name expertCount } }")

  static let expertBySlug = AgileOperation(
    name: "ExpertBySlug",
    text: "query ExpertBySlug($slug: String) { expert(slug: $slug) { \(expertFields) } }")

  /// An expert's profile as the app's expert page shows it: bio, stats, the offer, and the
  /// library (the latest content, locked items marked by `viewerCanAccess`).
  static let expertProfile = AgileOperation(
    name: "ExpertProfile",
    text: """
      query ExpertProfile($slug: String, $first: Int!) { expert(slug: $slug) { \(expertFields) bio photoUrl \
      viewerSubscription { id status } offer { price { amountMinor currency } interval checkoutUrl } \
      content(first: $first) { edges { node { id type title summary publishedAt isPremium viewerCanAccess webUrl \
      durationSeconds } } pageInfo { hasNextPage endCursor } } } }
      """)

  static let expertByID = AgileOperation(
    name: "ExpertByID", text: "query ExpertByID($id: ID) { expert(id: $id) { \(expertFields) } }")

  static let follow = AgileOperation(
    name: "Follow",
    text: "mutation Follow($id: ID!) { followExpert(expertId: $id) { expert { \(expertFields) } } }")

  static let unfollow = AgileOperation(
    name: "Unfollow",
    text: "mutation Unfollow($id: ID!) { unfollowExpert(expertId: $id) { expert { \(expertFields) } } }")

  static let cancelSubscription = AgileOperation(
    name: "Cancel",
    text: """
      mutation Cancel($id: ID!) { cancelSubscription(subscriptionId: $id) { subscription { \(subscriptionFields) } } }
      """)

  static let updatePreferences = AgileOperation(
    name: "UpdatePreferences",
    text: """
      mutation UpdatePreferences($input: NotificationPreferencesInput!) { \
      updateNotificationPreferences(input: $input) { \(preferenceFields) } }
      """)
}

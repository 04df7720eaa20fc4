import GraphQL

/// The gateway's schema: agile-network.md §6 as written there (SDL, comments and all), built
/// with GraphQLSwift so parsing, validation and execution are the real thing. Every field of
/// every object type resolves through one dispatcher into `AgileGraphNode.field`.
enum AgileNetworkSchema {
  static let sdl = """
    scalar DateTime   # RFC 3339 with zone, e.g. "2026-02-03T17:05:00.000Z"
    scalar URL        # absolute https URL

    type Query {
      viewer: Viewer!
      expert(id: ID, slug: String): Expert                 # exactly one argument; null + NOT_FOUND if unknown
      experts(filter: ExpertFilter, first: Int = 20, after: String): ExpertConnection!  # search and category browse
      categories: [Category!]!
      content(id: ID!): Content
      feed(first: Int = 20, after: String): ContentConnection!   # followed experts' content, newest first
      changes(since: String, first: Int = 100): ChangeBatch!
    }
    input ExpertFilter { query: String, categorySlug: String }   # query: ≥ 2 chars, matches names (PD: debounced search)

    type Viewer {
      id: ID!  email: String!  displayName: String  following(first: Int = 50, after: String): ExpertConnection!
      subscriptions(includeExpired: Boolean = false): [Subscription!]!
      entitlements: [Entitlement!]!
      notificationPreferences: NotificationPreferences!
    }
    type Category { id: ID!  slug: String!  name: String!  expertCount: Int! }   # the sport, e.g. basketball
    type Expert {
      id: ID!  slug: String!  name: String!  category: Category!
      photoUrl: URL  bio: String  subscriberCount: Int!
      webUrl: URL!                          # https://<domain>/expert/<slug>
      viewerIsFollowing: Boolean!
      viewerSubscription: Subscription      # null when none or EXPIRED
      offer: SubscriptionOffer              # null when the expert sells none
      content(type: ContentType, first: Int = 20, after: String): ContentConnection!
      updatedAt: DateTime!
    }
    type SubscriptionOffer { price: Money!  interval: BillingInterval!  checkoutUrl: URL! }   # purchase happens on the web
    enum ContentType { VIDEO ARTICLE }
    type Content {
      id: ID!  type: ContentType!  title: String!  summary: String  publishedAt: DateTime!  isPremium: Boolean!
      viewerCanAccess: Boolean!             # false = locked ("Subscribe to <Expert> to unlock")
      expert: Expert!
      webUrl: URL!                          # https://<domain>/content/<id>; videos play there (Mux)
      durationSeconds: Int                  # VIDEO only
      thumbnailUrl: URL  updatedAt: DateTime!
    }
    type Money { amountMinor: Int!  currency: String! }       # ISO 4217; {999, "USD"} = the PD's $9.99/month
    enum BillingInterval { MONTH YEAR }
    enum SubscriptionStatus { ACTIVE CANCELED_AT_PERIOD_END GRACE EXPIRED }
    enum BillingProvider { STRIPE APP_STORE GOOGLE_PLAY }
    type Subscription {
      id: ID!  expert: Expert!  price: Money!  interval: BillingInterval!  status: SubscriptionStatus!
      provider: BillingProvider!  startedAt: DateTime!  currentPeriodEnd: DateTime!
      nextBillingDate: DateTime             # ACTIVE: = currentPeriodEnd; GRACE: next payment retry; else null
      graceEndsAt: DateTime                 # GRACE only
      canceledAt: DateTime  manageUrl: URL!  updatedAt: DateTime!
    }
    type Entitlement { expert: Expert!  premiumAccess: Boolean!  source: EntitlementSource!  validUntil: DateTime }
    enum EntitlementSource { SUBSCRIPTION GRACE_PERIOD COMPLIMENTARY }
    type NotificationPreferences { newContent: Boolean!  subscriptionUpdates: Boolean!  promotions: Boolean!  updatedAt: DateTime! }
    input NotificationPreferencesInput { newContent: Boolean  subscriptionUpdates: Boolean  promotions: Boolean }

    type PageInfo { hasNextPage: Boolean!  endCursor: String }   # Relay-style cursor pagination
    type ExpertConnection { edges: [ExpertEdge!]!  pageInfo: PageInfo!  totalCount: Int! }   type ExpertEdge { cursor: String!  node: Expert! }
    type ContentConnection { edges: [ContentEdge!]!  pageInfo: PageInfo! }   type ContentEdge { cursor: String!  node: Content! }

    type ChangeBatch { events: [ChangeEvent!]!  cursor: String!  hasMore: Boolean! }
    type ChangeEvent {
      id: ID!  kind: ChangeKind!  occurredAt: DateTime!
      content: Content            # CONTENT_PUBLISHED, CONTENT_UPDATED
      expert: Expert              # EXPERT_UPDATED, FOLLOW_ADDED, FOLLOW_REMOVED
      subscription: Subscription  # SUBSCRIPTION_UPDATED
      promotion: Promotion        # PROMOTION
      removedId: ID               # CONTENT_REMOVED
    }
    enum ChangeKind { CONTENT_PUBLISHED CONTENT_UPDATED CONTENT_REMOVED EXPERT_UPDATED FOLLOW_ADDED FOLLOW_REMOVED
                      SUBSCRIPTION_UPDATED PREFERENCES_UPDATED PROMOTION }
    type Promotion { id: ID!  title: String!  body: String!  webUrl: URL!  expiresAt: DateTime }

    type Mutation {
      followExpert(expertId: ID!): FollowPayload!          # idempotent: following twice is fine
      unfollowExpert(expertId: ID!): FollowPayload!        # idempotent
      cancelSubscription(subscriptionId: ID!): SubscriptionPayload!   # idempotent on CANCELED_AT_PERIOD_END
      updateNotificationPreferences(input: NotificationPreferencesInput!): NotificationPreferences!
    }
    type FollowPayload { expert: Expert! }   type SubscriptionPayload { subscription: Subscription! }
    """

  /// Built once: the schema is immutable after its resolvers are attached.
  static let schema: GraphQLSchema = {
    do {
      let schema = try buildSchema(source: Source(body: sdl, name: "agile-network.graphql"))
      for case let type as GraphQLObjectType in schema.typeMap.values where !type.name.hasPrefix("__") {
        let fields = try type.fields()
        for field in fields.values { field.resolve = dispatch }
        type.fields = { fields }
      }
      return schema
    } catch {
      preconditionFailure("the §6 schema does not build: \(error)")
    }
  }()

  /// Hands a field to the node it belongs to; the query and mutation roots are nodes too.
  private static let dispatch: GraphQLFieldResolve = { source, arguments, context, info in
    guard let node = source as? any AgileGraphNode, let context = context as? AgileRequestContext else { return nil }
    return try node.field(info.fieldName, AgileArguments(arguments), context)
  }
}

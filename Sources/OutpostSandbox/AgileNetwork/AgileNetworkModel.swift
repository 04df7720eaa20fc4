/// The records behind the schema of agile-network.md §6. Times are Unix seconds on the sandbox
/// clock; ids are per brand (each brand is its own gateway).
struct AgileCategory: Sendable {
  let id: String
  let slug: String
  let name: String
}

struct AgileExpert: Sendable {
  let id: String
  let number: Int
  let slug: String
  let name: String
  let categoryIndex: Int
  var bio: String
  let baseSubscribers: Int
  let offer: AgileOffer?
  var updatedAt: Int
  /// Days between two publications of this expert, and the hour of day they come at.
  let publishEveryDays: Int
  let publishHour: Int
}

struct AgileMoney: Sendable, Equatable {
  let amountMinor: Int
  let currency: String
}

enum AgileBillingInterval: String, Sendable {
  case month = "MONTH"
  case year = "YEAR"

  var seconds: Int { self == .month ? 30 * 86_400 : 365 * 86_400 }
}

struct AgileOffer: Sendable {
  let price: AgileMoney
  let interval: AgileBillingInterval
}

enum AgileContentType: String, Sendable {
  case video = "VIDEO"
  case article = "ARTICLE"
}

struct AgileContent: Sendable {
  let id: String
  /// Publication order within the brand; breaks ties between equal `publishedAt`.
  let number: Int
  let expertIndex: Int
  let type: AgileContentType
  var title: String
  let summary: String
  let publishedAt: Int
  let isPremium: Bool
  let durationSeconds: Int?
  var updatedAt: Int
  var removed = false
}

enum AgileSubscriptionStatus: String, Sendable, CaseIterable {
  case active = "ACTIVE"
  case canceledAtPeriodEnd = "CANCELED_AT_PERIOD_END"
  case grace = "GRACE"
  case expired = "EXPIRED"

  /// §6: premium access in ACTIVE, CANCELED_AT_PERIOD_END and GRACE.
  var grantsAccess: Bool { self != .expired }
}

enum AgileBillingProvider: String, Sendable {
  case stripe = "STRIPE"
  case appStore = "APP_STORE"
  case googlePlay = "GOOGLE_PLAY"
}

/// What happens at the end of a paid period, so the clock can drive renewals deterministically.
enum AgileRenewal: String, Sendable {
  /// The payment goes through: a new period.
  case succeeds
  /// The first attempt fails (GRACE), the retry succeeds (ACTIVE again).
  case failsOnce
  /// Every attempt fails: GRACE, then EXPIRED at `graceEndsAt`.
  case fails
}

struct AgileSubscription: Sendable {
  let id: String
  let expertIndex: Int
  let price: AgileMoney
  let interval: AgileBillingInterval
  var status: AgileSubscriptionStatus
  let provider: AgileBillingProvider
  let startedAt: Int
  var currentPeriodEnd: Int
  /// GRACE: the next payment retry.
  var retryAt: Int?
  var graceEndsAt: Int?
  var canceledAt: Int?
  var updatedAt: Int
  var renewal: AgileRenewal
}

struct AgilePreferences: Sendable, Equatable {
  var newContent = true
  var subscriptionUpdates = true
  var promotions = true
  var updatedAt: Int
}

struct AgilePromotion: Sendable {
  let id: String
  let title: String
  let body: String
  let path: String
  let expiresAt: Int?
}

enum AgileChangeKind: String, Sendable {
  case contentPublished = "CONTENT_PUBLISHED"
  case contentUpdated = "CONTENT_UPDATED"
  case contentRemoved = "CONTENT_REMOVED"
  case expertUpdated = "EXPERT_UPDATED"
  case followAdded = "FOLLOW_ADDED"
  case followRemoved = "FOLLOW_REMOVED"
  case subscriptionUpdated = "SUBSCRIPTION_UPDATED"
  case preferencesUpdated = "PREFERENCES_UPDATED"
  case promotion = "PROMOTION"
}

/// One entry of a brand's change log. `user` nil = brand-wide (content, experts, promotions),
/// filtered per viewer when read; otherwise only that user sees it.
struct AgileChangeEvent: Sendable {
  let sequence: Int
  let kind: AgileChangeKind
  let occurredAt: Int
  let user: String?
  var contentIndex: Int?
  var expertIndex: Int?
  var subscriptionID: String?
  var promotionIndex: Int?
  var removedID: String?
}

/// One viewer's data in one brand. Everyone but the demo user starts with none.
struct AgileUser: Sendable {
  var follows: [Int] = []
  var subscriptions: [AgileSubscription] = []
  /// Experts whose premium content the user gets for free (source COMPLIMENTARY).
  var complimentary: [Int] = []
  var preferences: AgilePreferences
}

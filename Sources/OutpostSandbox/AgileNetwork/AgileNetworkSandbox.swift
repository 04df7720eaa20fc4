import Synchronization

/// The live state of the "agilenetwork" service: one GraphQL gateway and magic-link BFF per
/// brand (the Keycloak realms), with seeded experts and content, the demo user's follows and
/// subscriptions, the BFF's outbox, and life on the sandbox clock. Tests act as the upstream
/// through these hooks; `POST /__admin/mutate {"service":"agilenetwork",…}` offers the same
/// over HTTP (`AgileNetworkAdmin`).
///
/// A class with mutexes, like `RPPSandbox`: handlers run on NIO event loops, never hold a lock
/// across an `await`, and run the life simulation up to the request's instant first.
public final class AgileNetworkSandbox: Sendable {
  let clock: SandboxSharedClock
  let keycloak: KeycloakSandbox
  let configuration: SandboxAgileNetworkConfiguration
  /// Brand ids in configuration order.
  public let brandIDs: [String]
  private let brands: Mutex<[String: AgileNetworkBrand]>
  private let faultSettings = Mutex(AgileNetworkFaults())
  /// Automatic persisted queries: SHA-256 (hex) → query text, shared by all brands.
  private let persistedQueries = Mutex<[String: String]>([:])
  /// Per access token, the instants (Unix seconds) of its requests in the last minute.
  private let recentRequests = Mutex<[UInt64: [Int]]>([:])
  /// The magic-link BFF's mails and per-address limit (`AgileNetworkMagicLink`).
  let outbox = Mutex(AgileNetworkOutbox())

  /// The `sub` of the Keycloak demo user, whose data is seeded in every brand.
  public static var demoUserID: String { SandboxKeycloakUser.demo.id }

  init(
    configuration: SandboxAgileNetworkConfiguration, realms: [SandboxKeycloakRealm], keycloak: KeycloakSandbox,
    seed: UInt64, clock: SandboxSharedClock
  ) {
    self.clock = clock
    self.keycloak = keycloak
    self.configuration = configuration
    var order: [String] = []
    for realm in realms where !order.contains(realm.name) { order.append(realm.name) }
    brandIDs = order
    let reference = clock.unixSeconds(at: clock.now())
    var built: [String: AgileNetworkBrand] = [:]
    for id in order {
      built[id] = AgileNetworkBrand(
        id: id, info: configuration.info(for: id), expertCount: max(1, configuration.expertsPerBrand), seed: seed,
        reference: reference, demoUserID: Self.demoUserID)
    }
    brands = Mutex(built)
  }

  var nowSeconds: Int { clock.unixSeconds(at: clock.now()) }

  /// The brand as of `now`, after the life simulation caught up; nil for an unknown brand.
  func liveBrand(_ id: String, now: Int) -> AgileNetworkBrand? {
    brands.withLock { brands in
      brands[id]?.simulate(until: now)
      return brands[id]
    }
  }

  /// Runs `body` on the live brand (simulated up to `now` first) and returns a copy after it.
  func mutateBrand<Result>(
    _ id: String, now: Int, _ body: (inout AgileNetworkBrand) throws(AgileGraphError) -> Result
  ) throws(AgileGraphError) -> (Result, AgileNetworkBrand) {
    try brands.withLock { brands throws(AgileGraphError) -> (Result, AgileNetworkBrand) in
      guard var brand = brands[id] else { throw AgileGraphError.notFound("Brand") }
      brand.simulate(until: now)
      defer { brands[id] = brand }
      let result = try body(&brand)
      return (result, brand)
    }
  }

  /// The same for changes that cannot fail (admin hooks); nil for an unknown brand.
  func change<Result>(_ id: String, _ body: (inout AgileNetworkBrand, Int) -> Result) -> Result? {
    let now = nowSeconds
    return try? mutateBrand(id, now: now) { brand in body(&brand, now) }.0
  }

  var faults: AgileNetworkFaults { faultSettings.withLock { $0 } }

  func replaceFaults(_ faults: AgileNetworkFaults) { faultSettings.withLock { $0 = faults } }

  var persistedQueryCount: Int { persistedQueries.withLock { $0.count } }

  func persistedQuery(_ hash: String) -> String? { persistedQueries.withLock { $0[hash] } }

  func persist(_ query: String, hash: String) { persistedQueries.withLock { $0[hash] = query } }

  /// Counts a request of `token` at `now`; the seconds to wait when over the limit.
  func throttle(token: String, now: Int) -> Int? {
    let limit = configuration.rateLimitPerMinute
    guard limit > 0 else { return nil }
    let key = SandboxIdentifiers.fnv1a(token)
    return recentRequests.withLock { recent in
      var times = (recent[key] ?? []).filter { $0 > now - 60 }
      defer { recent[key] = times }
      guard times.count < limit else { return max(1, times[0] + 60 - now) }
      times.append(now)
      return nil
    }
  }

  // MARK: Hooks for tests

  /// Moves the sandbox's one clock forward (every module's); life catches up on the next read.
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  /// The slugs of the experts `user` follows in `brand`, in follow order.
  public func follows(user: String = AgileNetworkSandbox.demoUserID, brand: String) async -> [String] {
    liveBrand(brand, now: nowSeconds).map { live in live.user(user).follows.map { live.experts[$0].slug } } ?? []
  }

  /// The user's subscriptions in `brand` as the upstream holds them, after the clock's changes.
  public func subscriptions(user: String = AgileNetworkSandbox.demoUserID, brand: String) async
    -> [SandboxAgileSubscription]
  {
    guard let live = liveBrand(brand, now: nowSeconds) else { return [] }
    return live.user(user).subscriptions.map { SandboxAgileSubscription($0, expert: live.experts[$0.expertIndex]) }
  }

  /// The expert publishes a new item now (CONTENT_PUBLISHED); its id, or nil for an unknown
  /// brand or slug.
  @discardableResult
  public func publish(brand: String, expertSlug: String) async -> String? {
    change(brand) { live, now -> String? in
      guard let index = live.expertBySlug[expertSlug] else { return nil }
      return live.publishNow(expert: index, now: now).id
    } ?? nil
  }

  /// Sets a subscription's status as billing would (SUBSCRIPTION_UPDATED). False when unknown.
  @discardableResult
  public func setSubscriptionStatus(
    _ status: String, subscription: String, user: String = AgileNetworkSandbox.demoUserID, brand: String
  ) async -> Bool {
    guard let status = AgileSubscriptionStatus(rawValue: status) else { return false }
    return change(brand) { live, now in
      live.setStatus(status, subscription: subscription, user: user, now: now) != nil
    } ?? false
  }

  /// A brand-wide promotion now (PROMOTION); its id.
  @discardableResult
  public func emitPromotion(brand: String, title: String, body: String) async -> String? {
    change(brand) { live, now in live.addPromotion(at: now, title: title, body: body).id }
  }

  /// Every change cursor of the brand issued so far becomes too old (CURSOR_EXPIRED).
  public func expireCursors(brand: String) async { _ = change(brand) { live, _ in live.cursorGeneration += 1 } }

  public func setFaults(_ change: @Sendable (inout AgileNetworkFaults) -> Void) async {
    faultSettings.withLock { change(&$0) }
  }

  /// Switches one subgraph's failure on or off.
  public func setFault(subgraph: AgileSubgraph, down: Bool) async {
    faultSettings.withLock { faults in
      if down { faults.downSubgraphs.insert(subgraph) } else { faults.downSubgraphs.remove(subgraph) }
    }
  }

  public func currentFaults() async -> AgileNetworkFaults { faults }

  /// Sizes of the brand's catalogue: experts, categories, published content.
  public func counts(brand: String) async -> SandboxAgileCounts? {
    let now = nowSeconds
    return liveBrand(brand, now: now).map { live in
      SandboxAgileCounts(
        experts: live.experts.count, categories: live.categories.count,
        content: live.content.count { !$0.removed && $0.publishedAt <= now })
    }
  }

  /// The slug of the expert with that id (`exp_<n>`), for tests that hold ids.
  public func expertSlug(id: String, brand: String) async -> String? {
    liveBrand(brand, now: nowSeconds).flatMap { live in
      AgileQueryRoot.expertIndex(id, in: live).map { live.experts[$0].slug }
    }
  }
}

/// A subscription as a test sees it: times in Unix seconds on the sandbox clock.
public struct SandboxAgileSubscription: Sendable, Equatable {
  public var id: String
  public var expertSlug: String
  /// ACTIVE, CANCELED_AT_PERIOD_END, GRACE or EXPIRED.
  public var status: String
  /// STRIPE, APP_STORE or GOOGLE_PLAY.
  public var provider: String
  public var currentPeriodEnd: Int
  public var graceEndsAt: Int?
  public var canceledAt: Int?

  init(_ subscription: AgileSubscription, expert: AgileExpert) {
    id = subscription.id
    expertSlug = expert.slug
    status = subscription.status.rawValue
    provider = subscription.provider.rawValue
    currentPeriodEnd = subscription.currentPeriodEnd
    graceEndsAt = subscription.status == .grace ? subscription.graceEndsAt : nil
    canceledAt = subscription.canceledAt
  }
}

public struct SandboxAgileCounts: Sendable, Equatable {
  public var experts: Int
  public var categories: Int
  public var content: Int
}

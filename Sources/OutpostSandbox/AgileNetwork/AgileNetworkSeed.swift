/// The deterministic catalogue of one brand (agile-network.md §8): categories, experts with
/// some non-ASCII names, offers in Money, and the demo user's follows and subscriptions. The
/// same seed and brand give the same data on every run.
enum AgileNetworkSeed {
  static let categoryNames = [
    "Basketball", "Tennis", "Volleyball", "Soccer", "Swimming", "Running", "Cycling", "Boxing", "Golf", "Climbing",
  ]
  /// The first pairing is "José Müller", whose slug is `jose-muller`.
  static let firstNames = [
    "José", "Zoë", "Łukasz", "Søren", "Amara", "François", "Mei", "Ingrid", "Kwame", "Lucía", "Jordan", "Priya",
    "Mateo", "Aoife", "Dmitri", "Hana", "Samuel", "Émilie", "Tomás", "Yara",
  ]
  static let lastNames = [
    "Müller", "Okafor", "Nguyễn", "Østergaard", "Dvořák", "Silva", "Tanaka", "Brennan", "Çelik", "Haddad",
    "Kowalski", "Rossi", "Lindqvist", "Mensah", "García", "Novak", "Ahmed", "Fischer", "Park", "Walsh", "Byrne",
    "Moreau", "Sato",
  ]
  static let topics = [
    "Training Tips", "Footwork Drills", "Match Analysis", "Mindset", "Recovery Routine", "Strength Basics",
    "Q&A Session", "Technique Breakdown", "Game Day Prep", "Nutrition Notes",
  ]

  static func categories() -> [AgileCategory] {
    categoryNames.enumerated().map { index, name in
      AgileCategory(id: "cat_\(index + 1)", slug: AgileNetworkSlug.make(name), name: name)
    }
  }

  static func experts(brand: String, domain: String, count: Int, seed: UInt64, anchor: Int) -> [AgileExpert] {
    var generator = SplitMix64(seed: seed ^ SandboxIdentifiers.fnv1a("agile-experts:\(brand)"))
    var used = Set<String>()
    var experts: [AgileExpert] = []
    for index in 0..<count {
      let first = firstNames[index % firstNames.count]
      let last = lastNames[(index / firstNames.count + index * 7) % lastNames.count]
      let name = "\(first) \(last)"
      var slug = AgileNetworkSlug.make(name)
      var suffix = 2
      while used.contains(slug) {
        slug = AgileNetworkSlug.make(name) + "-\(suffix)"
        suffix += 1
      }
      used.insert(slug)
      let categoryIndex = index % categoryNames.count
      let roll = Int(generator.next() % 100)
      let offer: AgileOffer? =
        roll < 80
        ? AgileOffer(
          price: AgileMoney(amountMinor: [499, 999, 1999][index % 3], currency: "USD"),
          interval: index % 5 == 4 ? .year : .month) : nil
      experts.append(
        AgileExpert(
          id: "exp_\(index + 1)", number: index, slug: slug, name: name, categoryIndex: categoryIndex,
          bio: "\(name) coaches \(categoryNames[categoryIndex].lowercased()) and shares drills every week.",
          baseSubscribers: 50 + Int(generator.next() % 5000), offer: offer,
          updatedAt: anchor - 60 * 86_400 + Int(generator.next() % 86_400), publishEveryDays: 2 + index % 5,
          publishHour: 6 + Int(generator.next() % 14)))
    }
    return experts
  }

  /// Experts the demo user follows (by index): the first one is José Müller.
  static let demoFollows = [0, 1, 2, 3, 7, 12]

  /// The demo user's subscriptions (§8): ACTIVE on Stripe, GRACE, CANCELED_AT_PERIOD_END, one
  /// billed by the App Store, one that renews after a failed first attempt, one EXPIRED.
  static func demoUser(experts: [AgileExpert], anchor: Int, reference: Int) -> AgileUser {
    let day = 86_400
    func subscription(
      _ number: Int, expert: Int, _ status: AgileSubscriptionStatus, _ provider: AgileBillingProvider,
      started: Int, periodEnd: Int, renewal: AgileRenewal, interval: AgileBillingInterval = .month
    ) -> AgileSubscription {
      let price = experts[expert].offer?.price ?? AgileMoney(amountMinor: 999, currency: "USD")
      return AgileSubscription(
        id: "sub_\(number)", expertIndex: expert, price: price, interval: interval, status: status,
        provider: provider, startedAt: anchor + started * day, currentPeriodEnd: anchor + periodEnd * day,
        retryAt: nil, graceEndsAt: nil, canceledAt: nil, updatedAt: reference - day, renewal: renewal)
    }
    var grace = subscription(2, expert: 2, .grace, .stripe, started: -92, periodEnd: -2, renewal: .fails)
    grace.retryAt = anchor + 1 * day
    grace.graceEndsAt = anchor + 12 * day
    var canceled = subscription(
      3, expert: 5, .canceledAtPeriodEnd, .stripe, started: -70, periodEnd: 20, renewal: .succeeds)
    canceled.canceledAt = anchor - 5 * day
    let subscriptions = [
      subscription(1, expert: 1, .active, .stripe, started: -100, periodEnd: 10, renewal: .succeeds),
      grace, canceled,
      subscription(
        4, expert: 8, .active, .appStore, started: -165, periodEnd: 200, renewal: .succeeds, interval: .year),
      subscription(5, expert: 13, .active, .stripe, started: -25, periodEnd: 5, renewal: .failsOnce),
      subscription(6, expert: 21, .expired, .googlePlay, started: -130, periodEnd: -40, renewal: .fails),
    ]
    return AgileUser(
      follows: demoFollows, subscriptions: subscriptions, complimentary: [3],
      preferences: AgilePreferences(
        newContent: true, subscriptionUpdates: true, promotions: false, updatedAt: anchor - 30 * day))
  }
}

/// One brand's live data: its catalogue, every viewer's follows and subscriptions, and the
/// change log the `changes` feed reads. Mutated only under `AgileNetworkSandbox`'s lock.
struct AgileNetworkBrand: Sendable {
  let id: String
  let info: SandboxAgileBrandInfo
  let categories: [AgileCategory]
  var experts: [AgileExpert]
  let expertBySlug: [String: Int]
  var content: [AgileContent] = []
  var users: [String: AgileUser] = [:]
  var events: [AgileChangeEvent] = []
  var promotions: [AgilePromotion] = []
  /// The last event number handed out (the change log's head).
  var sequence = 0
  /// Bumped by the admin's "expire cursors": every cursor issued before is then too old.
  var cursorGeneration = 0
  /// The life simulation has run up to this instant (Unix seconds), inclusive.
  var simulatedUntil: Int
  /// Midnight UTC of the sandbox's reference day.
  let anchor: Int
  let demoUserID: String
  var nextSubscriptionNumber = 7

  init(id: String, info: SandboxAgileBrandInfo, expertCount: Int, seed: UInt64, reference: Int, demoUserID: String) {
    self.id = id
    self.info = info
    anchor = reference.floorDivided(by: 86_400) * 86_400
    categories = AgileNetworkSeed.categories()
    experts = AgileNetworkSeed.experts(
      brand: id, domain: info.domain, count: expertCount, seed: seed, anchor: anchor)
    expertBySlug = Dictionary(experts.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
    self.demoUserID = demoUserID
    simulatedUntil = reference
    users[demoUserID] = AgileNetworkSeed.demoUser(experts: experts, anchor: anchor, reference: reference)
    // 45 days of history before the reference instant (§8 asks for ≥ 30), from the same
    // schedule the clock keeps following, without change events: they predate every cursor.
    for publication in AgileNetworkSchedule.publications(
      experts: experts, after: anchor - 45 * 86_400, through: reference)
    {
      appendContent(publication)
    }
  }

  var webBase: String { "https://\(info.domain)" }

  func user(_ id: String) -> AgileUser {
    users[id] ?? AgileUser(preferences: AgilePreferences(updatedAt: anchor))
  }

  mutating func withUser<Result>(_ id: String, _ body: (inout AgileUser) -> Result) -> Result {
    var record = user(id)
    defer { users[id] = record }
    return body(&record)
  }

  @discardableResult
  mutating func appendContent(_ publication: AgileNetworkSchedule.Publication) -> Int {
    let number = content.count
    let expert = experts[publication.expertIndex]
    let type: AgileContentType = (expert.number + publication.round) % 3 == 0 ? .article : .video
    let topic = AgileNetworkSeed.topics[(expert.number * 3 + publication.round) % AgileNetworkSeed.topics.count]
    content.append(
      AgileContent(
        id: "cnt_\(number + 1)", number: number, expertIndex: publication.expertIndex, type: type,
        title: "\(topic) Vol \(publication.round)",
        summary: "\(expert.name) on \(topic.lowercased()).", publishedAt: publication.at,
        isPremium: expert.offer != nil && publication.round % 2 == 1,
        durationSeconds: type == .video ? 120 + (expert.number * 37 + publication.round * 53) % 900 : nil,
        updatedAt: publication.at))
    return number
  }

  mutating func record(_ event: AgileChangeEvent) {
    events.append(event)
  }

  mutating func nextEvent(_ kind: AgileChangeKind, at time: Int, user: String?) -> AgileChangeEvent {
    sequence += 1
    return AgileChangeEvent(sequence: sequence, kind: kind, occurredAt: time, user: user)
  }

  /// Premium access to `expert` for `user`: a subscription that grants it, or a gift.
  func hasAccess(user id: String, expert: Int) -> Bool {
    let record = user(id)
    return record.complimentary.contains(expert)
      || record.subscriptions.contains { $0.expertIndex == expert && $0.status.grantsAccess }
  }

  func follows(user id: String, expert: Int) -> Bool { user(id).follows.contains(expert) }

  /// Followers in the sandbox on top of the seeded count.
  func subscriberCount(_ expert: Int) -> Int {
    experts[expert].baseSubscribers + users.values.count { $0.follows.contains(expert) }
  }

  /// Content of `experts` published by `now`, newest first.
  func publishedContent(now: Int, where include: (AgileContent) -> Bool) -> [AgileContent] {
    content.reversed().filter { !$0.removed && $0.publishedAt <= now && include($0) }
  }
}

/// When experts publish: every `publishEveryDays` days at `publishHour`, a pure function of the
/// day, so history and future come from one rule and the clock only has to ask for a window.
enum AgileNetworkSchedule {
  struct Publication: Sendable {
    let expertIndex: Int
    let at: Int
    /// How many times this expert has published up to this one (for titles and types).
    let round: Int
  }

  /// Publications in (`after`, `through`], oldest first.
  static func publications(experts: [AgileExpert], after: Int, through: Int) -> [Publication] {
    guard through > after else { return [] }
    var found: [Publication] = []
    let firstDay = after.floorDivided(by: 86_400)
    let lastDay = through.floorDivided(by: 86_400)
    for day in firstDay...lastDay {
      for (index, expert) in experts.enumerated() where (day + expert.number).floorModulo(expert.publishEveryDays) == 0
      {
        let at = day * 86_400 + expert.publishHour * 3600 + (expert.number % 60) * 60
        guard at > after, at <= through else { continue }
        found.append(Publication(expertIndex: index, at: at, round: day / expert.publishEveryDays % 1000))
      }
    }
    return found.sorted { ($0.at, $0.expertIndex) < ($1.at, $1.expertIndex) }
  }
}

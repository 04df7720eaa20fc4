/// Life on the sandbox clock, worked out lazily when a request or an admin call arrives (no
/// timers): experts publish on their schedule, subscriptions renew, fall into GRACE, recover or
/// expire at their dates, and a promotion appears every week. Each change is logged for the
/// `changes` feed with the instant it happened.
extension AgileNetworkBrand {
  static let graceRetrySeconds = 3 * 86_400
  static let graceLengthSeconds = 14 * 86_400

  mutating func simulate(until now: Int) {
    guard now > simulatedUntil else { return }
    let from = simulatedUntil
    simulatedUntil = now
    for publication in AgileNetworkSchedule.publications(experts: experts, after: from, through: now) {
      let index = appendContent(publication)
      var event = nextEvent(.contentPublished, at: publication.at, user: nil)
      event.contentIndex = index
      event.expertIndex = publication.expertIndex
      record(event)
    }
    for userID in users.keys.sorted() { advanceSubscriptions(of: userID, until: now) }
    emitPromotions(after: from, through: now)
  }

  /// Weekly, on the fourth day after the reference day's week start, at 15:00 UTC.
  private mutating func emitPromotions(after from: Int, through now: Int) {
    var day = from.floorDivided(by: 86_400)
    while day * 86_400 <= now {
      let at = day * 86_400 + 15 * 3600
      if (day - anchor / 86_400).floorModulo(7) == 3, at > from, at <= now {
        addPromotion(at: at, title: "Weekly deal", body: "Save 20% on a yearly plan this week.")
      }
      day += 1
    }
  }

  @discardableResult
  mutating func addPromotion(at time: Int, title: String, body: String) -> AgilePromotion {
    let number = promotions.count + 1
    let promotion = AgilePromotion(
      id: "promo_\(number)", title: title, body: body, path: "/promo/\(number)", expiresAt: time + 7 * 86_400)
    promotions.append(promotion)
    var event = nextEvent(.promotion, at: time, user: nil)
    event.promotionIndex = number - 1
    record(event)
    return promotion
  }

  /// Runs every due transition of the user's subscriptions, in order, up to `now`.
  private mutating func advanceSubscriptions(of userID: String, until now: Int) {
    guard var record = users[userID] else { return }
    var changes: [(Int, String)] = []
    for index in record.subscriptions.indices {
      while let at = Self.transition(&record.subscriptions[index], now: now) {
        record.subscriptions[index].updatedAt = at
        changes.append((at, record.subscriptions[index].id))
      }
    }
    users[userID] = record
    for (at, id) in changes.sorted(by: { $0 < $1 }) {
      var event = nextEvent(.subscriptionUpdated, at: at, user: userID)
      event.subscriptionID = id
      self.record(event)
    }
  }

  /// Applies the next transition due by `now` and returns when it happened; nil when none is.
  static func transition(_ subscription: inout AgileSubscription, now: Int) -> Int? {
    switch subscription.status {
    case .active:
      let end = subscription.currentPeriodEnd
      guard end <= now else { return nil }
      if subscription.renewal == .succeeds {
        subscription.currentPeriodEnd = end + subscription.interval.seconds
      } else {
        subscription.status = .grace
        subscription.retryAt = end + graceRetrySeconds
        subscription.graceEndsAt = end + graceLengthSeconds
      }
      return end
    case .grace:
      let retry = subscription.retryAt ?? Int.max
      let graceEnd = subscription.graceEndsAt ?? subscription.currentPeriodEnd
      if subscription.renewal == .failsOnce, retry <= now, retry < graceEnd {
        subscription.status = .active
        subscription.renewal = .succeeds
        subscription.currentPeriodEnd = retry + subscription.interval.seconds
        subscription.retryAt = nil
        subscription.graceEndsAt = nil
        return retry
      }
      if graceEnd <= now {
        subscription.status = .expired
        subscription.retryAt = nil
        return graceEnd
      }
      // A failed retry only moves the next attempt (no event: the status is unchanged).
      while let next = subscription.retryAt, next <= now, next < graceEnd {
        subscription.retryAt = next + graceRetrySeconds < graceEnd ? next + graceRetrySeconds : nil
      }
      return nil
    case .canceledAtPeriodEnd:
      guard subscription.currentPeriodEnd <= now else { return nil }
      subscription.status = .expired
      return subscription.currentPeriodEnd
    case .expired:
      return nil
    }
  }
}

/// The four mutations of agile-network.md §6, with their replays: following twice, unfollowing
/// twice and cancelling a cancelled subscription change nothing and log nothing.
extension AgileNetworkBrand {
  /// Follows or unfollows; logs FOLLOW_ADDED/REMOVED only when something changed.
  mutating func setFollowing(_ following: Bool, user userID: String, expert: Int, now: Int) {
    let changed = withUser(userID) { record -> Bool in
      if following, !record.follows.contains(expert) {
        record.follows.append(expert)
        return true
      }
      if !following, let position = record.follows.firstIndex(of: expert) {
        record.follows.remove(at: position)
        return true
      }
      return false
    }
    guard changed else { return }
    var event = nextEvent(following ? .followAdded : .followRemoved, at: now, user: userID)
    event.expertIndex = expert
    record(event)
  }

  /// ACTIVE → CANCELED_AT_PERIOD_END; GRACE → CANCELED_AT_PERIOD_END ending at `graceEndsAt`;
  /// idempotent on CANCELED_AT_PERIOD_END; store-billed ones are refused with where to manage
  /// them, EXPIRED ones as not active.
  mutating func cancel(subscription id: String, user userID: String, now: Int) throws(AgileGraphError)
    -> AgileSubscription
  {
    guard let index = user(userID).subscriptions.firstIndex(where: { $0.id == id }) else {
      throw .notFound("Subscription")
    }
    let current = user(userID).subscriptions[index]
    if current.status == .expired {
      throw AgileGraphError(message: "This subscription is not active.", code: "SUBSCRIPTION_NOT_ACTIVE")
    }
    if let manageURL = Self.storeManageURL(current.provider) {
      let store = current.provider == .appStore ? "the App Store" : "Google Play"
      throw AgileGraphError(
        message: "This subscription is billed by \(store).", code: "MANAGED_BY_STORE",
        extensions: [("manageUrl", .string(manageURL))])
    }
    switch current.status {
    case .canceledAtPeriodEnd: return current
    case .expired:
      throw AgileGraphError(message: "This subscription is not active.", code: "SUBSCRIPTION_NOT_ACTIVE")
    case .active, .grace:
      var updated = current
      if current.status == .grace { updated.currentPeriodEnd = current.graceEndsAt ?? current.currentPeriodEnd }
      updated.status = .canceledAtPeriodEnd
      updated.canceledAt = now
      updated.retryAt = nil
      updated.graceEndsAt = nil
      updated.updatedAt = now
      withUser(userID) { $0.subscriptions[index] = updated }
      var event = nextEvent(.subscriptionUpdated, at: now, user: userID)
      event.subscriptionID = id
      record(event)
      return updated
    }
  }

  static func storeManageURL(_ provider: AgileBillingProvider) -> String? {
    switch provider {
    case .stripe: nil
    case .appStore: "https://apps.apple.com/account/subscriptions"
    case .googlePlay: "https://play.google.com/store/account/subscriptions"
    }
  }

  /// Applies the given toggles; logs PREFERENCES_UPDATED when one changed.
  mutating func updatePreferences(
    user userID: String, newContent: Bool?, subscriptionUpdates: Bool?, promotions: Bool?, now: Int
  ) -> AgilePreferences {
    let (preferences, changed) = withUser(userID) { record -> (AgilePreferences, Bool) in
      var updated = record.preferences
      if let newContent { updated.newContent = newContent }
      if let subscriptionUpdates { updated.subscriptionUpdates = subscriptionUpdates }
      if let promotions { updated.promotions = promotions }
      guard updated != record.preferences else { return (record.preferences, false) }
      updated.updatedAt = now
      record.preferences = updated
      return (updated, true)
    }
    if changed { record(nextEvent(.preferencesUpdated, at: now, user: userID)) }
    return preferences
  }

  /// Sets a subscription's status by hand (admin), logging SUBSCRIPTION_UPDATED.
  mutating func setStatus(
    _ status: AgileSubscriptionStatus, subscription id: String, user userID: String, now: Int
  ) -> AgileSubscription? {
    guard let index = user(userID).subscriptions.firstIndex(where: { $0.id == id }) else { return nil }
    let updated = withUser(userID) { record -> AgileSubscription in
      var subscription = record.subscriptions[index]
      subscription.status = status
      subscription.updatedAt = now
      switch status {
      case .grace:
        subscription.retryAt = now + Self.graceRetrySeconds
        subscription.graceEndsAt = now + Self.graceLengthSeconds
      case .canceledAtPeriodEnd:
        subscription.canceledAt = now
        subscription.retryAt = nil
        subscription.graceEndsAt = nil
      case .active:
        if subscription.currentPeriodEnd <= now { subscription.currentPeriodEnd = now + subscription.interval.seconds }
        subscription.retryAt = nil
        subscription.graceEndsAt = nil
      case .expired:
        subscription.retryAt = nil
        subscription.graceEndsAt = nil
      }
      record.subscriptions[index] = subscription
      return subscription
    }
    var event = nextEvent(.subscriptionUpdated, at: now, user: userID)
    event.subscriptionID = id
    record(event)
    return updated
  }

  /// An expert publishes now (admin), logged as CONTENT_PUBLISHED.
  mutating func publishNow(expert: Int, now: Int) -> AgileContent {
    let round = content.count { $0.expertIndex == expert } + 1000
    let index = appendContent(AgileNetworkSchedule.Publication(expertIndex: expert, at: now, round: round))
    var event = nextEvent(.contentPublished, at: now, user: nil)
    event.contentIndex = index
    event.expertIndex = expert
    record(event)
    return content[index]
  }
}

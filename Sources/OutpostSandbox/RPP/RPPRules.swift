/// The policy guardrails of rpp.md §4.4, judged at one instant: what `allowedActions` shows
/// and what `PATCH /orders/:id` enforces, from the same code.
enum RPPRules {
  struct Reschedule {
    var allowed: Bool
    var untilMs: Int64
    var reason: String?
  }

  struct Cancel {
    var allowed: Bool
    var freeUntilMs: Int64
    /// The fee a cancel after `freeUntilMs` costs (shown always, charged only after it).
    var lateFeeMinor: Int
    /// The fee a cancel costs now: nil while free.
    var feeNowMinor: Int?
    var reason: String?
  }

  static func reschedule(_ order: RPPOrder, _ policy: RPPPolicy, nowMs: Int64) -> Reschedule {
    let until = order.startMs - Int64(policy.cutoffHours) * .hourMs
    let reason: String? =
      if !order.isOpen { "INVALID_STATE" } else if nowMs >= until {
        "POLICY_CUTOFF_PASSED"
      } else if order
        .rescheduleCount >= policy.maxPerOrder
      { "RESCHEDULE_LIMIT_REACHED" } else { nil }
    return Reschedule(allowed: reason == nil, untilMs: until, reason: reason)
  }

  static func cancel(_ order: RPPOrder, _ policy: RPPPolicy, nowMs: Int64) -> Cancel {
    let freeUntil = order.startMs - Int64(policy.freeCutoffHours) * .hourMs
    let fee = (order.totalMinor * policy.lateFeePercent + 50) / 100
    let reason: String? =
      if !order.isOpen { "INVALID_STATE" } else if nowMs >= order.startMs { "POLICY_CUTOFF_PASSED" } else { nil }
    return Cancel(
      allowed: reason == nil, freeUntilMs: freeUntil, lateFeeMinor: fee, feeNowMinor: nowMs >= freeUntil ? fee : nil,
      reason: reason)
  }
}

import Foundation

extension SnapshotBuilder {
  /// The next instant after `now` at which the snapshot reads differently with no new data, or
  /// nil when only new data changes it. The daemon arms one timer for it (and rebuilds on every
  /// store change anyway).
  ///
  /// Content changes by itself only at these instants: the soonest item starts (it leaves the
  /// list, the next one moves up); a local midnight turns an item's "Sat" into "tomorrow" or
  /// "tomorrow" into "today"; an account's last sync turns 24 h old (stale). While stale, the bar
  /// says "Last updated 26 h ago", so the hour after that is one too: a wakeup an hour only while
  /// stale (and one a day from 48 h on, where it counts days). Last-sync times in the tooltip are
  /// absolute and never add one.
  ///
  /// Each candidate is checked by building the snapshot there: only one that really changes the
  /// content counts, so a midnight that changes nothing wakes nobody.
  public func nextTransition(after now: Date) -> Date? {
    let labels = TimeLabels(timeZone: options.timeZone, language: options.language)
    let upcoming = upcomingItems(at: now)
    var candidates: [Date] = []
    if let soonest = upcoming.first?.item.startsAt { candidates.append(soonest) }
    var labelled = Array(upcoming.prefix(options.maxItems))
    if let headline = upcoming.first(where: { $0.item.status != .cancelled }) { labelled.append(headline) }
    for stored in labelled {
      if let start = stored.item.startsAt { candidates += labels.labelChanges(of: start) }
    }
    for account in input.accounts {
      guard let last = account.lastSuccessfulSync else { continue }
      let staleAt = last.addingTimeInterval(options.staleAfter)
      if staleAt > now {
        candidates.append(staleAt)
      } else {
        let age = elapsed(since: last, at: now)
        let step: TimeInterval = age < 48 * 3600 ? 3600 : 86_400
        candidates.append(last.addingTimeInterval((age / step).rounded(.down) * step + step))
      }
    }
    let current = content(at: now)
    return candidates.filter { $0 > now }.sorted().first { content(at: $0) != current }
  }
}

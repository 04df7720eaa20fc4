import Foundation
import OutpostModel
import OutpostSnapshot
import OutpostStore

/// Each account's part of the bar (`StoreViews.barSummary`), kept from one rebuild of the bar
/// to the next while nothing has been written to the store since it was computed
/// (`Store.contentWrites`: a sync that only moved its cursor does not count), for at most
/// `maxAge`, and never past its own `validUntil`.
///
/// Why: the bar is rebuilt after every burst of events (150 ms apart), and a round of syncs
/// over many accounts ends in several bursts; each rebuild computed every account's view again
/// (a glucose dashboard reads a month of readings). With five accounts of every service, a
/// round of unchanged syncs cost the daemon 1.1 s of CPU, most of it dashboards whose
/// readings had not changed: twelve times one account of each, for five times the accounts.
/// `maxAge` keeps what a view says about the time ("in 2 h") as fresh as before, when any
/// rebuild recomputed it.
actor BarSummaryCache {
  static let maxAge: TimeInterval = 60

  private struct Entry {
    let summary: Snapshot.ServiceSummary?
    let writes: Int
    let computedAt: Date

    func isCurrent(writes: Int, now: Date) -> Bool {
      writes == self.writes && now >= computedAt && now < computedAt.addingTimeInterval(BarSummaryCache.maxAge)
        && (summary?.validUntil.map { now < $0 } ?? true)
    }
  }

  private let store: Store
  /// Who reads the bar: its language, zone and decimal separator.
  private let locale: ViewLocale
  private var entries: [String: Entry] = [:]
  /// How many summaries were computed rather than kept (for the tests).
  private(set) var computed = 0

  init(store: Store, locale: ViewLocale = ViewLocale()) {
    self.store = store
    self.locale = locale
  }

  /// Every account's summary as of `now`, as `StoreViews.barSummaries` gives it.
  func summaries(now: Date) async -> [String: Snapshot.ServiceSummary] {
    // Noted before anything is read: a write that ends later moves it, and the entry made
    // from this read is then not current.
    let writes = store.contentWrites
    guard let accounts = try? await store.accounts() else { return [:] }
    var summaries: [String: Snapshot.ServiceSummary] = [:]
    var kept: [String: Entry] = [:]
    for account in accounts {
      let entry: Entry
      if let cached = entries[account.id], cached.isCurrent(writes: writes, now: now) {
        entry = cached
      } else {
        computed += 1
        entry = Entry(
          summary: await StoreViews.barSummary(account, store: store, locale: locale, now: now), writes: writes,
          computedAt: now)
      }
      kept[account.id] = entry
      summaries[account.id] = entry.summary
    }
    // Removed accounts leave with this.
    entries = kept
    return summaries
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long a kind's items stay in the store once they are over, declared with the kind (the
/// way it declares its reminders and news): a game may go 90 days after it was played, a
/// freelancer's ledger is kept for the tax years it counts in, an open invoice never goes.
public struct ItemRetention: Codable, Sendable, Equatable {
  public enum Span: Codable, Sendable, Equatable {
    /// `sync.retention_days` after it ended: games, shoots, events.
    case configured
    /// This many days after it ended, whatever the configured default.
    case days(Int)
    /// Through the end of the `n`-th calendar year (UTC) after the one it is dated in: records
    /// kept for the tax years they count in (seven, as the IRS asks of a freelancer's records).
    case taxYears(Int)
    /// Never purged.
    case forever
  }

  public var span: Span
  /// Items in one of these states are kept however old (an invoice not yet paid, a task not
  /// done): the user still has to act on them.
  public var keptWhile: Set<ItemStatus>

  public init(_ span: Span, keptWhile: Set<ItemStatus> = []) {
    self.span = span
    self.keptWhile = keptWhile
  }

  /// The default: the configured days after its end.
  public static let configured = ItemRetention(.configured)
  /// Money records: seven tax years.
  public static let taxRecords = ItemRetention(.taxYears(7))
}

/// Every kind's retention at once, as the store's purge and the sync's inserts both apply it:
/// an item the purge would remove is not stored again when a full listing brings it back, so
/// purge and sync never disagree.
public struct RetentionPolicy: Sendable, Equatable {
  public struct Rule: Sendable, Equatable {
    public var retention: ItemRetention
    /// A floor in days, from the views that read the kind (a view reading 800 days of
    /// transactions keeps 800 days, whatever is declared).
    public var readForDays: Int

    public init(retention: ItemRetention, readForDays: Int = 0) {
      self.retention = retention
      self.readForDays = readForDays
    }
  }

  public var rules: [ItemKind: Rule]
  /// `sync.retention_days`: for `.configured` kinds, for kinds no connector declares, and for
  /// items the service removed.
  public var defaultDays: Int

  public init(rules: [ItemKind: Rule], defaultDays: Int) {
    self.rules = rules
    self.defaultDays = defaultDays
  }

  /// Keeps everything (tests and tools that never purge).
  public static let keepEverything = RetentionPolicy(rules: [:], defaultDays: 1_000_000)

  /// Items of `kind` that ended before this (at `now`) may go, unless their status keeps them;
  /// nil: none of them ever goes.
  public func cutoff(for kind: ItemKind, now: Date) -> Date? {
    let rule = rules[kind] ?? Rule(retention: .configured)
    let floor = Self.daysBefore(now, max(rule.readForDays, 0))
    let declared: Date?
    switch rule.retention.span {
    case .configured: declared = Self.daysBefore(now, defaultDays)
    case .days(let days): declared = Self.daysBefore(now, days)
    case .taxYears(let years): declared = Self.startOfYear(Self.year(of: now) - years)
    case .forever: declared = nil
    }
    return declared.map { min($0, floor) }
  }

  /// The statuses that keep an item of `kind` however old.
  public func keptStatuses(for kind: ItemKind) -> Set<ItemStatus> { rules[kind]?.retention.keptWhile ?? [] }

  /// Removed items (the service no longer lists them) go this long after their removal.
  public func removedCutoff(now: Date) -> Date { Self.daysBefore(now, defaultDays) }

  /// Whether the purge at `now` would keep `item` (what a sync inserts is checked by this).
  public func keeps(_ item: Item, now: Date) -> Bool {
    guard let over = item.endsAt ?? item.startsAt else { return true }  // undated: data, kept
    if keptStatuses(for: item.kind).contains(item.status) { return true }
    guard let cutoff = cutoff(for: item.kind, now: now) else { return true }
    return over >= cutoff
  }

  static func daysBefore(_ now: Date, _ days: Int) -> Date {
    // Clamped: a retention of "forever in days" must not overflow the date.
    now.addingTimeInterval(-Double(min(days, 1_000_000)) * 86_400)
  }

  static func year(of date: Date) -> Int {
    GregorianDays.civil(Int((date.timeIntervalSince1970 / 86_400).rounded(.down))).year
  }

  static func startOfYear(_ year: Int) -> Date {
    Date(timeIntervalSince1970: Double(GregorianDays.days(year: year, month: 1, day: 1)) * 86_400)
  }
}

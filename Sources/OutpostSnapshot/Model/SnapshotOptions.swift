import Foundation
import OutpostModel

/// How a snapshot is built: how much it shows, in which language and time zone.
public struct SnapshotOptions: Sendable, Equatable {
  /// How many upcoming items `snapshot.json` and the tooltip list.
  public var maxItems: Int
  /// The item kinds worth a place in a bar: the user's own games and calendar events, not the
  /// money side of an assignment (compensations) nor other people's exchange offers.
  public var kinds: [ItemKind]
  public var language: Language
  /// The zone the times are shown in (and whose midnight turns "tomorrow" into "today").
  public var timeZone: TimeZone
  /// A sync older than this is "stale".
  public var staleAfter: TimeInterval
  /// Titles longer than this are shortened with "…" in the one-line outputs.
  public var maxTitleLength: Int
  /// Kinds whose items count unread things, and the detail that holds the count
  /// (`conversation` → `unreadCount`): summed per account as "unread".
  public var unreadCounters: [ItemKind: String] = [:]

  public init(
    maxItems: Int = 5, kinds: [ItemKind] = [.assignment, .event], language: Language = .en,
    timeZone: TimeZone = .current, staleAfter: TimeInterval = 24 * 3600, maxTitleLength: Int = 48
  ) {
    self.maxItems = max(1, maxItems)
    self.kinds = kinds
    self.language = language
    self.timeZone = timeZone
    self.staleAfter = staleAfter
    self.maxTitleLength = max(8, maxTitleLength)
  }
}

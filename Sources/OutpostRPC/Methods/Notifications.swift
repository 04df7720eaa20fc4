import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One stored notification, as clients see it.
public struct NotificationInfo: Codable, Sendable, Equatable {
  public var id: Int64
  /// `reminder`, `new-assignment`, `changed`, `cancelled`, `exchange-taken`, `action-failed`,
  /// `queue-replayed`, `needs-login`.
  public var category: String
  /// The account's name, when the notification is about one.
  public var account: String?
  /// The item's number (`outpost show N`), when it is about one.
  public var item: Int64?
  public var summary: String
  public var body: String
  public var link: String?
  public var createdAt: Date
  public var readAt: Date?
  /// `shown` (on the desktop), `suppressed` (quiet hours or the category is off),
  /// `unavailable` (no notification server then), `pending`.
  public var delivery: String

  public init(
    id: Int64, category: String, account: String?, item: Int64?, summary: String, body: String, link: String?,
    createdAt: Date, readAt: Date?, delivery: String
  ) {
    self.id = id
    self.category = category
    self.account = account
    self.item = item
    self.summary = summary
    self.body = body
    self.link = link
    self.createdAt = createdAt
    self.readAt = readAt
    self.delivery = delivery
  }
}

/// `notifications.list`: the notification centre, newest first.
public enum NotificationsList: RPCMethod {
  public static let name = "notifications.list"

  public struct Params: Codable, Sendable, Equatable {
    public var unread: Bool?
    public var category: String?
    /// At most this many (default 50, at most 1000).
    public var limit: Int?

    public init(unread: Bool? = nil, category: String? = nil, limit: Int? = nil) {
      self.unread = unread
      self.category = category
      self.limit = limit
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var notifications: [NotificationInfo]
    /// Unread notifications in all (not only those listed).
    public var unread: Int

    public init(notifications: [NotificationInfo], unread: Int) {
      self.notifications = notifications
      self.unread = unread
    }
  }
}

/// `notifications.read`: marks notifications read (the ones given, or all).
public enum NotificationsRead: RPCMethod {
  public static let name = "notifications.read"

  public struct Params: Codable, Sendable, Equatable {
    public var ids: [Int64]?
    public var all: Bool?

    public init(ids: [Int64]? = nil, all: Bool? = nil) {
      self.ids = ids
      self.all = all
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var marked: Int
    public var unread: Int

    public init(marked: Int, unread: Int) {
      self.marked = marked
      self.unread = unread
    }
  }
}

/// `notifications.prefs`: which categories show on the desktop, and quiet hours; changes them
/// when asked (kept across restarts), and says whether a notification server is there.
public enum NotificationsPrefs: RPCMethod {
  public static let name = "notifications.prefs"

  public struct Params: Codable, Sendable, Equatable {
    public var enable: [String]?
    public var disable: [String]?
    /// `HH:MM-HH:MM` (local time; may wrap midnight), or `off`.
    public var quietHours: String?
    /// Enable and disable for this account only; the categories then say what shows for it.
    public var account: String?

    public init(
      enable: [String]? = nil, disable: [String]? = nil, quietHours: String? = nil, account: String? = nil
    ) {
      self.enable = enable
      self.disable = disable
      self.quietHours = quietHours
      self.account = account
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var categories: [Category]
    public var quietHours: String?
    /// Whether the desktop's notification server answered at the last try.
    public var available: Bool
    /// Its name and vendor, when known.
    public var server: String?

    public init(categories: [Category], quietHours: String?, available: Bool, server: String?) {
      self.categories = categories
      self.quietHours = quietHours
      self.available = available
      self.server = server
    }
  }

  public struct Category: Codable, Sendable, Equatable {
    public var name: String
    /// Shown on this desktop: on here, and (for one account) not off at its service.
    public var enabled: Bool
    /// The accounts whose own settings at the service have this category off (an Agile
    /// Network brand's toggles): nothing of theirs in it is shown, whatever this desktop says.
    public var offAtService: [String]?
    /// The accounts whose change of the category at the service waits in the queue (it could
    /// not be reached): `enabled` and `offAtService` already read as it will be once sent.
    public var waitingForService: [String]?
    public init(name: String, enabled: Bool, offAtService: [String]? = nil, waitingForService: [String]? = nil) {
      self.name = name
      self.enabled = enabled
      self.offAtService = offAtService
      self.waitingForService = waitingForService
    }
  }
}

/// One reminder, as clients see it.
public struct ReminderInfo: Codable, Sendable, Equatable {
  public var number: Int64
  /// The item's number, title and start.
  public var item: Int64
  public var title: String
  public var startsAt: Date?
  public var account: String
  /// `evening-before`, `before-start`, `deadline:<name>`.
  public var rule: String
  public var dueAt: Date
  public var snoozedUntil: Date?
  /// `pending`, `fired`, `missed`, `withdrawn`, `dismissed`.
  public var state: String
  /// A deadline rule's name in each language, as the item's kind declares it ("3 days before
  /// the due day"); absent for the other rules, which every client words itself.
  public var ruleLabel: LocalizedText?
  /// True when the item is a day rather than a moment (an invoice's due day): its day is
  /// shown, not the midnight it starts at. Absent otherwise.
  public var allDay: Bool?

  public init(
    number: Int64, item: Int64, title: String, startsAt: Date?, account: String, rule: String, dueAt: Date,
    snoozedUntil: Date?, state: String, ruleLabel: LocalizedText? = nil, allDay: Bool? = nil
  ) {
    self.ruleLabel = ruleLabel
    self.allDay = allDay
    self.number = number
    self.item = item
    self.title = title
    self.startsAt = startsAt
    self.account = account
    self.rule = rule
    self.dueAt = dueAt
    self.snoozedUntil = snoozedUntil
    self.state = state
  }
}

/// `reminders.list`: the reminders to come (with `all`, also those fired, missed, withdrawn
/// and dismissed in the last 7 days), soonest first.
public enum RemindersList: RPCMethod {
  public static let name = "reminders.list"

  public struct Params: Codable, Sendable, Equatable {
    public var all: Bool?
    public init(all: Bool? = nil) { self.all = all }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var reminders: [ReminderInfo]
    public init(reminders: [ReminderInfo]) { self.reminders = reminders }
  }
}

/// `reminders.snooze`: remind again after `duration` (`5m`, `15m`, `1h`, `1h30m`, `1d`).
public enum RemindersSnooze: RPCMethod {
  public static let name = "reminders.snooze"

  public struct Params: Codable, Sendable, Equatable {
    public var number: Int64
    public var duration: String

    public init(number: Int64, duration: String) {
      self.number = number
      self.duration = duration
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var reminder: ReminderInfo
    public init(reminder: ReminderInfo) { self.reminder = reminder }
  }
}

/// `reminders.dismiss`: this reminder will not fire (again).
public enum RemindersDismiss: RPCMethod {
  public static let name = "reminders.dismiss"

  public struct Params: Codable, Sendable, Equatable {
    public var number: Int64
    public init(number: Int64) { self.number = number }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var reminder: ReminderInfo
    public init(reminder: ReminderInfo) { self.reminder = reminder }
  }
}

/// `reminders.rules`: when assignments remind, for every account (the configuration's
/// `[reminders]`) and per account where the user changed it; changes one account's rules
/// when asked (kept across restarts).
public enum RemindersRules: RPCMethod {
  public static let name = "reminders.rules"

  public struct Params: Codable, Sendable, Equatable {
    /// The account to change; absent to only list.
    public var account: String?
    /// `HH:MM`, or `off`.
    public var eveningBefore: String?
    /// Minutes before the start; 0 for none.
    public var beforeMinutes: Int?
    /// Back to the configuration's rules for this account.
    public var reset: Bool?

    public init(account: String? = nil, eveningBefore: String? = nil, beforeMinutes: Int? = nil, reset: Bool? = nil) {
      self.account = account
      self.eveningBefore = eveningBefore
      self.beforeMinutes = beforeMinutes
      self.reset = reset
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// First the configuration's rules (no account), then each account's own.
    public var rules: [Rule]
    public init(rules: [Rule]) { self.rules = rules }
  }

  public struct Rule: Codable, Sendable, Equatable {
    public var account: String?
    /// The kind of item a rule of its own is for (one that declares its own time the evening
    /// before), with its noun in each language; absent for every other kind.
    public var kind: String?
    public var kindNoun: LocalizedText?
    /// `HH:MM`; absent when off.
    public var eveningBefore: String?
    /// Absent when off.
    public var beforeMinutes: Int?

    public init(
      account: String?, eveningBefore: String?, beforeMinutes: Int?, kind: String? = nil,
      kindNoun: LocalizedText? = nil
    ) {
      self.kind = kind
      self.kindNoun = kindNoun
      self.account = account
      self.eveningBefore = eveningBefore
      self.beforeMinutes = beforeMinutes
    }
  }
}

import Foundation

/// A parsed iCalendar feed: its name, its events, and what the parser had to skip or guess.
public struct ICalendar: Sendable, Equatable {
  /// `X-WR-CALNAME`, else `NAME` (RFC 7986).
  public var name: String?
  /// One entry per VEVENT, de-duplicated by UID and RECURRENCE-ID: recurring masters,
  /// single events and the overrides of single instances (those have a `recurrenceID`).
  public var events: [ICalEvent]
  /// Human-readable, never quoting event contents (they may be logged).
  public var warnings: [String]
  /// A VCALENDAR had no END before the input ended: the feed was most likely cut short, so its
  /// events are not the whole calendar (a sync must not read the missing ones as deleted).
  public var endedEarly: Bool

  public init(name: String? = nil, events: [ICalEvent] = [], warnings: [String] = [], endedEarly: Bool = false) {
    self.endedEarly = endedEarly
    self.name = name
    self.events = events
    self.warnings = warnings
  }
}

public enum ICalEventStatus: String, Sendable, Equatable {
  case tentative = "TENTATIVE"
  case confirmed = "CONFIRMED"
  case cancelled = "CANCELLED"
}

public struct ICalGeo: Sendable, Equatable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// A VALARM: only when it fires and how, not its text.
public struct ICalAlarm: Sendable, Equatable {
  public enum Trigger: Sendable, Equatable {
    /// Seconds from the start (negative: before it), or from the end with `RELATED=END`.
    case relative(seconds: Int, toEnd: Bool)
    case absolute(Date)
  }

  /// `DISPLAY`, `AUDIO`, `EMAIL`, …
  public var action: String?
  public var trigger: Trigger

  public init(action: String?, trigger: Trigger) {
    self.action = action
    self.trigger = trigger
  }

  /// When the alarm fires for an instance running from `start` to `end`.
  public func fireDate(start: Date, end: Date) -> Date {
    switch trigger {
    case .relative(let seconds, let toEnd): (toEnd ? end : start).addingTimeInterval(Double(seconds))
    case .absolute(let date): date
    }
  }
}

/// One VEVENT, with its times resolved to instants.
public struct ICalEvent: Sendable, Equatable {
  public var uid: String
  /// Set on an override of one instance of a recurring event: the start that instance had.
  public var recurrenceID: Date?
  public var summary: String?
  public var description: String?
  public var location: String?
  public var status: ICalEventStatus?
  /// The first instance's start and end. All-day events run from midnight to midnight in the
  /// zone the feed was parsed for.
  public var start: Date
  public var end: Date
  public var isAllDay: Bool
  public var geo: ICalGeo?
  public var url: String?
  public var sequence: Int
  public var lastModified: Date?
  public var categories: [String]
  public var alarms: [ICalAlarm]

  /// How the event repeats; nil for a single event.
  var recurrence: Recurrence?
  /// The start as written and the zone it is in, which expansion needs.
  var timing: Timing
  /// The RFC 5545 form of `recurrenceID` (`20260214T163000Z`, or `20260214` for a day).
  var recurrenceKey: String?

  /// Whether the event has a recurrence rule or extra dates.
  public var isRecurring: Bool { recurrence != nil }
}

/// One instance of an event in time.
public struct ICalOccurrence: Sendable, Equatable {
  /// The VEVENT describing this instance: the master, or the override that replaced it.
  public var event: ICalEvent
  public var start: Date
  public var end: Date
  /// For an instance of a recurring event: the start the rule gives it (its RECURRENCE-ID), which
  /// stays the same when the instance is moved. Nil for a single event.
  public var recurrenceID: Date?
  /// `recurrenceID` in RFC 5545 basic form, `20260214T163000Z` (UTC) or `20260214` for an
  /// all-day instance (a day, so that it does not change with the user's zone).
  public var recurrenceKey: String?

  public init(event: ICalEvent, start: Date, end: Date, recurrenceID: Date? = nil, recurrenceKey: String? = nil) {
    self.event = event
    self.start = start
    self.end = end
    self.recurrenceID = recurrenceID
    self.recurrenceKey = recurrenceKey
  }

  /// Whether the instance overlaps `window` (a zero-length instance: whether it lies in it).
  func overlaps(_ window: ClosedRange<Date>) -> Bool { spans(from: start, to: end, into: window) }
}

/// Where and how long an event is, as written: what expansion repeats.
struct Timing: Sendable, Equatable {
  var start: CivilDateTime
  var zone: TimeZone
  /// The length of each instance: nominal days (the same wall-clock time days later) plus exact
  /// seconds.
  var span: DurationValue

  /// The end of an instance starting at `civil`.
  func end(of civil: CivilDateTime) -> Date {
    CivilDateTime(date: civil.date.adding(days: span.days), secondOfDay: civil.secondOfDay).instant(in: zone)
      .addingTimeInterval(Double(span.seconds))
  }
}

/// RRULE, RDATE and EXDATE of a master event.
struct Recurrence: Sendable, Equatable {
  /// Nil when the rule is unsupported (only the first instance and RDATEs are kept).
  var rule: RecurrenceRule?
  var extraStarts: [Date] = []
  var excluded: Set<Date> = []
  /// EXDATEs written as days: every instance starting that day is excluded.
  var excludedDays: Set<CivilDate> = []
}

/// Whether an instance from `start` to `end` overlaps `window`; a zero-length one must lie in it.
func spans(from start: Date, to end: Date, into window: ClosedRange<Date>) -> Bool {
  start <= window.upperBound && (end > window.lowerBound || start >= window.lowerBound)
}

/// `20260214T163000Z`.
func utcBasicFormat(_ date: Date) -> String {
  let civil = CivilDateTime(date, in: ZoneResolver.utc)
  let time = civil.secondOfDay
  return civil.date.basicFormat + "T" + pad(time / 3600, 2) + pad(time / 60 % 60, 2) + pad(time % 60, 2) + "Z"
}

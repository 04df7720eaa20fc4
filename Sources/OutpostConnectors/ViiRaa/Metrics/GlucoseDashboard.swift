import Foundation
import OutpostModel

/// The ViiRaa dashboard (upstreams/viiraa.md §5.4): the latest reading and the today/week/month
/// windows, plus what other parts of the connector know (weight, activity, the next reminder,
/// unread insights), passed through as given.
public struct GlucoseDashboard: Sendable, Equatable {
  public struct Weight: Sendable, Equatable {
    public var kg: Double
    public var at: Date
    /// Against the latest reading at least 7 days older, if any.
    public var changeKg: Double?
    public init(kg: Double, at: Date, changeKg: Double? = nil) {
      self.kg = kg
      self.at = at
      self.changeKg = changeKg
    }
  }

  public struct Activity: Sendable, Equatable {
    public var steps: Int
    public var exerciseMinutes: Int
    public init(steps: Int, exerciseMinutes: Int) {
      self.steps = steps
      self.exerciseMinutes = exerciseMinutes
    }
  }

  public struct Reminder: Sendable, Equatable {
    public var title: String
    public var at: Date
    public init(title: String, at: Date) {
      self.title = title
      self.at = at
    }
  }

  public var asOf: Date
  public var latest: GlucoseLatest?
  public var today: GlucoseWindowMetrics
  public var week: GlucoseWindowMetrics
  public var month: GlucoseWindowMetrics
  public var weight: Weight?
  public var activity: Activity?
  public var nextReminder: Reminder?
  public var unreadInsights: Int?

  /// Anything but a fresh latest reading.
  public var stale: Bool { latest?.freshness != .fresh }

  /// Sorts only the month's CGM readings once; the windows are found by binary search and summed
  /// in single passes; the latest reading is one pass over everything.
  public init(
    readings: [GlucoseReading], now: Date, timeZone: TimeZone, weight: Weight? = nil, activity: Activity? = nil,
    nextReminder: Reminder? = nil, unreadInsights: Int? = nil
  ) {
    let monthInterval = GlucoseWindow.month.interval(now: now, timeZone: timeZone)
    let todayInterval = GlucoseWindow.today.interval(now: now, timeZone: timeZone)
    let earliest = min(monthInterval.start, todayInterval.start)
    let series = GlucoseSeries(readings: readings, from: earliest, through: now)
    func metrics(_ window: GlucoseWindow) -> GlucoseWindowMetrics {
      let interval = window.interval(now: now, timeZone: timeZone)
      return GlucoseWindowMetrics.compute(
        series: series, start: interval.start, end: interval.end, reportsGMI: window == .month)
    }
    self.asOf = now
    self.latest = GlucoseLatest.compute(readings: readings, now: now)
    self.today = metrics(.today)
    self.week = metrics(.week)
    self.month = metrics(.month)
    self.weight = weight
    self.activity = activity
    self.nextReminder = nextReminder
    self.unreadInsights = unreadInsights
  }

  public func window(_ window: GlucoseWindow) -> GlucoseWindowMetrics {
    switch window {
    case .today: return today
    case .week: return week
    case .month: return month
    }
  }

  /// `{"service":"viiraa","as_of":…,"stale":bool,"latest":{…},"windows":{"today":…,"week":…,
  /// "month":…},"weight":{…},"activity":{…},"next_reminder":{"title":…,"at":…},"unread_insights":n}`.
  /// Absent parts are null.
  public var json: JSONValue {
    var windows: [String: JSONValue] = [:]
    for window in GlucoseWindow.allCases { windows[window.rawValue] = self.window(window).json }
    let weightJSON: JSONValue =
      weight.map {
        .object([
          "kg": .double($0.kg), "at": .string(UTCTimestamp.format($0.at)),
          "change_kg": $0.changeKg.map { .double(GlucoseDisplay.tenths($0)) } ?? .null,
        ])
      } ?? .null
    let activityJSON: JSONValue =
      activity.map {
        .object(["steps": .int(Int64($0.steps)), "exercise_minutes": .int(Int64($0.exerciseMinutes))])
      } ?? .null
    let reminderJSON: JSONValue =
      nextReminder.map { .object(["title": .string($0.title), "at": .string(UTCTimestamp.format($0.at))]) } ?? .null
    return .object([
      "service": "viiraa", "as_of": .string(UTCTimestamp.format(asOf)), "stale": .bool(stale),
      "latest": latest?.json ?? .null, "windows": .object(windows), "weight": weightJSON, "activity": activityJSON,
      "next_reminder": reminderJSON, "unread_insights": unreadInsights.map { .int(Int64($0)) } ?? .null,
    ])
  }
}

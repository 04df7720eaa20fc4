import OutpostModel

/// Which reminders each kind of item gives. Built from the defaults, then the configuration's
/// `[reminders]` keys; an account may have rules of its own (`ReminderPlanner` takes them keyed
/// by account id), and the RPC may change them at run time.
public struct ReminderRules: Sendable, Equatable {
  /// At `time` on the evening before the item's (local) day.
  public struct EveningBefore: Sendable, Equatable {
    public var time: LocalTime
    /// Not given when the evening-before time is less than this before the start (a game just
    /// after midnight is reminded of by the before-start reminder alone).
    public var minimumLead: Duration

    public init(time: LocalTime, minimumLead: Duration = .seconds(3 * 3600)) {
      self.time = time
      self.minimumLead = minimumLead
    }
  }

  /// The reminders of one kind of item; nil turns a rule off.
  public struct KindRules: Sendable, Equatable {
    public var eveningBefore: EveningBefore?
    /// This long before the start.
    public var beforeStart: Duration?
    /// This long before each deadline a connector gives the item (`details.deadlines`), unless
    /// the connector says how long itself.
    public var deadlineLead: Duration?

    public init(eveningBefore: EveningBefore? = nil, beforeStart: Duration? = nil, deadlineLead: Duration? = nil) {
      self.eveningBefore = eveningBefore
      self.beforeStart = beforeStart
      self.deadlineLead = deadlineLead
    }

    /// No reminders at all.
    public static let none = KindRules()
  }

  /// Rules of the kinds named here; every other kind gets `otherKinds`.
  public var kinds: [ItemKind: KindRules]
  public var otherKinds: KindRules

  public init(kinds: [ItemKind: KindRules] = [:], otherKinds: KindRules = .none) {
    self.kinds = kinds
    self.otherKinds = otherKinds
  }

  public subscript(kind: ItemKind) -> KindRules {
    get { kinds[kind] ?? otherKinds }
    set { kinds[kind] = newValue }
  }

  /// The evening-before default: 20:00 local time.
  public static let defaultEveningTime = LocalTime(hour: 20, minute: 0)!

  /// What a kind that takes start reminders gets by default: the evening before at 20:00 (when
  /// that is at least 3 h before the start) and 60 min before the start; deadlines a day before.
  public static let startDefaults = KindRules(
    eveningBefore: EveningBefore(time: defaultEveningTime), beforeStart: .seconds(3600),
    deadlineLead: .seconds(86_400))

  /// `start` for each of `startKinds` (the kinds connectors declare as taking start reminders),
  /// and for every other kind only deadlines a day before: calendar events from feeds,
  /// exchange-board entries and compensations have no start reminders (a feed's events may
  /// well carry their own alarms in the user's calendar).
  public static func forStartKinds(_ startKinds: [ItemKind], start: KindRules = startDefaults) -> ReminderRules {
    ReminderRules(
      kinds: Dictionary(startKinds.map { ($0, start) }, uniquingKeysWith: { first, _ in first }),
      otherKinds: KindRules(deadlineLead: .seconds(86_400)))
  }

  /// The defaults with VolleyManager's assignments as the one kind of start reminders, as the
  /// tests of this module use them.
  public static let defaults = forStartKinds([.assignment])
}

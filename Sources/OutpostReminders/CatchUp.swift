import Foundation
import OutpostStore

/// What to do with reminders found due: on time, after a suspend, a clock jump or a restart.
public struct CatchUpDecision: Sendable, Equatable {
  /// Still useful: shown, as one notification.
  public var fire: [StoredReminder] = []
  /// Too late (past the cutoff, or their item began or its deadline passed): recorded, not shown.
  public var missed: [StoredReminder] = []
  /// Their item was cancelled or removed since they were planned: withdrawn, not shown.
  public var withdraw: [StoredReminder] = []

  public init(fire: [StoredReminder] = [], missed: [StoredReminder] = [], withdraw: [StoredReminder] = []) {
    self.fire = fire
    self.missed = missed
    self.withdraw = withdraw
  }

  public enum Presentation: Sendable, Equatable {
    case nothing
    case single(StoredReminder)
    /// Several at once: one notification that lists them.
    case grouped([StoredReminder])
  }

  public var presentation: Presentation {
    switch fire.count {
    case 0: .nothing
    case 1: .single(fire[0])
    default: .grouped(fire)
    }
  }
}

public enum CatchUp {
  /// How late a reminder may still be shown. Two hours: the evening-before reminder is still
  /// worth seeing at 22:00, not the next morning; the start rule stops earlier anyway, since
  /// nothing is shown once the item began.
  public static let defaultCutoff: Duration = .seconds(2 * 3600)

  /// Sorts `due` (those whose time is after `now` are left out of every list):
  /// - fire: due at most `cutoff` ago, and the moment it reminds of (`relevantUntil`) not yet
  ///   come; a snoozed reminder is the user's own choice of time, so only the cutoff applies;
  /// - missed: the others;
  /// - withdraw: those whose item was cancelled or removed meanwhile.
  public static func decide(due: [StoredReminder], now: Date, cutoff: Duration = defaultCutoff) -> CatchUpDecision {
    var decision = CatchUpDecision()
    for reminder in due where reminder.effectiveDueAt <= now {
      if reminder.item.removedAt != nil || reminder.item.item.status == .cancelled {
        decision.withdraw.append(reminder)
        continue
      }
      let inTime = now.timeIntervalSince(reminder.effectiveDueAt) <= cutoff.timeInterval
      let stillAhead = reminder.snoozedUntil != nil || relevantUntil(reminder).map { now < $0 } ?? true
      if inTime && stillAhead {
        decision.fire.append(reminder)
      } else {
        decision.missed.append(reminder)
      }
    }
    return decision
  }

  /// The moment after which the reminder is pointless: its deadline for a deadline rule, the
  /// item's start otherwise (nil: none).
  public static func relevantUntil(_ reminder: StoredReminder) -> Date? {
    if let name = ReminderRuleKind.deadlineName(of: reminder.rule) {
      return ReminderPlanner.deadlines(of: reminder.item.item).first { $0.name == name }?.at
    }
    return reminder.item.item.startsAt
  }
}

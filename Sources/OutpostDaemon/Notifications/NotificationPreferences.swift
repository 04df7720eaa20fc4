import Foundation
import OutpostModel
import OutpostStore

/// Which notifications reach the desktop. Every notification is stored either way (the centre
/// lists it); these only decide whether it is shown. The config gives the defaults,
/// `notifications.prefs` changes them, kept in the store's meta table.
struct NotificationPreferences: Codable, Sendable, Equatable {
  /// Categories off for every account (`new-message`), or for one (`<account id>/new-message`).
  var disabled: Set<String> = []
  /// Local times; the range may wrap midnight (22:00–07:00).
  var quietHours: QuietHours?

  static let metaKey = "notification-prefs"

  /// On for everyone and, when an account is named, for that account too.
  func enabled(_ category: String, accountID: String?) -> Bool {
    !disabled.contains(category) && !(accountID.map { disabled.contains(Self.key(category, accountID: $0)) } ?? false)
  }

  static func key(_ category: String, accountID: String) -> String { accountID + "/" + category }

  func shows(_ category: NotificationCategory, accountID: String? = nil, at date: Date, timeZone: TimeZone) -> Bool {
    guard enabled(category.rawValue, accountID: accountID) else { return false }
    return !isQuiet(at: date, timeZone: timeZone)
  }

  func isQuiet(at date: Date, timeZone: TimeZone) -> Bool { quietHours?.contains(date, timeZone: timeZone) ?? false }
}

/// `HH:MM-HH:MM`.
struct QuietHours: Codable, Sendable, Equatable, CustomStringConvertible {
  var start: Int  // minutes after midnight
  var end: Int

  init?(_ text: String) {
    let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end else {
      return nil
    }
    self.start = start
    self.end = end
  }

  static func minutes(_ text: String) -> Int? {
    (try? LocalTime.parse(text)).map { $0.hour * 60 + $0.minute }
  }

  func contains(_ date: Date, timeZone: TimeZone) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let now = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    return start < end ? (start..<end).contains(now) : (now >= start || now < end)
  }

  var description: String {
    String(format: "%02d:%02d-%02d:%02d", start / 60, start % 60, end / 60, end % 60)
  }
}

import Foundation
import OutpostStore
import Testing

@testable import OutpostDaemon

/// Categories switched off for everyone or for one account: what reaches the desktop.
@Suite struct NotificationPreferencesTests {
  @Test func aCategoryOffForOneAccountStaysOnForTheOthers() {
    var preferences = NotificationPreferences()
    preferences.disabled = [NotificationPreferences.key("new-message", accountID: "work"), "changed"]
    let message = NotificationCategory(rawValue: "new-message")
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    #expect(!preferences.shows(message, accountID: "work", at: now, timeZone: .gmt))
    #expect(preferences.shows(message, accountID: "home", at: now, timeZone: .gmt))
    #expect(preferences.shows(message, at: now, timeZone: .gmt))
    // Off for everyone is off for each account too.
    #expect(!preferences.shows(NotificationCategory(rawValue: "changed"), accountID: "home", at: now, timeZone: .gmt))
    #expect(!preferences.enabled("changed", accountID: "work") && preferences.enabled("new-message", accountID: nil))
  }
}

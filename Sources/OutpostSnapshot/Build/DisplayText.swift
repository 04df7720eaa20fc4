import Foundation
import OutpostModel

/// The words of a snapshot: the bar's line, its short form and the tooltip. Plain text; the
/// renderers escape it for their bar.
struct DisplayText {
  let options: SnapshotOptions
  let labels: TimeLabels
  let now: Date
  var localizer: SnapshotLocalizer { labels.localizer }

  func display(_ snapshot: Snapshot, headline: StoredItem?, staleSince: Date?) -> Snapshot.Display {
    let main: String
    if snapshot.accounts.isEmpty {
      main = localizer(.setUp)
    } else if let headline, let start = labels.start(of: headline.item, now: now) {
      main = start + " " + Self.oneLine(headline.item.title, limit: options.maxTitleLength)
    } else if !snapshot.accounts.contains(where: \.everSynced) {
      main = localizer(.notSyncedYet)
    } else {
      main = localizer(.nothingUpcoming)
    }
    var notes: [String] = []
    // The services' own words (a reading and time in range), named when there are several.
    let summarised = snapshot.accounts.filter { $0.service != nil }
    for account in summarised {
      let text = Self.oneLine(account.service!.text, limit: nil)
      notes.append(summarised.count > 1 ? "\(account.name): \(text)" : text)
    }
    if let word = stateWord(snapshot.status) {
      // Among several accounts, the one the word is about is named when it is the only one
      // ("books: error"): a bare "error" left the user guessing which.
      let named = snapshot.accounts.filter { $0.state != .ok && SnapshotStatus($0.state) == snapshot.status }
      notes.append(snapshot.accounts.count > 1 && named.count == 1 ? "\(named[0].name): \(word)" : word)
    }
    if let staleSince { notes.append(staleness(since: staleSince)) }
    let short =
      stateWord(snapshot.status) ?? headline.flatMap { labels.start(of: $0.item, now: now) } ?? main
    return Snapshot.Display(
      text: ([main] + notes).joined(separator: " · "), shortText: short,
      tooltip: tooltip(snapshot, main: main), alt: snapshot.classes[0],
      percentage: percentage(headline))
  }

  /// "Last updated 26 h ago", in days from 48 h on (so it changes daily, not hourly, after that).
  func staleness(since date: Date) -> String {
    let age = now.timeIntervalSince(date) + 0.001
    let hours = Int(age / 3600)
    return hours < 48 ? localizer(.lastUpdatedHours, "\(hours)") : localizer(.lastUpdatedDays, "\(hours / 24)")
  }

  /// The words for an account problem, or nil for the states the main text already tells.
  func stateWord(_ status: SnapshotStatus) -> String? {
    switch status {
    case .needsLogin: localizer(.stateNeedsLogin)
    case .keyringLocked: localizer(.stateKeyringLocked)
    case .offline: localizer(.stateOffline)
    case .error: localizer(.stateError)
    case .neverSynced, .stale, .ok: nil
    }
  }

  private func tooltip(_ snapshot: Snapshot, main: String) -> [String] {
    let severalAccounts = Set(snapshot.next.map(\.accountID)).count > 1
    var lines = snapshot.next.map { entry in
      var line = entry.startLabel + "  " + Self.oneLine(entry.title, limit: nil)
      if let venue = entry.venue, !venue.isEmpty { line += " — " + Self.oneLine(venue, limit: nil) }
      if severalAccounts { line += " [\(entry.account)]" }
      switch entry.status {
      case .cancelled: line += " (\(localizer(.statusCancelled)))"
      case .applied: line += " (\(localizer(.statusApplied)))"
      case .active, .closed: break
      }
      return line
    }
    if lines.isEmpty || snapshot.next.allSatisfy({ $0.status == .cancelled }) { lines.insert(main, at: 0) }
    if !snapshot.accounts.isEmpty { lines.append("") }
    for account in snapshot.accounts {
      lines.append(accountLine(account))
      if let service = account.service { lines.append("  " + Self.oneLine(service.text, limit: nil)) }
    }
    if snapshot.pendingActions > 0 { lines.append(localizer(.pendingActions, "\(snapshot.pendingActions)")) }
    if snapshot.conflicts > 0 { lines.append(localizer(.conflicts, "\(snapshot.conflicts)")) }
    if snapshot.unread > 0 { lines.append(localizer(.unreadMessages, "\(snapshot.unread)")) }
    if snapshot.unreadNotifications > 0 {
      lines.append(localizer(.unreadNotifications, "\(snapshot.unreadNotifications)"))
    }
    return lines
  }

  /// "volley: needs login — run `outpost account login volley`, last sync Sat 12 Dec 19:30". The
  /// sync time is absolute: a relative one would need a rewrite every hour.
  private func accountLine(_ account: Snapshot.AccountEntry) -> String {
    var line = account.name + ": "
    switch account.state {
    case .ok: line += localizer(.stateOK)
    case .needsLogin: line += localizer(.stateNeedsLogin) + " — " + localizer(.hintLogin, account.name)
    case .keyringLocked: line += localizer(.stateKeyringLocked) + " — " + localizer(.hintUnlock)
    case .offline: line += localizer(.stateOffline) + " — " + localizer(.hintOffline)
    case .error:
      line += localizer(.stateError)
      if let reason = account.reason, !reason.isEmpty { line += " — " + Self.oneLine(reason, limit: 120) }
    }
    if let last = account.lastSync {
      line += ", " + localizer(.accountLastSync, labels.absolute(last))
    } else if !account.everSynced {
      line += ", " + localizer(.accountNeverSynced)
    }
    return line
  }

  private func percentage(_ headline: StoredItem?) -> Int {
    guard let start = headline?.item.startsAt else { return 0 }
    switch labels.daysBetween(now, start) {
    case 0: return 100
    case 1: return 50
    default: return 0
    }
  }

  /// Control characters (a newline in a title would end the bar's line) become spaces; runs of
  /// spaces shrink to one; the result is cut at `limit` characters with "…".
  static func oneLine(_ text: String, limit: Int?) -> String {
    var result = ""
    var lastWasSpace = false
    for character in text {
      let isSpace =
        character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
      if isSpace {
        if !lastWasSpace && !result.isEmpty { result.append(" ") }
      } else {
        result.append(character)
      }
      lastWasSpace = isSpace
    }
    while result.last == " " { result.removeLast() }
    if let limit, result.count > limit { result = String(result.prefix(limit - 1)) + "…" }
    return result
  }
}

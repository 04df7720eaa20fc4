import Foundation
import OutpostModel

/// `snapshot.json`: the whole snapshot for scripts, snake_case, sorted keys, times in UTC
/// ISO 8601 (whole seconds). Absent values are `null` rather than missing, so that `jq .x` never
/// has to guess. `rpc-schema/snapshot.schema.json` describes it; a new field is fine within
/// version 1, a changed or removed one needs version 2.
enum SnapshotJSON {
  static func render(_ snapshot: Snapshot) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let bytes = (try? encoder.encode(Document(snapshot))).map(Array.init) ?? Array("{}".utf8)
    return bytes + [0x0A]
  }

  struct Document: Encodable {
    let snapshot: Snapshot
    init(_ snapshot: Snapshot) { self.snapshot = snapshot }

    enum Key: String, CodingKey {
      case version, state, classes, text, next, accounts, conflicts, unread
      case shortText = "short_text"
      case pendingActions = "pending_actions"
      case unreadNotifications = "unread_notifications"
      case validUntil = "valid_until"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(snapshot.version, forKey: .version)
      try container.encode(snapshot.status.rawValue, forKey: .state)
      try container.encode(snapshot.classes, forKey: .classes)
      try container.encode(snapshot.display.text, forKey: .text)
      try container.encode(snapshot.display.shortText, forKey: .shortText)
      try container.encode(snapshot.next.map(Item.init), forKey: .next)
      try container.encode(snapshot.accounts.map(Account.init), forKey: .accounts)
      try container.encode(snapshot.pendingActions, forKey: .pendingActions)
      try container.encode(snapshot.conflicts, forKey: .conflicts)
      try container.encode(snapshot.unreadNotifications, forKey: .unreadNotifications)
      try container.encode(snapshot.unread, forKey: .unread)
      try container.encode(snapshot.validUntil, forKey: .validUntil)
    }
  }

  struct Item: Encodable {
    let entry: Snapshot.Entry
    init(_ entry: Snapshot.Entry) { self.entry = entry }

    enum Key: String, CodingKey {
      case id, link, kind, title, start, end, venue, account, status
      case startLabel = "start_label"
      case accountID = "account_id"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(entry.id, forKey: .id)
      try container.encode(entry.link, forKey: .link)
      try container.encode(entry.kind.rawValue, forKey: .kind)
      try container.encode(entry.title, forKey: .title)
      try container.encode(entry.start, forKey: .start)
      try container.encode(entry.end, forKey: .end)
      try container.encode(entry.startLabel, forKey: .startLabel)
      try container.encode(entry.venue, forKey: .venue)
      try container.encode(entry.account, forKey: .account)
      try container.encode(entry.accountID, forKey: .accountID)
      try container.encode(entry.status.rawValue, forKey: .status)
    }
  }

  struct Account: Encodable {
    let account: Snapshot.AccountEntry
    init(_ account: Snapshot.AccountEntry) { self.account = account }

    enum Key: String, CodingKey {
      case id, name, kind, state, reason, stale, conflicts, unread, summary, service
      case lastSync = "last_sync"
      case everSynced = "ever_synced"
      case pendingActions = "pending_actions"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(account.id, forKey: .id)
      try container.encode(account.name, forKey: .name)
      try container.encode(account.kind, forKey: .kind)
      try container.encode(account.state.rawValue, forKey: .state)
      try container.encode(account.reason, forKey: .reason)
      try container.encode(account.lastSync, forKey: .lastSync)
      try container.encode(account.everSynced, forKey: .everSynced)
      try container.encode(account.stale, forKey: .stale)
      try container.encode(account.pendingActions, forKey: .pendingActions)
      try container.encode(account.conflicts, forKey: .conflicts)
      try container.encode(account.unread, forKey: .unread)
      try container.encode(account.service?.text, forKey: .summary)
      try container.encode(account.service?.block ?? .null, forKey: .service)
    }
  }
}

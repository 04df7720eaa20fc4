import Foundation
import OutpostModel

/// Compares what a service lists now with what the store holds, and decides the writes. Pure,
/// so that the rules (what counts as a change, what looks like a wipe) are tested on their own.
struct ItemDiff {
  /// What the store holds, read without decoding the details: only items whose fingerprint
  /// differs are read in full (`load`).
  struct Existing {
    var number: Int64
    var kind: ItemKind
    var upstreamID: String
    var startsAt: Date?
    var fingerprint: String
    var removed: Bool
  }

  /// `incoming`: the item's position in the incoming list (its serialised details are there).
  enum Write {
    case insert(Item, fingerprint: String, incoming: Int)
    case update(number: Int64, Item, fingerprint: String, incoming: Int, revive: Bool)
    case markRemoved(number: Int64)
  }

  var writes: [Write] = []
  /// Changes for `insert`s carry number 0; the store fills in the new numbers.
  var changes: [ItemChange] = []
  /// Kinds whose empty list was not believed (see `compute`).
  var suspectedWipes: [ItemKind] = []

  /// `complete`: the kinds the incoming list covers fully; only those can lose items, and only
  /// items inside `window` (or without a date). An empty list for a kind that has two or more
  /// items in the window is taken for a failed reply, not for a wipe: nothing is removed.
  /// `keeps`: whether the retention keeps an item; one it would purge is not inserted (it is
  /// news to nobody, and the next purge would only remove it again).
  static func compute(
    existing: [Existing], incoming: [Item], fingerprints: [String], complete: Set<ItemKind>, window: SyncWindow,
    removed: [ItemKey] = [], alsoListed: Set<ItemKind> = [], keeps: (Item) -> Bool = { _ in true },
    load: (Int64) throws -> Item?
  ) rethrows -> ItemDiff {
    var diff = ItemDiff()
    var byKey: [String: Existing] = [:]
    for entry in existing { byKey[key(entry.kind, entry.upstreamID)] = entry }
    var seen = Set<String>()
    for (position, (item, fingerprint)) in zip(incoming, fingerprints).enumerated() {
      let itemKey = key(item.kind, item.upstreamID)
      guard seen.insert(itemKey).inserted else { continue }  // a service listing one twice
      guard let old = byKey[itemKey] else {
        guard keeps(item) else { continue }
        diff.writes.append(.insert(item, fingerprint: fingerprint, incoming: position))
        diff.changes.append(ItemChange(number: 0, kind: item.kind, upstreamID: item.upstreamID, change: .new))
        continue
      }
      if old.removed {
        diff.writes.append(
          .update(number: old.number, item, fingerprint: fingerprint, incoming: position, revive: true))
        diff.changes.append(ItemChange(number: old.number, kind: item.kind, upstreamID: item.upstreamID, change: .new))
      } else if old.fingerprint != fingerprint {
        diff.writes.append(
          .update(number: old.number, item, fingerprint: fingerprint, incoming: position, revive: false))
        let previous = try load(old.number)
        let fields = previous.map { changedFields($0, item) } ?? ["details"]
        let change: ItemChange.Kind =
          item.status == .cancelled && previous?.status != .cancelled ? .cancelled : .changed
        diff.changes.append(
          ItemChange(number: old.number, kind: item.kind, upstreamID: item.upstreamID, change: change, fields: fields))
      }
    }
    // Deleted at the service, by name (a change listing's tombstones); an item listed again in
    // the same answer stays.
    for gone in removed where !seen.contains(key(gone.kind, gone.upstreamID)) {
      guard let old = byKey[key(gone.kind, gone.upstreamID)], !old.removed else { continue }
      seen.insert(key(gone.kind, gone.upstreamID))
      diff.writes.append(.markRemoved(number: old.number))
      diff.changes.append(ItemChange(number: old.number, kind: old.kind, upstreamID: old.upstreamID, change: .removed))
    }
    // A kind listed as series points (a service's own change of storage) is not an empty list.
    let incomingKinds = Set(incoming.map(\.kind)).union(alsoListed)
    for kind in complete.sorted(by: { $0.rawValue < $1.rawValue }) {
      let held = existing.filter { $0.kind == kind && !$0.removed && ($0.startsAt.map(window.contains) ?? true) }
      let gone = held.filter { !seen.contains(key($0.kind, $0.upstreamID)) }
      if gone.isEmpty { continue }
      if !incomingKinds.contains(kind) && held.count >= 2 {
        diff.suspectedWipes.append(kind)
        continue
      }
      for entry in gone {
        diff.writes.append(.markRemoved(number: entry.number))
        diff.changes.append(
          ItemChange(number: entry.number, kind: kind, upstreamID: entry.upstreamID, change: .removed))
      }
    }
    return diff
  }

  static func key(_ kind: ItemKind, _ upstreamID: String) -> String { kind.rawValue + "\u{1F}" + upstreamID }

  static func changedFields(_ old: Item, _ new: Item) -> [String] {
    var fields: [String] = []
    if old.startsAt != new.startsAt || old.endsAt != new.endsAt { fields.append("time") }
    if old.location != new.location { fields.append("venue") }
    if old.status != new.status { fields.append("status") }
    if old.title != new.title { fields.append("title") }
    if old.details != new.details || old.link != new.link { fields.append("details") }
    // Which details, by key (`details.stage`), so a kind can announce one step of many.
    if case .object(let before) = old.details, case .object(let after) = new.details, before != after {
      for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
        fields.append("details." + key)
      }
    }
    return fields
  }
}

/// A stable digest of an item's content (FNV-1a over a canonical serialisation: each field,
/// then the details as sorted-key JSON): equal items, equal fingerprints, so an unchanged item
/// costs no write.
enum Fingerprint {
  /// `details`: the item's details serialised (`JSONValue.serialized`), which the store writes too.
  static func of(_ item: Item, details: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
      for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      hash ^= 0x1F
      hash = hash &* 0x0000_0100_0000_01B3
    }
    mix(item.title.utf8)
    mix(String(item.startsAt?.timeIntervalSince1970 ?? -1).utf8)
    mix(String(item.endsAt?.timeIntervalSince1970 ?? -1).utf8)
    mix((item.location ?? "\u{0}").utf8)
    mix(item.status.rawValue.utf8)
    mix((item.link ?? "\u{0}").utf8)
    mix(details.utf8)
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

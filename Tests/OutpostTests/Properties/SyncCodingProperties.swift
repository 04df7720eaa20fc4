import Foundation
import OutpostModel
import OutpostRPC
import PropertyBased
import Testing

/// The CLI writes `sync.run`'s and `items.list`'s params and reads `sync.run`'s reply by hand
/// (`JSONDirectlyEncodable`/`-Decodable`): against Foundation's coders, which go through the
/// synthesized `Codable`, the same bytes for any params, and for any reply, intact or damaged,
/// the same values read (from a tree and in place from the bytes) and the same field blamed.
@Suite struct SyncCodingProperties {
  static func optional<T>(
    using rng: inout any SeededRandomNumberGenerator, _ make: (inout any SeededRandomNumberGenerator) -> T
  ) -> T? {
    DirectJSONCodingProperties.optional(using: &rng, make)
  }

  static let itemsParams = Generator<ItemsList.Params, Shrink.None<ItemsList.Params>> { rng in
    ItemsList.Params(
      account: optional(using: &rng) { JSONSampler.string(using: &$0) },
      kinds: optional(using: &rng) { rng in
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in JSONSampler.string(using: &rng) }
      },
      from: optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      to: optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      service: optional(using: &rng) { JSONSampler.string(using: &$0) },
      statuses: optional(using: &rng) { rng in
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in ItemStatus.allCases.randomElement(using: &rng)! }
      },
      text: optional(using: &rng) { JSONSampler.string(using: &$0) },
      appointments: optional(using: &rng) { Bool.random(using: &$0) },
      details: optional(using: &rng) { Bool.random(using: &$0) })
  }

  @Test func paramsAreWrittenAsFoundationWritesThem() async {
    await propertyCheck(count: 400, input: Self.itemsParams) { params throws in
      let ours = try JSONCoding.encode(params)
      #expect(
        String(decoding: ours, as: UTF8.self)
          == String(decoding: try JSONCoding.encoder().encode(params), as: UTF8.self))
      let sync = SyncRun.Params(account: params.account, wait: params.appointments, full: params.details)
      let syncBytes = try JSONCoding.encode(sync)
      #expect(
        String(decoding: syncBytes, as: UTF8.self)
          == String(decoding: try JSONCoding.encoder().encode(sync), as: UTF8.self))
      // What the daemon reads back is what was sent (dates to the second).
      #expect(try JSONCoding.encode(JSONCoding.decode(ItemsList.Params.self, from: ours)) == ours)
    }
  }

  static func accountSync(using rng: inout any SeededRandomNumberGenerator) -> SyncRun.AccountSync {
    SyncRun.AccountSync(
      account: JSONSampler.string(using: &rng),
      outcome: [SyncRun.AccountSync.Outcome.started, .synced, .notModified, .failed, .unsupported]
        .randomElement(using: &rng)!,
      error: optional(using: &rng) { JSONSampler.string(using: &$0) },
      retryAt: optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      changes: optional(using: &rng) { rng in
        .init(
          new: Int.random(in: 0...9, using: &rng), changed: Int.random(in: 0...9, using: &rng),
          cancelled: Int.random(in: 0...9, using: &rng), removed: Int.random(in: 0...9, using: &rng))
      },
      points: optional(using: &rng) { rng in
        .init(stored: Int.random(in: 0...99, using: &rng), removed: Int.random(in: 0...9, using: &rng))
      },
      parked: optional(using: &rng) { Bool.random(using: &$0) })
  }

  /// A reply with one member of its first account removed or replaced (at the top of it, or in
  /// `changes` or `points`), or the reply's own member.
  static let damaged = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    let reply = SyncRun.Result(accounts: (0..<Int.random(in: 1...3, using: &rng)).map { _ in accountSync(using: &rng) })
    guard case .object(var members) = try! JSONTreeEncoder.encode(reply),
      case .array(var accounts)? = members["accounts"], case .object(var first) = accounts[0]
    else { return .null }
    let replacement = DecodingAgreement.replacement(
      near: ["2026-11-27T10:00:00Z", "2026-02-30T10:00:00Z", "synced", "not-modified"], using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: members["accounts"] = replacement
    case 1 where first["changes"] != nil:
      guard case .object(var changes)? = first["changes"] else { break }
      changes[["new", "changed", "cancelled", "removed"].randomElement(using: &rng)!] = replacement
      first["changes"] = .object(changes)
    case 2 where first["points"] != nil:
      guard case .object(var points)? = first["points"] else { break }
      points[["stored", "removed"].randomElement(using: &rng)!] = replacement
      first["points"] = .object(points)
    default:
      first[["account", "outcome", "error", "retryAt", "changes", "points", "parked"].randomElement(using: &rng)!] =
        replacement
    }
    if members["accounts"] != nil, case .array = members["accounts"]! {
      accounts[0] = .object(first)
      members["accounts"] = .array(accounts)
    }
    return .object(members)
  }

  @Test func repliesAreReadAsFoundationReadsThem() async {
    await propertyCheck(count: 1500, input: Self.damaged) { drawn throws in
      try DecodingAgreement.check(SyncRun.Result.self, drawn)
    }
  }
}

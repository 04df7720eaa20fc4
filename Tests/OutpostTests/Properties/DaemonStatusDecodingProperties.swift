import Foundation
import OutpostModel
import OutpostRPC
import PropertyBased
import Testing

/// `daemon.status`' reply is read by hand (`JSONDirectlyDecodable`, what `outpost status` reads):
/// for any reply, intact or damaged at the top, in `counts` or in a component, the same values
/// as Foundation's decoder, which goes through the synthesized `Decodable`, from a tree and in
/// place from the bytes, and the same field blamed.
@Suite struct DaemonStatusDecodingProperties {
  static func status(using rng: inout any SeededRandomNumberGenerator) -> DaemonStatus.Result {
    let components = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
      var component = DaemonStatus.Component(
        name: JSONSampler.string(using: &rng),
        health: [DaemonStatus.Component.Health.ok, .degraded, .failed].randomElement(using: &rng)!,
        detail: DirectJSONCodingProperties.optional(using: &rng) { JSONSampler.string(using: &$0) })
      // The lines as phrases (API 1.18): a fresh-eyes tester saw `outpost status` drop them.
      component.detailPhrases = DirectJSONCodingProperties.optional(using: &rng) { rng in
        [
          Phrase("status.noNotificationServer"),
          Phrase("status.account", .text(JSONSampler.string(using: &rng)), .phrase(Phrase("accountState.offline"))),
        ]
      }
      return component
    }
    return DaemonStatus.Result(
      version: JSONSampler.string(using: &rng), pid: [Int32.max, 1, 4242].randomElement(using: &rng)!,
      startedAt: JSONCodingProperties.date(using: &rng),
      uptimeSeconds: [0, 1.5, 86_400.123, 1e9].randomElement(using: &rng)!, socketPath: JSONSampler.string(using: &rng),
      storePath: JSONSampler.string(using: &rng), configPath: JSONSampler.string(using: &rng),
      counts: .init(
        connections: Int.random(in: 0...9, using: &rng), subscribers: Int.random(in: 0...9, using: &rng),
        eventsRetained: Int.random(in: 0...10_000, using: &rng),
        lastEventSeq: [Int64.max, 0, 77].randomElement(using: &rng)!),
      components: components)
  }

  /// A reply's JSON with one member removed or replaced: at the top, in `counts` or in a
  /// component.
  static let damaged = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    guard case .object(var members) = try! JSONTreeEncoder.encode(status(using: &rng)) else { return .null }
    let replacement = DecodingAgreement.replacement(
      near: ["2026-11-27T10:00:00Z", "2026-02-30T10:00:00Z", "ok", "degraded"], using: &rng)
    let place = Int.random(in: 0..<3, using: &rng)
    if place == 1, case .object(var counts)? = members["counts"] {
      counts[["connections", "subscribers", "eventsRetained", "lastEventSeq"].randomElement(using: &rng)!] =
        replacement
      members["counts"] = .object(counts)
    } else if place == 2, case .array(var components)? = members["components"], !components.isEmpty,
      case .object(var component) = components[0]
    {
      component[["name", "health", "detail"].randomElement(using: &rng)!] = replacement
      components[0] = .object(component)
      members["components"] = .array(components)
    } else {
      let names = [
        "version", "pid", "startedAt", "uptimeSeconds", "socketPath", "storePath", "configPath", "counts", "components",
      ]
      members[names.randomElement(using: &rng)!] = replacement
    }
    return .object(members)
  }

  @Test func readsAnyReplyAsFoundationDoes() async {
    await propertyCheck(count: 1500, input: Self.damaged) { drawn throws in
      try DecodingAgreement.check(DaemonStatus.Result.self, drawn)
    }
  }

  /// Undamaged, every reply reads back as it was written (dates to the second).
  @Test func readsWhatTheDaemonWrites() async {
    let replies = Generator<DaemonStatus.Result, Shrink.None<DaemonStatus.Result>> { rng in Self.status(using: &rng) }
    await propertyCheck(count: 300, input: replies) { reply throws in
      let bytes = try JSONCoding.encode(reply)
      let ours = try JSONCoding.decode(DaemonStatus.Result.self, from: bytes)
      #expect(try JSONCoding.encode(ours) == bytes)
      #expect(ours == (try JSONCoding.decoder().decode(DaemonStatus.Result.self, from: Data(bytes))))
    }
  }
}

import Foundation
import OutpostModel
import PropertyBased
import Testing

/// What the properties of the hand-written decoders share (`JSONDirectlyDecodable`: an agenda's
/// entries and lines, `daemon.status`' and `sync.run`'s replies): how a member is damaged, and
/// the check that a damaged document reads the same three ways.
enum DecodingAgreement {
  /// A damaged member's new value: none (removed), null, a string that is nearly right (`near`),
  /// a number of the wrong kind or size, a bool, or any JSON.
  static func replacement(near: [String], using rng: inout any SeededRandomNumberGenerator) -> JSONValue? {
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: nil
    case 1: .null
    case 2: .string((near + ["", "12", "gone"]).randomElement(using: &rng)!)
    case 3: .double([1.5, 1e3, 1e19, -0.0, 3e9].randomElement(using: &rng)!)
    case 4: .int([Int64.max, Int64(Int32.max) + 1, -1, 0].randomElement(using: &rng)!)
    case 5: .bool(Bool.random(using: &rng))
    default: JSONSampler.sample(depth: 2, using: &rng)
    }
  }

  /// `drawn` read as a tree, in place from its bytes (`JSONTape`, the CLI's way) and by
  /// Foundation's decoder (the synthesized `Decodable`): the same values (`same`), or errors
  /// that say the same (tree and tape: the same text; Foundation: the same kind and path, as it
  /// reports a number that does not fit without a field, which ours names).
  static func check<T>(
    _ drawn: JSONValue, tree: (JSONValue) throws -> T, inPlace: ([UInt8]) throws -> T,
    foundation: (Data) throws -> T, same: (T, T) -> Bool
  ) throws {
    // The tree read is the one the bytes make (a whole double is written as an integer).
    let json = try JSONParser.parse(drawn.serialized)
    let ours = Result { try tree(json) }
    let tape = Result { try inPlace(json.serialized) }
    let reference = Result { try foundation(Data(json.serialized)) }
    switch (ours, tape) {
    case (.success(let fromTree), .success(let fromTape)):
      #expect(same(fromTree, fromTape), "\(fromTree)\n\(fromTape)")
    case (.failure(let fromTree), .failure(let fromTape)): #expect("\(fromTree)" == "\(fromTape)")
    default: Issue.record("tree: \(ours)\ntape: \(tape)")
    }
    switch (ours, reference) {
    case (.success(let mine), .success(let theirs)): #expect(same(mine, theirs), "\(mine)\n\(theirs)")
    case (.failure(let mine), .failure(let theirs)):
      guard let theirs = theirs as? DecodingError, let kind = JSONCodingProperties.kindAndPath(theirs) else { return }
      #expect(JSONCodingProperties.kindAndPath(mine as? DecodingError) == kind, "\(mine)\n\(theirs)")
    default:
      Issue.record(
        "ours: \(ours)\nFoundation: \(reference)\ninput: \(String(decoding: json.serialized, as: UTF8.self))")
    }
  }

  /// `check` for a type read whole, compared with `==`.
  static func check<T: Decodable & Equatable>(_ type: T.Type, _ drawn: JSONValue) throws {
    try check(
      drawn, tree: { try JSONCoding.convert($0, to: T.self) }, inPlace: { try JSONCoding.decode(T.self, from: $0) },
      foundation: { try JSONCoding.decoder().decode(T.self, from: $0) }, same: ==)
  }
}

import FuzzSupport
import OutpostModel

/// The JSON parser every RPC frame and every upstream reply goes through. Whatever it accepts
/// must write back to text that parses to the same value, and writing is stable. The one thing
/// writing drops on purpose is a whole double's fraction (`1e3` is written `1000`, as
/// JSONEncoder does), so values are compared with whole doubles read as integers.
@_cdecl("fuzz_json_main")
public func fuzzJSON(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    let parsed = try? JSONParser.parse(bytes)
    // `parseMembers` (what the store reads of an item's details for a one-line view) never
    // crashes, and on what `parse` accepts it keeps exactly the members `parse` read.
    let keys = JSONFuzzing.someKeys(of: parsed)
    let members = try? JSONParser.parseMembers(of: bytes, named: keys)
    guard let value = parsed else { return }
    precondition(members == JSONFuzzing.kept(value, keys), "parseMembers kept other members than parse read")
    let written = value.serialized
    guard let again = try? JSONParser.parse(written) else {
      fatalError("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    precondition(
      JSONFuzzing.normalized(again) == JSONFuzzing.normalized(value), "a value changed when written and read back")
    precondition(again.serialized == written, "writing a value twice gave two texts")
  }
}

enum JSONFuzzing {
  /// Some of an object's keys (those of an even length), or a key it may not have.
  static func someKeys(of value: JSONValue?) -> Set<String> {
    guard case .object(let members)? = value else { return ["a"] }
    return Set(members.keys.filter { $0.utf8.count % 2 == 0 })
  }

  static func kept(_ value: JSONValue, _ keys: Set<String>) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.filter { keys.contains($0.key) })
  }

  static func normalized(_ value: JSONValue) -> JSONValue {
    switch value {
    // Every whole double that an Int64 holds: Swift writes those below 1e16 without an
    // exponent (1.38e15 as 1380000000000000), which reads back as an integer.
    case .double(let number) where Int64(exactly: number) != nil: .int(Int64(exactly: number)!)
    case .array(let elements): .array(elements.map(normalized))
    case .object(let members): .object(members.mapValues(normalized))
    default: value
    }
  }
}

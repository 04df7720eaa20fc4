import FuzzSupport
import OutpostModel

/// The JSON parser every RPC frame and every upstream reply goes through. Whatever it accepts
/// must write back to text that parses to the same value, and writing is stable. The one thing
/// writing drops on purpose is a whole double's fraction (`1e3` is written `1000`, as
/// JSONEncoder does), so values are compared with whole doubles read as integers.
@_cdecl("fuzz_json_main")
public func fuzzJSON(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let value = try? JSONParser.parse(bytes) else { return }
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

import OutpostModel
import Testing

@testable import OutpostConnectors

/// Inputs the fuzz targets (Fuzz/, contrib/fuzz.sh) found that crashed, kept as tests.
@Suite struct FuzzRegressionTests {
  /// fuzz-volleymanager: a whole number too large for Int64 in a lenient field (here a game's
  /// number as 1e300) trapped in `Int64(_:)` and would have ended the daemon mid-sync.
  @Test func aHugeWholeNumberInAVolleyManagerReplyIsNotAnInteger() {
    #expect(JSONValue.double(1e300).lenientInt == nil)
    #expect(JSONValue.double(-9.3e18).lenientInt == nil)
    #expect(JSONValue.double(42).lenientInt == 42)
    #expect(JSONValue.double(4.5).lenientInt == nil)
    let association = VolleyManagerAssociation(occupationID: "o", name: "Swiss Volley", shortName: "SV", originID: 0)
    let entry = try? JSONParser.parse(
      Array(
        #"{"__identity":"x-1","refereeGame":{"game":{"number":1e300,"startingDateTime":"2026-12-01T18:00:00Z"}}}"#.utf8)
    )
    _ = VolleyManagerItems.assignment(entry ?? .null, association: association)
  }

  /// fuzz-json: `-0.0e+1` read as a negative zero, wrote as `-0`, and read back as the integer
  /// 0, which writes as `0`: a value that changed on its way through the daemon.
  @Test func aNegativeZeroKeepsItsSignThroughWritingAndReading() throws {
    for text in ["-0.0e+1", "-0", "-0.0", "[-0]"] {
      let value = try JSONParser.parse(Array(text.utf8))
      let written = value.serialized
      let again = try JSONParser.parse(written)
      #expect(again.serialized == written, "\(text)")
    }
    #expect(try JSONParser.parse(Array("0".utf8)) == .int(0))
    #expect(try JSONParser.parse(Array("-0".utf8)).int64Value == 0)
  }

  /// fuzz-caldav: a tag named `:` (`<a><:>`) indexed an empty split and trapped; a server's
  /// broken XML is a refusal, not a crash.
  @Test func aTagWithoutANameInCalDAVXMLIsRefused() {
    #expect(throws: DAVXMLError.self) { try DAVXMLReader.parse(Array("<a><:>".utf8)) }
    #expect(throws: DAVXMLError.self) {
      try DAVXMLReader.parse(Array("<d:multistatus xmlns:d=\"DAV:\"><d:></d:multistatus>".utf8))
    }
    #expect(throws: DAVXMLError.self) { try Multistatus.parse(Array("<:>".utf8)) }
  }
}

import Foundation
import FuzzSupport

@testable import OutpostConnectors

/// A CalDAV server's XML (RFC 4791/4918): any body, read as a multistatus reply.
@_cdecl("fuzz_caldav_main")
public func fuzzCalDAV(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    _ = try? DAVXMLReader.parse(bytes)
    _ = try? Multistatus.parse(bytes)
  }
}

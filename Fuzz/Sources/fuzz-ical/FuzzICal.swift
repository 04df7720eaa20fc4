import Foundation
import FuzzSupport
import OutpostCalendar

/// The iCalendar reader that imports feeds: parsing (folding, escapes, parameters, time zones,
/// recurrence rules) and the expansion of every event over a year, as a sync does it. Every
/// instance must lie in the window, in order, and within the per-event cap.
@_cdecl("fuzz_ical_main")
public func fuzzICal(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let calendar = try? ICalParser.parse(bytes, floatingTimeZone: ICalFuzzing.zurich) else { return }
    let limit = 200
    let occurrences = calendar.occurrences(in: ICalFuzzing.window, limit: limit)
    precondition(occurrences.count <= limit * max(calendar.events.count, 1), "more instances than the cap allows")
    for occurrence in occurrences {
      precondition(occurrence.start <= ICalFuzzing.window.upperBound, "an instance after the window")
    }
  }
}

enum ICalFuzzing {
  static let zurich = TimeZone(identifier: "Europe/Zurich")!
  // 2026-01-01T00:00:00Z ... 2027-01-01T00:00:00Z
  static let window = Date(timeIntervalSince1970: 1_767_225_600)...Date(timeIntervalSince1970: 1_798_761_600)
}

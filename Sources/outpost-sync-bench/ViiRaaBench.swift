import Foundation
import OutpostConnectors
import OutpostModel

extension SyncBench {
  /// Issue 17's figure: the glucose dashboard (today, week, month windows, latest and trend)
  /// over a year of 5-minute CGM readings; the target is under 50 ms (release build).
  static func viiraaDashboard() async throws {
    let count = 365 * 288
    let now = Date()
    let start = now.addingTimeInterval(-Double(count) * 300)
    var readings: [GlucoseReading] = []
    readings.reserveCapacity(count)
    for index in 0..<count {
      // A day's curve: 90–200 mg/dL, peaking after meals.
      let value = 140 + 55 * sin(Double(index % 288) / 288 * 6 * .pi)
      readings.append(
        GlucoseReading(
          measuredAt: start.addingTimeInterval(Double(index) * 300), valueMgdl: (value * 10).rounded() / 10,
          kind: .cgm, source: "libreview_csv", deviceSerial: "S1", dedupKey: "k\(index)"))
    }
    var samples: [Duration] = []
    var last: GlucoseDashboard?
    for _ in 0..<11 {
      samples.append(try await timed { last = GlucoseDashboard(readings: readings, now: now, timeZone: .current) })
    }
    samples.sort()
    let tir = last.map { GlucoseBarText.line($0) } ?? "?"
    print("  viiraa dashboard over a year of 5-minute readings (105,120): median of 11 \(ms(samples[5])) (\(tir))")
  }
}

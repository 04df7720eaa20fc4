import Foundation

/// Today's curve for a terminal: two lines of exactly `columns` characters covering the local day
/// from midnight to the next midnight (23 or 25 hours on a DST day), so a column's position is the
/// time of day; columns after now or without data are spaces.
///
/// - `curve`: each column is the mean of its CGM readings, drawn with a block whose levels follow
///   the bands, so the 70–180 target is always the middle three blocks:
///   `▁` < 54 · `▂` 54–<70 · `▃` 70–<100 · `▄` 100–<140 · `▅` 140–180 · `▆` >180–215 · `▇` >215–250
///   · `█` > 250.
/// - `bands`: under each column, `L` below 70, `-` in range (70–180), `H` above 180.
public struct GlucoseSparkline: Sendable, Equatable {
  public var curve: String
  public var bands: String
  public var lines: [String] { [curve, bands] }

  public static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The block for a value (see the type's comment).
  public static func block(mgdl value: Double) -> Character {
    switch GlucoseBand(mgdl: value) {
    case .veryLow: return blocks[0]
    case .low: return blocks[1]
    case .inRange: return value < 100 ? blocks[2] : value < 140 ? blocks[3] : blocks[4]
    case .high: return value <= 215 ? blocks[5] : blocks[6]
    case .veryHigh: return blocks[7]
    }
  }

  public static func marker(mgdl value: Double) -> Character {
    let band = GlucoseBand(mgdl: value)
    return band.isBelowRange ? "L" : band.isAboveRange ? "H" : "-"
  }

  public static func today(readings: [GlucoseReading], now: Date, timeZone: TimeZone, columns: Int = 48)
    -> GlucoseSparkline
  {
    let width = max(1, columns)
    let midnight = GlucoseWindow.localMidnight(of: now, in: timeZone)
    let nextMidnight = GlucoseWindow.nextMidnight(after: midnight, in: timeZone)
    let dayLength = nextMidnight.timeIntervalSince(midnight)
    let series = GlucoseSeries(readings: readings, from: midnight, through: now)
    var sums = [Double](repeating: 0, count: width)
    var counts = [Int](repeating: 0, count: width)
    let start = midnight.timeIntervalSince1970
    for index in series.times.indices {
      let column = min(width - 1, Int((series.times[index] - start) * Double(width) / dayLength))
      sums[column] += series.values[index]
      counts[column] += 1
    }
    var curve = ""
    var bands = ""
    for column in 0..<width {
      if counts[column] == 0 {
        curve.append(" ")
        bands.append(" ")
      } else {
        let mean = sums[column] / Double(counts[column])
        curve.append(block(mgdl: mean))
        bands.append(marker(mgdl: mean))
      }
    }
    return GlucoseSparkline(curve: curve, bands: bands)
  }
}

import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One glucose reading as ViiRaa keeps it (upstreams/viiraa.md §2.2): mg/dL canonical, from a
/// sensor, a scan, a strip or typed in. Shared by the CGM importers (which make them), the
/// sync (which reads them) and the dashboard metrics (which weigh them).
public struct GlucoseReading: Sendable, Equatable, Hashable {
  public enum Kind: String, Sendable, CaseIterable {
    /// Sensor history (Libre historic, Dexcom EGV): the only kind the time-in-range metrics use.
    case cgm
    /// A Libre on-demand scan.
    case scan
    /// A strip or a calibration.
    case fingerstick
    case manual
  }

  /// The device reported only "Low" or "High": `valueMgdl` holds the bound.
  public enum RangeFlag: String, Sendable {
    case below, above
  }

  /// §5.5's five bands (and "unknown" where no trend can be told).
  public enum Trend: String, Sendable, CaseIterable {
    case risingQuickly = "rising_quickly"
    case rising, steady, falling
    case fallingQuickly = "falling_quickly"
  }

  public var measuredAt: Date
  /// 20.0–600.0, one decimal.
  public var valueMgdl: Double
  public var kind: Kind
  public var rangeFlag: RangeFlag?
  public var trend: Trend?
  /// `libreview_csv`, `dexcom_clarity_csv`, `phone_sync`, `manual`.
  public var source: String
  public var device: String?
  public var deviceSerial: String?
  /// `<family>:<serial or ->:<kind>:<UTC instant to the second>` (§4.4): the same physical
  /// reading has the same key whichever path brought it.
  public var dedupKey: String

  public init(
    measuredAt: Date, valueMgdl: Double, kind: Kind, rangeFlag: RangeFlag? = nil, trend: Trend? = nil,
    source: String, device: String? = nil, deviceSerial: String? = nil, dedupKey: String
  ) {
    self.measuredAt = measuredAt
    self.valueMgdl = valueMgdl
    self.kind = kind
    self.rangeFlag = rangeFlag
    self.trend = trend
    self.source = source
    self.device = device
    self.deviceSerial = deviceSerial
    self.dedupKey = dedupKey
  }

  /// mmol/L → mg/dL with the glucose molar mass (×18.0156), kept to one decimal.
  public static func mgdl(fromMmol value: Double) -> Double { (value * 18.0156 * 10).rounded() / 10 }

  /// §4.4's key. `family` is `libre`, `dexcom`, `manual` or `other`.
  /// Written byte by byte: an import makes one for each of 100,000 rows, and string
  /// interpolation with a formatted date cost more than reading the row.
  public static func dedupKey(family: String, serial: String?, kind: Kind, at instant: Date) -> String {
    let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
    let device = serial.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
    var bytes: [UInt8] = []
    bytes.reserveCapacity(family.utf8.count + device.utf8.count + kind.rawValue.utf8.count + 24)
    bytes += family.utf8
    bytes.append(0x3A)
    bytes += device.utf8
    bytes.append(0x3A)
    bytes += kind.rawValue.utf8
    bytes.append(0x3A)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let date = CivilDate(dayNumber: Int(days))
    func digits(_ value: Int64, _ width: Int) {
      var divisor: Int64 = 1
      for _ in 1..<width { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        bytes.append(UInt8(48 + rest / divisor % 10))
        rest %= divisor
        divisor /= 10
      }
    }
    digits(Int64(date.year), 4)
    bytes.append(0x2D)
    digits(Int64(date.month), 2)
    bytes.append(0x2D)
    digits(Int64(date.day), 2)
    bytes.append(0x54)
    digits(secondOfDay / 3600, 2)
    bytes.append(0x3A)
    digits(secondOfDay % 3600 / 60, 2)
    bytes.append(0x3A)
    digits(secondOfDay % 60, 2)
    bytes.append(0x5A)
    return String(decoding: bytes, as: UTF8.self)
  }
}

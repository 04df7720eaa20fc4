import Foundation

/// Reading Abbott LibreView and Dexcom Clarity CSV exports into glucose readings
/// (upstreams/viiraa.md §4). Pure: bytes, the file's name and a time zone in, a result out; the
/// store, the upload queue and the summary's wording are the caller's.
public enum CGMImport {
  public enum Format: String, Sendable, Equatable {
    case libreview
    case clarity
  }

  /// How a LibreView `Device Timestamp` writes its date (§4.3).
  public enum DateOrder: String, Sendable, Equatable {
    case monthFirst = "month_first"
    case dayFirst = "day_first"
  }

  public struct Options: Sendable, Equatable {
    /// `viiraa.libreview_date_order`: used only when every date in a LibreView file is ambiguous.
    /// `nil`: month-first if the times carry AM/PM, otherwise day-first.
    public var libreViewDateOrder: DateOrder?
    /// §4.3's limits: 50 MiB and 500,000 rows.
    public var maxBytes: Int
    public var maxRows: Int

    public init(libreViewDateOrder: DateOrder? = nil, maxBytes: Int = 50 * 1024 * 1024, maxRows: Int = 500_000) {
      self.libreViewDateOrder = libreViewDateOrder
      self.maxBytes = maxBytes
      self.maxRows = maxRows
    }
  }

  /// A row that could not be read; the rest of the file still imports.
  public struct Rejection: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the file where the row starts.
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
      self.line = line
      self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
  }

  /// Why a whole file was refused.
  public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int, limit: Int)
    case tooManyRows(limit: Int)
    case noRecognisedHeader(String)

    public var description: String {
      switch self {
      case .tooLarge(let bytes, let limit): "the file is \(bytes) bytes; the limit is \(limit)"
      case .tooManyRows(let limit): "the file has more than \(limit) rows"
      case .noRecognisedHeader(let reason): reason
      }
    }
  }

  public struct Result: Sendable, Equatable {
    public var format: Format
    /// One per dedup key, sorted by instant (then key).
    public var readings: [GlucoseReading]
    /// Rows of types that are not glucose readings, by their `Record Type` (LibreView, e.g. `"4"`)
    /// or `Event Type` (Clarity, e.g. `"Carbs"`, `"Alert"`).
    public var skippedTypes: [String: Int]
    public var rejected: [Rejection]
    /// Rows whose dedup key an earlier row of the same file already had.
    public var duplicatesInFile: Int
    /// Set when every LibreView date was ambiguous and an order had to be assumed.
    public var dateOrderAssumption: String?
  }

  /// What an import adds to a store that already holds `existingKeys`.
  public struct Summary: Sendable, Equatable {
    /// The readings whose keys were not stored yet: the ones to write.
    public var newReadings: [GlucoseReading]
    public var imported: Int { newReadings.count }
    public var alreadyPresent: Int
    public var duplicatesInFile: Int
    public var skippedTypes: [String: Int]
    public var rejected: [Rejection]
    public var dateOrderAssumption: String?
  }

  /// Reads one export. Throws only when the file as a whole cannot be read (size, row count, no
  /// recognised header); a bad row is listed in `rejected` instead.
  public static func parse(
    _ bytes: [UInt8], fileName: String, timeZone: TimeZone, options: Options = Options()
  ) throws(Refusal) -> Result {
    guard bytes.count <= options.maxBytes else { throw .tooLarge(bytes: bytes.count, limit: options.maxBytes) }
    let table = try CGMTable.read(text: CGMText.decode(bytes), fileName: fileName, maxRows: options.maxRows)
    var result: Result
    switch table.format {
    case .libreview: result = LibreViewRows.parse(table, timeZone: timeZone, options: options)
    case .clarity: result = ClarityRows.parse(table, timeZone: timeZone)
    }
    result.collapseDuplicates()
    return result
  }

  /// Splits a result against the keys already stored: re-importing a file adds nothing, and files
  /// that overlap in time merge (§4.4).
  public static func summarize(_ result: Result, existingKeys: Set<String>) -> Summary {
    let fresh = result.readings.filter { !existingKeys.contains($0.dedupKey) }
    return Summary(
      newReadings: fresh, alreadyPresent: result.readings.count - fresh.count,
      duplicatesInFile: result.duplicatesInFile, skippedTypes: result.skippedTypes, rejected: result.rejected,
      dateOrderAssumption: result.dateOrderAssumption)
  }
}

extension CGMImport.Result {
  /// Keeps the first reading of each dedup key (in file order) and sorts by instant.
  mutating func collapseDuplicates() {
    var seen = Set<String>()
    seen.reserveCapacity(readings.count)
    var kept: [GlucoseReading] = []
    kept.reserveCapacity(readings.count)
    for reading in readings where seen.insert(reading.dedupKey).inserted { kept.append(reading) }
    duplicatesInFile += readings.count - kept.count
    kept.sort { ($0.measuredAt, $0.dedupKey) < ($1.measuredAt, $1.dedupKey) }
    readings = kept
    rejected.sort { $0.line < $1.line }
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An import's rows as the queued upload keeps them. A year of readings is 100,000 rows, and
/// in one file nearly all share their device, source and kind and have the dedup key those
/// give: such a row is kept as `[seconds since 1970, value_mgdl]` beside one `shared` array.
/// Any other row is kept whole:
/// `[measured_at, value_mgdl, kind, range_flag, trend, source, device, device_serial, dedup_key]`.
enum ViiRaaImportRows {
  /// `{"batch", "family", "shared": [kind, range_flag, trend, source, device, device_serial], "rows"}`.
  static func params(_ readings: [GlucoseReading], batch: String) -> JSONValue {
    guard let first = readings.first else { return ["batch": .string(batch), "rows": []] }
    let shared = Array(whole(first)[2...7])
    let family = String(first.dedupKey.prefix { $0 != ":" })
    var rows: [JSONValue] = []
    rows.reserveCapacity(readings.count)
    for reading in readings {
      if isShort(reading, shared: shared, family: family) {
        let seconds = reading.measuredAt.timeIntervalSince1970
        rows.append([
          seconds.rounded() == seconds ? .int(Int64(seconds)) : .double(seconds), .double(reading.valueMgdl),
        ])
      } else {
        rows.append(.array(whole(reading)))
      }
    }
    return [
      "batch": .string(batch), "family": .string(family), "shared": .array(shared), "rows": .array(rows),
    ]
  }

  /// The rows to insert, each with an id derived from its dedup key (so the same reading sent
  /// twice is the same row) and the import's batch id; `nil` for params this build cannot read.
  static func rows(_ params: JSONValue, batch: String) -> [JSONValue]? {
    guard case .array(let rows)? = params["rows"] else { return nil }
    let shared: [JSONValue]
    if case .array(let values)? = params["shared"], values.count == 6 { shared = values } else { shared = [] }
    let family = params["family"]?.stringValue
    var result: [JSONValue] = []
    result.reserveCapacity(rows.count)
    for row in rows {
      guard case .array(var fields) = row else { return nil }
      if fields.count == 2 {
        guard shared.count == 6, let family, let seconds = ViiRaaItems.number(fields[0]),
          let kind = shared[0].stringValue.flatMap(GlucoseReading.Kind.init(rawValue:))
        else { return nil }
        let at = Date(timeIntervalSince1970: seconds)
        let key = GlucoseReading.dedupKey(family: family, serial: shared[5].stringValue, kind: kind, at: at)
        fields = [.string(UTCTimestamp.format(at)), fields[1]] + shared + [.string(key)]
      }
      guard fields.count == 9, let key = fields[8].stringValue else { return nil }
      result.append([
        "id": .string(StableUUID.from(key)), "measured_at": fields[0], "value_mgdl": fields[1], "kind": fields[2],
        "range_flag": fields[3], "trend": fields[4], "source": fields[5], "device": fields[6],
        "device_serial": fields[7], "dedup_key": fields[8], "import_batch_id": .string(batch),
      ])
    }
    return result
  }

  private static func whole(_ reading: GlucoseReading) -> [JSONValue] {
    func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    return [
      .string(UTCTimestamp.format(reading.measuredAt)), .double(reading.valueMgdl), .string(reading.kind.rawValue),
      text(reading.rangeFlag?.rawValue), text(reading.trend?.rawValue), .string(reading.source), text(reading.device),
      text(reading.deviceSerial), .string(reading.dedupKey),
    ]
  }

  /// Whether the short form gives this reading back exactly.
  private static func isShort(_ reading: GlucoseReading, shared: [JSONValue], family: String) -> Bool {
    reading.kind.rawValue == shared[0].stringValue && reading.rangeFlag?.rawValue == shared[1].stringValue
      && reading.trend?.rawValue == shared[2].stringValue && reading.source == shared[3].stringValue
      && reading.device == shared[4].stringValue && reading.deviceSerial == shared[5].stringValue
      && reading.dedupKey
        == GlucoseReading.dedupKey(
          family: family, serial: reading.deviceSerial, kind: reading.kind, at: reading.measuredAt)
  }
}

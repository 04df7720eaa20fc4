import Foundation
import GRDB
import OutpostModel

/// The event log behind `events.subscribe`: every event is recorded with a sequence number that
/// never repeats; only the newest `retain` events are kept.
extension Store {
  /// Records an event and purges the oldest beyond `retain`. `afterCommit` runs inside the
  /// database's serial writer, after the commit, so callers that fan events out there see them
  /// in sequence order.
  @discardableResult
  public func appendEvent(
    type: String, data: JSONValue, time: Date = Date(), retain: Int,
    afterCommit: @escaping @Sendable (OutpostEvent) -> Void = { _ in }
  ) async throws(StoreError) -> OutpostEvent {
    let payload: String
    do {
      payload = String(decoding: try JSONCoding.encode(data), as: UTF8.self)
    } catch {
      throw .writeFailed(detail: "event data cannot be encoded: \(error)")
    }
    let stamp = EventTime.format(time)
    do {
      return try await writer.write { @Sendable (db: Database) -> OutpostEvent in
        try db.execute(
          sql: "INSERT INTO event (type, time, data) VALUES (?, ?, ?)", arguments: [type, stamp, payload])
        let seq = db.lastInsertedRowID
        try db.execute(sql: "DELETE FROM event WHERE seq <= ?", arguments: [seq - Int64(max(retain, 1))])
        let event = OutpostEvent(seq: seq, type: type, time: EventTime.parse(stamp) ?? time, data: data)
        db.afterNextTransaction { _ in afterCommit(event) }
        return event
      }
    } catch let error as DatabaseError {
      throw .writeFailed(detail: error.message ?? "\(error.resultCode)")
    } catch {
      throw .writeFailed(detail: "\(error)")
    }
  }

  /// The newest `limit` events, oldest first.
  public func recentEvents(limit: Int) async throws -> [OutpostEvent] {
    try await writer.read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT seq, type, time, data FROM event ORDER BY seq DESC LIMIT ?", arguments: [limit])
      return try rows.reversed().map { row in
        let data = try JSONParser.parse(Array((row["data"] as String).utf8))
        return OutpostEvent(
          seq: row["seq"], type: row["type"],
          time: EventTime.parse(row["time"]) ?? Date(timeIntervalSince1970: 0), data: data)
      }
    }
  }

  /// The highest sequence number ever assigned (0 before the first event), purged events included.
  public func lastEventSeq() async throws -> Int64 {
    try await writer.read { db in
      try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'event'") ?? 0
    }
  }
}

/// Times as stored: UTC, ISO 8601 with milliseconds (`2026-11-22T04:01:14.123Z`). Written and
/// read by hand: a sync of thousands of items formats and parses thousands of these, and
/// Foundation's format styles cost several microseconds each.
enum EventTime {
  static func format(_ date: Date) -> String {
    let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(totalMillis >= 0 ? totalMillis / 1000 : (totalMillis - 999) / 1000)
    let millis = Int(totalMillis - Int64(seconds) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var bytes = [UInt8](repeating: 0, count: 24)
    func put(_ value: Int, at offset: Int, width: Int) {
      var value = value
      for index in stride(from: offset + width - 1, through: offset, by: -1) {
        bytes[index] = UInt8(48 + value % 10)
        value /= 10
      }
    }
    put(Int(parts.tm_year) + 1900, at: 0, width: 4)
    bytes[4] = UInt8(ascii: "-")
    put(Int(parts.tm_mon) + 1, at: 5, width: 2)
    bytes[7] = UInt8(ascii: "-")
    put(Int(parts.tm_mday), at: 8, width: 2)
    bytes[10] = UInt8(ascii: "T")
    put(Int(parts.tm_hour), at: 11, width: 2)
    bytes[13] = UInt8(ascii: ":")
    put(Int(parts.tm_min), at: 14, width: 2)
    bytes[16] = UInt8(ascii: ":")
    put(Int(parts.tm_sec), at: 17, width: 2)
    bytes[19] = UInt8(ascii: ".")
    put(millis, at: 20, width: 3)
    bytes[23] = UInt8(ascii: "Z")
    return String(decoding: bytes, as: UTF8.self)
  }

  static func parse(_ text: String) -> Date? {
    var utf8 = text.utf8
    if let date = utf8.withContiguousStorageIfAvailable({ parse(bytes: $0) }) { return date }
    return parse(bytes: Array(utf8))
  }

  private static func parse(bytes: some RandomAccessCollection<UInt8>) -> Date? {
    let bytes = Array(bytes)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T") else {
      return
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(String(decoding: bytes, as: UTF8.self)))
    }
    func number(_ offset: Int, _ width: Int) -> Int? {
      var value = 0
      for index in offset..<(offset + width) {
        guard (48...57).contains(bytes[index]) else { return nil }
        value = value * 10 + Int(bytes[index] - 48)
      }
      return value
    }
    guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2)
    else { return nil }
    var millis = 0
    if bytes[19] == UInt8(ascii: "."), bytes.count >= 24, let value = number(20, 3) { millis = value }
    guard bytes.last == UInt8(ascii: "Z") else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    return Date(timeIntervalSince1970: Double(timegm(&parts)) + Double(millis) / 1000)
  }
}

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
    // Written directly, not through `Encodable` (the same bytes): the generic encoder's first
    // use was a quarter of a millisecond of `daemon.didStart`, which a socket-activated start
    // records before it answers (docs/performance.md, "Start to ready").
    guard data.numbersAreFinite else {
      throw .writeFailed(detail: "event data cannot be encoded: a number is not finite")
    }
    let payload = String(decoding: data.serialized, as: UTF8.self)
    let stamp = UTCTimestamp.format(time)
    do {
      return try await writer.write { @Sendable (db: Database) -> OutpostEvent in
        try db.execute(
          sql: "INSERT INTO event (type, time, data) VALUES (?, ?, ?)", arguments: [type, stamp, payload])
        let seq = db.lastInsertedRowID
        try db.execute(sql: "DELETE FROM event WHERE seq <= ?", arguments: [seq - Int64(max(retain, 1))])
        let event = OutpostEvent(seq: seq, type: type, time: UTCTimestamp.parse(stamp) ?? time, data: data)
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
    try await writer.read { db in try Self.recentEvents(db, limit: limit) }
  }

  private static func recentEvents(_ db: Database, limit: Int) throws -> [OutpostEvent] {
    let rows = try Row.fetchAll(
      db, sql: "SELECT seq, type, time, data FROM event ORDER BY seq DESC LIMIT ?", arguments: [limit])
    return try rows.reversed().map { row in
      let data = try JSONParser.parse(Array((row["data"] as String).utf8))
      return OutpostEvent(
        seq: row["seq"], type: row["type"],
        time: UTCTimestamp.parse(row["time"]) ?? Date(timeIntervalSince1970: 0), data: data)
    }
  }

  /// The retained events, oldest first, and the highest sequence number ever assigned: what
  /// the event hub starts from, in one read.
  public func eventLog(limit: Int) async throws -> (recent: [OutpostEvent], lastSeq: Int64) {
    try await writer.read { db in (try Self.recentEvents(db, limit: limit), try Self.lastEventSeq(db)) }
  }

  /// The highest sequence number ever assigned (0 before the first event), purged events included.
  public func lastEventSeq() async throws -> Int64 {
    try await writer.read { db in try Self.lastEventSeq(db) }
  }

  private static func lastEventSeq(_ db: Database) throws -> Int64 {
    try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'event'") ?? 0
  }
}

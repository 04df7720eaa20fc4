import Foundation
import NIOHTTP1

extension SandboxProjectDatabase {
  /// Brings the copy up to the in-memory model: each change as the service role, at the time
  /// the model made it, so the project's trigger stamps and versions the rows as it would have.
  /// Inserts into one table at one time go as one request (a day of live readings is a few
  /// hundred requests, not thousands).
  func apply(_ changes: [SupabaseChange], tables: (String) -> SupabaseTable?) async {
    var index = 0
    while index < changes.count {
      switch changes[index] {
      case .insert(let name, let row, let onConflict):
        var batch = [row]
        index += 1
        while index < changes.count, case .insert(name, let other, let otherConflict) = changes[index],
          otherConflict == onConflict, Self.stamp(other) == Self.stamp(row)
        {
          batch.append(other)
          index += 1
        }
        guard let table = tables(name) else { continue }
        await insert(batch, into: table, onConflict: onConflict, at: Self.stamp(row))
      case .update(let name, let id, let values, let at):
        index += 1
        guard let table = tables(name) else { continue }
        let object = SandboxJSON.object(values.keys.sorted().map { ($0, values[$0]!.json) })
        if await update(name, id: id, values: object, nowMicroseconds: at, table: table) == nil {
          Self.report("the update of \(name) \(id)", status: nil)
        }
      case .delete(let name, let id):
        index += 1
        if await !delete(name, id: id) { Self.report("the delete of \(name) \(id)", status: nil) }
      }
    }
  }

  /// Deletes the row `id` of `name` outright, as the service role; false when PostgreSQL refused.
  func delete(_ name: String, id: String) async -> Bool {
    let request = SandboxRequest(method: .DELETE, uri: "/rest/v1/\(name)?id=eq.\(id)")
    return await engine.respond(request, path: "/rest/v1/\(name)", caller: .service).status.code < 400
  }

  private func insert(
    _ rows: [[String: SupabaseValue]], into table: SupabaseTable, onConflict: [String]?, at stamp: Int64
  ) async {
    let names = table.columns.map(\.name)
    var headers = HTTPHeaders()
    headers.add(name: "Prefer", value: "resolution=ignore-duplicates, return=minimal")
    let conflict = onConflict.map { "?on_conflict=" + $0.joined(separator: ",") } ?? ""
    let body = SandboxJSON.array(rows.map { table.object($0, columns: names) }).serialized
    let request = SandboxRequest(
      method: .POST, uri: "/rest/v1/\(table.name)\(conflict)", headers: headers, body: Array(body.utf8))
    var caller = PostgRESTEngine.Caller.service
    caller.now = TasksTimestamps.postgres(stamp)
    let reply = await engine.respond(request, path: "/rest/v1/\(table.name)", caller: caller)
    if reply.status.code >= 400 { Self.report("\(rows.count) new rows of \(table.name)", status: reply.status) }
  }

  private static func stamp(_ row: [String: SupabaseValue]) -> Int64 {
    if case .time(let micros)? = row["updated_at"] { return micros }
    return 0
  }

  /// A change the copy refused is a defect of the sandbox (its model and its schema disagree):
  /// said on stderr, where a test's or an operator's log shows it.
  private static func report(_ what: String, status: HTTPResponseStatus?) {
    let text = "outpost-sandbox: PostgreSQL refused \(what)\(status.map { " (HTTP \($0.code))" } ?? "")\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}

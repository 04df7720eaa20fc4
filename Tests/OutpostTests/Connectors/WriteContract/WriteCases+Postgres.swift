import OutpostModel
import Testing

@testable import OutpostConnectors
@testable import OutpostSandbox

/// The ground truth of a project on PostgreSQL: rows read straight from its database, past
/// the Data API and its policies, so that what an action did is seen as stored.
extension WriteCases {
  static func stored(_ database: SandboxProjectDatabase?, _ query: String) async -> JSONValue? {
    guard let database else { return nil }
    let rows = await database.rows(query)
    return .array(
      rows.map { row in
        (try? JSONParser.parse(
          Array(SandboxJSON.object(row.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).serialized.utf8)))
          ?? .null
      })
  }

  /// The first row of a `stored` answer.
  static func first(_ rows: JSONValue?) -> JSONValue? {
    guard case .array(let list)? = rows else { return nil }
    return list.first
  }

  static func count(_ rows: JSONValue?) -> Int {
    guard case .array(let list)? = rows else { return 0 }
    return list.count
  }
}

extension WriteCases {
  /// A change made elsewhere (the web app, another phone): a PATCH as the service role, which
  /// the project's trigger stamps like any other write (a new `version`, `updated_at`).
  static func changeElsewhere(
    _ database: SandboxProjectDatabase?, _ table: SupabaseTable?, id: String, _ values: [(String, SandboxJSON)],
    now: Int64
  ) async throws {
    let database = try #require(database, "not on PostgreSQL")
    let table = try #require(table)
    let row = await database.update(table.name, id: id, values: .object(values), nowMicroseconds: now, table: table)
    _ = try #require(row, "the change elsewhere did not apply")
  }
}

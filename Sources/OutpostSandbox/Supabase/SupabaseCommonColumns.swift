/// The columns every table of a sandbox Supabase project has (supabase.md §7): id, owner,
/// stamps, soft delete and the version writes are preconditioned on.
enum SupabaseCommonColumns {
  typealias Row = [String: SupabaseValue]

  static let columns: [(name: String, type: SupabaseColumnType)] = [
    ("id", .uuid), ("user_id", .uuid), ("created_at", .time), ("updated_at", .time), ("deleted_at", .time),
    ("version", .int),
  ]

  /// A row with the common columns filled in.
  static func row(
    id: String, userID: String, updatedAt: Int64, createdAt: Int64? = nil, deletedAt: Int64? = nil, version: Int = 1,
    _ fields: Row
  ) -> Row {
    var row = fields
    row["id"] = .text(id)
    row["user_id"] = .text(userID)
    row["created_at"] = .time(createdAt ?? updatedAt)
    row["updated_at"] = .time(updatedAt)
    row["deleted_at"] = deletedAt.map { .time($0) } ?? .null
    row["version"] = .int(Int64(version))
    return row
  }
}

/// What a project's in-memory model changed (the sandbox's own doings: live readings arriving
/// as the clock moves, an operator's admin change) since its PostgreSQL copy last caught up.
/// The model keeps generating; the copy, which serves the clients, is brought up to it before
/// each request, so live mode and the admin operations work the same on both engines.
enum SupabaseChange: Sendable, Equatable {
  /// A new row, stamped `updatedAt` (the trigger's `now()` when it is written). `onConflict`
  /// names the unique key a duplicate is ignored on (the primary key when nil).
  case insert(table: String, row: [String: SupabaseValue], onConflict: [String]?)
  /// Some columns of the row `id` changed at `at` (the trigger stamps and versions it).
  case update(table: String, id: String, values: [String: SupabaseValue], at: Int64)
  /// The row `id` deleted outright (no tombstone).
  case delete(table: String, id: String)

  /// The update that turns `old` into `new`: the columns that differ, less the trigger's own.
  static func update(table: String, from old: [String: SupabaseValue], to new: [String: SupabaseValue], at: Int64)
    -> SupabaseChange?
  {
    guard case .text(let id) = new["id"] else { return nil }
    let stamped: Set = ["updated_at", "version", "created_at"]
    var values: [String: SupabaseValue] = [:]
    for (column, value) in new where !stamped.contains(column) && old[column] != value { values[column] = value }
    return values.isEmpty ? nil : .update(table: table, id: id, values: values, at: at)
  }
}

/// The list of changes a model keeps while it has a PostgreSQL copy; nil (nothing kept) before.
struct SupabaseJournal: Sendable {
  private(set) var changes: [SupabaseChange]? = nil

  /// Starts keeping changes: call where the copy is taken, under the same lock.
  mutating func start() { changes = [] }

  mutating func record(_ change: SupabaseChange?) {
    guard let change, changes != nil else { return }
    changes!.append(change)
  }

  /// The changes kept so far, in order; the list starts over.
  mutating func drain() -> [SupabaseChange] {
    guard let kept = changes else { return [] }
    changes = []
    return kept
  }
}

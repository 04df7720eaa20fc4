/// Why the store could not be opened or written, worded for the user. Never carries SQL.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// The file exists but is not an SQLite database (or is damaged). It is left untouched.
  case corrupt(path: String, detail: String)
  /// The file was written by a newer Outpost whose migrations this one does not know.
  case newerSchema(path: String, unknownMigrations: [String])
  case unreadable(path: String, detail: String)
  case cannotCreate(path: String, detail: String)
  /// A write failed (disk full, read-only file system, …); nothing was changed.
  case writeFailed(detail: String)
  /// The write contradicts what is stored (a name already taken); nothing was changed.
  case conflict(String)

  public var description: String {
    switch self {
    case .corrupt(let path, let detail):
      "The database \(path) is damaged or not an Outpost database (\(detail)). It was left untouched; "
        + "move it aside to start afresh, or restore it from a backup."
    case .newerSchema(let path, let unknown):
      "The database \(path) was written by a newer version of Outpost (schema steps "
        + "\(unknown.joined(separator: ", ")) unknown here). Install that version again, or move the file aside."
    case .unreadable(let path, let detail):
      "Cannot read the database \(path): \(detail). Check its owner and permissions."
    case .cannotCreate(let path, let detail):
      "Cannot create the database \(path): \(detail)."
    case .writeFailed(let detail):
      "Cannot write to the database: \(detail). Nothing was changed."
    case .conflict(let detail):
      "\(detail); nothing was changed."
    }
  }
}

import OutpostModel

/// The upload of one bank CSV import (agility.md §5.5): its rows in batches of 500 with
/// `on_conflict=user_id,import_hash` and duplicates ignored, so a batch sent again after a
/// restart halfway inserts only what is missing. Rows absent from an answer were already there.
/// The queued action stores the rows compactly: one list of column names, then one array of
/// values a row.
enum AgilityUpload {
  static let batchSize = 500

  /// The rows as PostgREST takes them: each row's own values under the column names, with
  /// what they all share, and the description as the merchant (Agility's rules clean it).
  static func rows(_ params: JSONValue) -> [JSONValue]? {
    guard case .array(let columns)? = params["columns"], case .array(let rows)? = params["rows"] else { return nil }
    let names = columns.compactMap(\.stringValue)
    guard names.count == columns.count else { return nil }
    var shared: [String: JSONValue] = [:]
    if case .object(let values)? = params["shared"] { shared = values }
    var objects: [JSONValue] = []
    objects.reserveCapacity(rows.count)
    for case .array(let values) in rows where values.count == names.count {
      var object = shared
      for (name, value) in zip(names, values) where value != .null { object[name] = value }
      if object["merchant"] == nil, let description = object["description_raw"] { object["merchant"] = description }
      objects.append(.object(object))
    }
    return objects.count == rows.count ? objects : nil
  }

  static func perform(_ action: ActionRequest, data: PostgREST, session: SupabaseSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let rows = rows(action.params) else {
      throw .unsupported("agility.upload-import: the queued action lacks its rows")
    }
    var inserted = 0
    var start = 0
    while start < rows.count {
      let slice = Array(rows[start..<min(start + batchSize, rows.count)])
      inserted += try await data.insert(
        "transactions", rows: slice, onConflict: "user_id,import_hash", session: session
      ).count
      start += batchSize
    }
    // The file's column mapping (reused for the next file) and its newest running balance go
    // to the account; a refusal there costs the upload nothing, and the reply says so.
    var account: [String: JSONValue] = [:]
    if let profile = action.params["profile"], profile != .null { account["csv_profile"] = profile }
    if case .object(let balance)? = action.params["balance"] { account.merge(balance) { $1 } }
    var accountSaved: JSONValue = .null
    if !account.isEmpty, let id = action.params["accountId"]?.stringValue {
      let reply = try await data.tryUpdate(
        "accounts", filter: "id=eq.\(FormEncoding.percentEncode(id))", values: .object(account), session: session)
      accountSaved = .bool((200..<300).contains(reply.status))
    }
    if inserted == 0 && !rows.isEmpty { return .alreadyDone }
    return .done([
      "batch": action.params["batch"] ?? .null, "inserted": .int(Int64(inserted)),
      "alreadyPresent": .int(Int64(rows.count - inserted)), "rows": .int(Int64(rows.count)),
      "accountUpdated": accountSaved,
    ])
  }
}

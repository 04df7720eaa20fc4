import NIOHTTP1

/// `POST /rest/v1/rpc/send_invoice {"p_invoice_id":"<uuid>"}` (agility.md §3): a draft becomes
/// `sent` with `sent_at` and its `pdf_url`, as once SendGrid took the e-mail. The function
/// returns the invoice row, which PostgREST renders as one JSON object (with or without
/// `Accept: application/vnd.pgrst.object+json`). Anything not a draft is 400 `P0001` "only a
/// draft can be sent"; an id the caller cannot see (unknown, or another user's) is 400
/// `P0001` "invoice not found", since the function raises rather than returning nothing.
enum AgilitySendInvoice {
  static func call(
    _ request: SandboxRequest, owner: String?, sandbox: AgilitySandbox
  ) throws(TasksRestError) -> SandboxResponse {
    guard let members = SandboxJSON.parse(request.body)?.members, let value = members["p_invoice_id"],
      members.count == 1
    else {
      throw TasksRestError(
        .notFound, "PGRST202",
        "Could not find the function public.send_invoice without parameters in the schema cache",
        details: "Searched for the function public.send_invoice with parameter p_invoice_id")
    }
    let id = value.stringValue ?? value.serialized
    guard AgilityWriteSupport.isUUID(id) else { throw .invalidInput("uuid", id) }
    guard let owner else {
      throw TasksRestError(.unauthorized, "42501", "permission denied for function send_invoice")
    }
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<AgilityTables.Row, TasksRestError> in
      guard let index = state.index("invoices", owner: owner, id: id.lowercased()),
        AgilityTables.isLive(state.rows("invoices", owner: owner)[index])
      else { return .failure(AgilityWriteSupport.raise("invoice not found")) }
      guard state.rows("invoices", owner: owner)[index]["status"] == .text("draft") else {
        return .failure(AgilityWriteSupport.raise("only a draft can be sent"))
      }
      state.update("invoices", owner: owner, index: index, now: now) { row in
        row["status"] = .text("sent")
        row["sent_at"] = .time(now)
        row["pdf_url"] = .text("https://app.agility.example/invoices/\(id.lowercased()).pdf")
      }
      state.counters.sent += 1
      return .success(state.rows("invoices", owner: owner)[index])
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let row):
      let table = AgilityTables.invoices
      let object = request.headers.first(name: "accept")?.contains("vnd.pgrst.object") == true
      return .json(
        .ok, table.object(row, columns: table.columns.map(\.name)),
        contentType: object ? TasksRest.objectType : TasksRest.arrayType)
    }
  }
}

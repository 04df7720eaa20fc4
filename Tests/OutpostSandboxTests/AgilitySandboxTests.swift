import Foundation
import OutpostSandbox
import Testing

/// A client for the agility project (a fake Supabase project under `/agility`), speaking as
/// supabase-js does: `apikey` on every request, JSON bodies, the 2024-01-01 error shape.
struct AgilityClient {
  let client: SandboxClient

  init(_ server: SandboxServer) { client = SandboxClient(server) }

  /// `path` is below `/agility` and sent as written.
  func send(
    _ method: String, _ path: String, json: String? = nil, bearer: String? = nil,
    headers extra: [(name: String, value: String)] = []
  ) async throws -> Reply {
    var headers = extra
    headers.append((name: "apikey", value: SandboxAgilityConfiguration.defaultAPIKey))
    if let bearer { headers.append((name: "Authorization", value: "Bearer \(bearer)")) }
    headers.append((name: "X-Supabase-Api-Version", value: "2024-01-01"))
    return try await client.send(
      method, "/agility" + path, body: json, contentType: json == nil ? nil : "application/json", headers: headers)
  }

  static let representation = [(name: "Prefer", value: "return=representation")]

  func signIn(_ email: String = AgilityDemo.email) async throws -> TasksSession {
    let reply = try await send(
      "POST", "/auth/v1/token?grant_type=password",
      json: #"{"email":"\#(email)","password":"\#(AgilityDemo.password)"}"#)
    #expect(reply.status == 200, "\(reply.body)")
    return try TasksSession(reply)
  }

  func get(_ table: String, _ query: String, bearer: String) async throws -> [[String: Any]] {
    let reply = try await send("GET", "/rest/v1/\(table)?\(query)", bearer: bearer)
    #expect(reply.status == 200 || reply.status == 206, "\(reply.body)")
    return try reply.jsonArray()
  }

  /// Rows as a client sends them (supabase.md §3.3): every object with the signed-in user's
  /// `user_id` (`user`), unless it names one itself. The column has no default.
  func post(_ path: String, _ json: String, bearer: String, user: String = AgilityDemo.userID(AgilityDemo.email))
    async throws -> Reply
  {
    try await send(
      "POST", "/rest/v1/\(path)", json: try Self.owned(json, by: user), bearer: bearer, headers: Self.representation)
  }

  static func owned(_ json: String, by user: String) throws -> String {
    func own(_ value: Any) -> Any {
      guard var object = value as? [String: Any] else { return value }
      if object["user_id"] == nil { object["user_id"] = user }
      return object
    }
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let owned: Any = (parsed as? [Any]).map { $0.map(own) } ?? own(parsed)
    return String(decoding: try JSONSerialization.data(withJSONObject: owned), as: UTF8.self)
  }

  func patch(_ path: String, _ json: String, bearer: String) async throws -> Reply {
    try await send("PATCH", "/rest/v1/\(path)", json: json, bearer: bearer, headers: Self.representation)
  }

  func admin(_ json: String) async throws -> Reply { try await client.postJSON("/__admin/mutate", json) }

  /// A new draft for the seeded client `Northwind Studio` (30 days' terms); its row.
  func draft(bearer: String, taxRate: String = "0", issue: String = "2026-11-25") async throws -> [String: Any] {
    let clients = try await get("clients", "select=id&name=eq.Northwind%20Studio", bearer: bearer)
    let clientID = try #require(clients.first?["id"] as? String)
    let id = UUID().uuidString.lowercased()
    let reply = try await post(
      "invoices", #"{"id":"\#(id)","client_id":"\#(clientID)","issue_date":"\#(issue)","tax_rate":\#(taxRate)}"#,
      bearer: bearer)
    #expect(reply.status == 201, "\(reply.body)")
    return try #require(try reply.jsonArray().first)
  }
}

/// A sandbox with only the agility project on a manual clock pinned to 2026-11-25T12:00:00Z
/// (07:00 in New York), so the seed and the dates are the same on every run.
func withAgilitySandbox(
  postgres: Bool = true, _ body: (SandboxServer, AgilityClient) async throws -> Void
) async throws {
  var configuration = SandboxConfiguration(referenceDate: tasksReferenceDate, services: [.agility])
  configuration.manualClock = true
  configuration.agility.postgres = postgres
  try await withSandbox(configuration) { server, _ in try await body(server, AgilityClient(server)) }
}

/// Cents of a JSON number (PostgREST's numeric).
private func cents(_ value: Any?) -> Int64? { (value as? Double).map { Int64(($0 * 100).rounded()) } }

@Suite struct AgilitySandboxTests {
  @Test func signInAndReadInvoicesWithTheirItems() async throws {
    try await withAgilitySandbox { server, agility in
      let session = try await agility.signIn()
      #expect(session.object["expires_in"] as? Int == 900)
      let invoices = try await agility.get(
        "invoices", "select=*,invoice_line_items(*)&invoice_line_items.order=position&order=invoice_number.asc",
        bearer: session.accessToken)
      #expect(invoices.count > 20)
      let statuses = Set(invoices.compactMap { $0["status"] as? String })
      #expect(statuses == ["draft", "sent", "viewed", "paid", "overdue"])
      for invoice in invoices {
        let items = try #require(invoice["invoice_line_items"] as? [[String: Any]])
        #expect(!items.isEmpty)
        let positions = items.compactMap { $0["position"] as? Int }
        #expect(positions == positions.sorted())
        #expect(cents(invoice["subtotal"]) == items.compactMap { cents($0["amount"]) }.reduce(0, +))
      }
      // A stored overdue whose due date moved out, and a partially paid one.
      #expect(
        invoices.contains { $0["status"] as? String == "overdue" && ($0["due_date"] as? String ?? "") > "2026-11-25" })
      #expect(
        invoices.contains { (cents($0["amount_paid"]) ?? 0) > 0 && cents($0["amount_paid"])! < cents($0["total"])! })
      // Invoice numbers are the per-user sequence.
      #expect(invoices.first?["invoice_number"] as? String == "INV-0001")
      // The keyset page the connector asks for.
      let page = try await agility.get(
        "transactions", "select=id,updated_at&order=updated_at.asc,id.asc&limit=50", bearer: session.accessToken)
      let last = try #require(page.last)
      let stamp = try #require(last["updated_at"] as? String)
      let lastID = try #require(last["id"] as? String)
      let encoded = stamp.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let next = try await agility.get(
        "transactions",
        "select=id,updated_at,tags&or=(updated_at.gt.%22\(encoded)%22,and(updated_at.eq.%22\(encoded)%22,id.gt.\(lastID)))"
          + "&order=updated_at.asc,id.asc&limit=50", bearer: session.accessToken)
      #expect(next.count == 50)
      #expect(next.allSatisfy { $0["tags"] is [Any] })
      #expect(Set(next.compactMap { $0["id"] as? String }).isDisjoint(with: page.compactMap { $0["id"] as? String }))
      // Plaid rows, tax payments, tombstones, pending rows.
      #expect(await server.agility.existingPlaidRows(email: AgilityDemo.email).count > 100)
      let taxes = try await agility.get(
        "transactions", "select=date,amount&merchant=eq.IRS%20USATAXPYMT", bearer: session.accessToken)
      #expect(taxes.count >= 4)
      let pending = try await agility.get(
        "transactions", "select=id,deleted_at&status=eq.pending", bearer: session.accessToken)
      #expect(pending.contains { $0["deleted_at"] is String })
      #expect(pending.contains { $0["deleted_at"] is NSNull })
      // The empty user sees nothing.
      let empty = try await agility.signIn(AgilityDemo.emptyEmail)
      #expect(try await agility.get("transactions", "select=id", bearer: empty.accessToken).isEmpty)
      #expect(try await agility.get("invoices", "select=id", bearer: empty.accessToken).isEmpty)
    }
  }

  @Test func draftsTakeTheNextInvoiceNumbers() async throws {
    try await withAgilitySandbox { server, agility in
      let bearer = try await agility.signIn().accessToken
      let seeded = await server.agility.invoices(email: AgilityDemo.email).count
      let first = try await agility.draft(bearer: bearer)
      let second = try await agility.draft(bearer: bearer)
      #expect(first["invoice_number"] as? String == String(format: "INV-%04d", seeded + 1))
      #expect(second["invoice_number"] as? String == String(format: "INV-%04d", seeded + 2))
      #expect(first["status"] as? String == "draft")
      #expect(first["due_date"] as? String == "2026-12-25")
      #expect(first["version"] as? Int == 1)
      // The number and the status are the server's.
      let clientID = try #require(first["client_id"] as? String)
      let refused = try await agility.post(
        "invoices", #"{"client_id":"\#(clientID)","issue_date":"2026-11-25","invoice_number":"INV-9999"}"#,
        bearer: bearer)
      #expect(refused.status == 400)
      #expect(try refused.jsonObject()["code"] as? String == "P0001")
      // A replay of the same id is 23505 on the primary key, and no number is used up.
      let id = try #require(first["id"] as? String)
      let replay = try await agility.post(
        "invoices", #"{"id":"\#(id)","client_id":"\#(clientID)","issue_date":"2026-11-25"}"#, bearer: bearer)
      #expect(replay.status == 409)
      #expect(try replay.jsonObject()["code"] as? String == "23505")
      let third = try await agility.draft(bearer: bearer)
      #expect(third["invoice_number"] as? String == String(format: "INV-%04d", seeded + 3))
    }
  }

  @Test func lineItemsRoundHalfUpAndKeepTheTotals() async throws {
    try await withAgilitySandbox { server, agility in
      let bearer = try await agility.signIn().accessToken
      let draft = try await agility.draft(bearer: bearer, taxRate: "8.875")
      let id = try #require(draft["id"] as? String)
      func item(_ position: Int, _ quantity: String, _ rate: String, _ taxable: Bool) -> String {
        #"{"id":"\#(UUID().uuidString.lowercased())","invoice_id":"\#(id)","position":\#(position),"#
          + #""description":"Work \#(position)","quantity":\#(quantity),"rate":\#(rate),"taxable":\#(taxable)}"#
      }
      let body =
        "["
        + [item(1, "1.5", "84.35", true), item(2, "0.25", "10.10", false), item(3, "3", "33.33", true)]
        .joined(separator: ",") + "]"
      let reply = try await agility.post("invoice_line_items", body, bearer: bearer)
      #expect(reply.status == 201, "\(reply.body)")
      // 1.5 × 84.35 = 126.525 → 126.53; 0.25 × 10.10 = 2.525 → 2.53 (half-up, not to even).
      #expect(try reply.jsonArray().compactMap { cents($0["amount"]) } == [12_653, 253, 9_999])
      let invoice = try #require(await server.agility.invoice(email: AgilityDemo.email, id: id))
      #expect(invoice.subtotalCents == 22_905)
      // (126.53 + 99.99) × 8.875 % = 20.10365 → 20.10.
      #expect(invoice.taxAmountCents == 2_010)
      #expect(invoice.totalCents == 24_915)
      #expect(invoice.version == 2)
      let read = try await agility.get(
        "invoices",
        "select=id,total,invoice_line_items(position,amount)&invoice_line_items.order=position.desc&id=eq.\(id)",
        bearer: bearer)
      #expect(cents(read.first?["total"]) == 24_915)
      let items = try #require(read.first?["invoice_line_items"] as? [[String: Any]])
      #expect(items.compactMap { $0["position"] as? Int } == [3, 2, 1])
      // Rewriting the draft: delete its items, totals back to 0.
      let deleted = try await agility.send("DELETE", "/rest/v1/invoice_line_items?invoice_id=eq.\(id)", bearer: bearer)
      #expect(deleted.status == 204)
      let emptied = try #require(await server.agility.invoice(email: AgilityDemo.email, id: id))
      #expect(emptied.totalCents == 0)
      #expect(emptied.version == 3)
    }
  }

  @Test func onlyADraftCanBeSent() async throws {
    try await withAgilitySandbox { server, agility in
      let bearer = try await agility.signIn().accessToken
      let id = try #require(try await agility.draft(bearer: bearer)["id"] as? String)
      let send = #"{"p_invoice_id":"\#(id)"}"#
      let sent = try await agility.send(
        "POST", "/rest/v1/rpc/send_invoice", json: send, bearer: bearer,
        headers: [(name: "Accept", value: "application/vnd.pgrst.object+json")])
      #expect(sent.status == 200, "\(sent.body)")
      let row = try sent.jsonObject()
      #expect(row["status"] as? String == "sent")
      #expect(row["sent_at"] is String)
      #expect(row["version"] as? Int == 2)
      let again = try await agility.send("POST", "/rest/v1/rpc/send_invoice", json: send, bearer: bearer)
      #expect(again.status == 400)
      let error = try again.jsonObject()
      #expect(error["code"] as? String == "P0001")
      #expect(error["message"] as? String == "only a draft can be sent")
      // A sent invoice's items are read-only, and it cannot be edited.
      let item = try await agility.post(
        "invoice_line_items",
        #"{"invoice_id":"\#(id)","position":1,"description":"Late","quantity":1,"rate":10,"taxable":true}"#,
        bearer: bearer)
      #expect(item.status == 400)
      #expect(try item.jsonObject()["message"] as? String == "only draft invoices can be edited")
      let edit = try await agility.patch("invoices?id=eq.\(id)", #"{"notes":"changed"}"#, bearer: bearer)
      #expect(edit.status == 400)
      let overdue = try await agility.patch("invoices?id=eq.\(id)", #"{"status":"overdue"}"#, bearer: bearer)
      #expect(overdue.status == 400)
      #expect(try overdue.jsonObject()["code"] as? String == "P0001")
      #expect(await server.agility.invoice(email: AgilityDemo.email, id: id)?.status == "sent")
    }
  }

  @Test func markPaidWithAStaleVersionMatchesNothing() async throws {
    try await withAgilitySandbox { server, agility in
      let bearer = try await agility.signIn().accessToken
      let sent = try await agility.get(
        "invoices", "select=id,version,total&status=eq.sent&order=issue_date.desc", bearer: bearer)
      let invoice = try #require(sent.first)
      let id = try #require(invoice["id"] as? String)
      let version = try #require(invoice["version"] as? Int)
      let total = try #require(invoice["total"] as? Double)
      // A payment recorded on the server first (partial): the version moves on.
      let payment = try await agility.admin(
        #"{"service":"agility","op":"record-payment","email":"\#(AgilityDemo.email)","id":"\#(id)","amount":100}"#)
      #expect(payment.status == 200, "\(payment.body)")
      let paid = #"{"status":"paid","amount_paid":\#(total),"paid_at":"2026-11-25T12:00:00Z"}"#
      let stale = try await agility.patch("invoices?id=eq.\(id)&version=eq.\(version)", paid, bearer: bearer)
      #expect(stale.status == 200)
      #expect(stale.body == "[]")
      let current = try #require(await server.agility.invoice(email: AgilityDemo.email, id: id))
      #expect(current.status == "sent")
      #expect(current.amountPaidCents == 10_000)
      let fresh = try await agility.patch("invoices?id=eq.\(id)&version=eq.\(current.version)", paid, bearer: bearer)
      let row = try #require(try fresh.jsonArray().first)
      #expect(row["status"] as? String == "paid")
      #expect(row["version"] as? Int == current.version + 1)
    }
  }

  @Test func ignoreDuplicatesAnswersOnlyTheNewRows() async throws {
    try await withAgilitySandbox { server, agility in
      let bearer = try await agility.signIn().accessToken
      let accounts = try await agility.get("accounts", "select=id&connection=eq.csv", bearer: bearer)
      let account = try #require(accounts.first?["id"] as? String)
      let batch = UUID().uuidString.lowercased()
      func row(_ index: Int) -> String {
        #"{"id":"\#(UUID().uuidString.lowercased())","account_id":"\#(account)","date":"2026-11-2\#(index)","#
          + #""amount":-1\#(index).50,"merchant":"Shop \#(index)","description_raw":"SHOP \#(index)","#
          + #""category_id":null,"is_business_expense":false,"tags":[],"notes":null,"receipt_id":null,"#
          + #""status":"posted","source":"csv","external_id":null,"import_hash":"hash-\#(index)","#
          + #""import_batch_id":"\#(batch)"}"#
      }
      let path = "transactions?on_conflict=user_id,import_hash&select=id,import_hash"
      let headers = [(name: "Prefer", value: "resolution=ignore-duplicates,return=representation")]
      func rows() throws -> String {
        try AgilityClient.owned(
          "[" + [row(1), row(2), row(3)].joined(separator: ",") + "]", by: AgilityDemo.userID(AgilityDemo.email))
      }
      let first = try await agility.send("POST", "/rest/v1/" + path, json: try rows(), bearer: bearer, headers: headers)
      #expect(first.status == 201, "\(first.body)")
      #expect(try first.jsonArray().compactMap { $0["import_hash"] as? String } == ["hash-1", "hash-2", "hash-3"])
      #expect(try first.jsonArray().allSatisfy { $0.count == 2 })
      // New ids, same hashes: nothing new, so nothing in the answer.
      let second = try await agility.send(
        "POST", "/rest/v1/" + path, json: try rows(), bearer: bearer, headers: headers)
      #expect(second.status == 201)
      #expect(second.body == "[]")
      #expect(await server.agility.transactionCount(email: AgilityDemo.email, importBatch: batch) == 3)
      #expect(
        await server.agility.importHashes(email: AgilityDemo.email).isSuperset(of: ["hash-1", "hash-2", "hash-3"]))
      // Without ignore-duplicates the same rows are a unique violation.
      let plain = try await agility.post("transactions", row(1), bearer: bearer)
      #expect(plain.status == 409)
      #expect(try plain.jsonObject()["code"] as? String == "23505")
    }
  }

  /// `user_id` has no default (supabase.md §7): a category sent without it is refused by the
  /// policy, as PostgreSQL refuses it (42501 before the NOT NULL check), and one sent with
  /// another user's id too.
  @Test func aRowWithoutItsUserOrWithAnotherUsersIsRefused() async throws {
    try await withAgilitySandbox { _, agility in
      let bearer = try await agility.signIn().accessToken
      let category = #"{"name":"Travel abroad","kind":"expense"}"#
      let bare = try await agility.send(
        "POST", "/rest/v1/categories", json: category, bearer: bearer, headers: AgilityClient.representation)
      #expect(bare.status == 403, "\(bare.body)")
      #expect(try bare.jsonObject()["code"] as? String == "42501")
      let other = try await agility.post(
        "categories", category, bearer: bearer, user: AgilityDemo.userID(AgilityDemo.emptyEmail))
      #expect(other.status == 403)
      #expect(try other.jsonObject()["code"] as? String == "42501")
      let own = try await agility.post("categories", category, bearer: bearer)
      #expect(own.status == 201, "\(own.body)")
    }
  }

  /// A value past `numeric(12,2)` is PostgreSQL's 22003, never a crash of the sandbox: a line
  /// whose quantity × rate overflows, and a transaction amount of a hundred billion.
  @Test func aNumberTooLargeForItsColumnIsNumericFieldOverflow() async throws {
    try await withAgilitySandbox { _, agility in
      let bearer = try await agility.signIn().accessToken
      let draft = try #require(
        try await agility.get("invoices", "select=id&status=eq.draft&limit=1", bearer: bearer).first?["id"] as? String)
      let line =
        #"{"invoice_id":"\#(draft)","position":9,"description":"X","quantity":999999999,"rate":9999999999}"#
      let huge = try await agility.post("invoice_line_items", line, bearer: bearer)
      #expect(huge.status == 400, "\(huge.body)")
      #expect(try huge.jsonObject()["code"] as? String == "22003")
      let accounts = try await agility.get("accounts", "select=id&limit=1", bearer: bearer)
      let account = try #require(accounts.first?["id"] as? String)
      let wire =
        #"{"account_id":"\#(account)","date":"2026-11-20","amount":99999999999.99,"merchant":"HUGE WIRE","#
        + #""status":"posted","source":"csv"}"#
      let refused = try await agility.post("transactions", wire, bearer: bearer)
      #expect(refused.status == 400, "\(refused.body)")
      #expect(try refused.jsonObject()["code"] as? String == "22003")
      // Still serving.
      #expect(try await agility.get("accounts", "select=id&limit=1", bearer: bearer).count == 1)
    }
  }

  @Test(arguments: [false, true])
  func aDeletedCategoryFailsTheRecategorisation(postgres: Bool) async throws {
    try await withAgilitySandbox(postgres: postgres) { server, agility in
      let bearer = try await agility.signIn().accessToken
      let categories = try await agility.get("categories", "select=id&name=eq.Coworking", bearer: bearer)
      let category = try #require(categories.first?["id"] as? String)
      let rows = try await agility.get(
        "transactions", "select=id,version&category_id=is.null&deleted_at=is.null&limit=1", bearer: bearer)
      let id = try #require(rows.first?["id"] as? String)
      let version = try #require(rows.first?["version"] as? Int)
      let deleted = try await agility.admin(
        #"{"service":"agility","op":"delete-category","email":"\#(AgilityDemo.email)","name":"coworking"}"#)
      #expect(deleted.status == 200, "\(deleted.body)")
      let reply = try await agility.patch(
        "transactions?id=eq.\(id)&version=eq.\(version)", #"{"category_id":"\#(category)","is_business_expense":true}"#,
        bearer: bearer)
      #expect(reply.status == 409)
      let error = try reply.jsonObject()
      #expect(error["code"] as? String == "23503")
      #expect(Set(error.keys) == ["code", "message", "details", "hint"])
      // A live category is fine, and the row's version moves on.
      let meals = try #require(
        try await agility.get("categories", "select=id&name=eq.Meals", bearer: bearer).first?["id"] as? String)
      let ok = try await agility.patch(
        "transactions?id=eq.\(id)&version=eq.\(version)", #"{"category_id":"\#(meals)","tags":["lunch"]}"#,
        bearer: bearer)
      let row = try #require(try ok.jsonArray().first)
      #expect(row["version"] as? Int == version + 1)
      #expect(row["tags"] as? [String] == ["lunch"])
      #expect(await server.agility.deleteCategory(email: AgilityDemo.email, name: "Coworking") == nil)
    }
  }

  /// The admin state is the ground truth of what clients wrote too: on PostgreSQL it is read
  /// from the copy, not from the model (a fresh-eyes tester saw it keep the seeded counts).
  @Test(arguments: [false, true])
  func theAdminStateShowsWhatClientsAndTheServiceWrote(postgres: Bool) async throws {
    try await withAgilitySandbox(postgres: postgres) { _, agility in
      func user() async throws -> [String: Any] {
        let state = try await agility.client.get("/__admin/state?service=agility").jsonObject()
        let users = try #require(state["users"] as? [[String: Any]])
        return try #require(users.first { $0["email"] as? String == AgilityDemo.email })
      }
      func categories(_ user: [String: Any]) -> Int? {
        ((user["tables"] as? [String: Any])?["categories"] as? [String: Any])?["rows"] as? Int
      }
      let before = try await user()
      let bearer = try await agility.signIn().accessToken
      let made = try await agility.post("categories", #"{"name":"Conference fees","kind":"expense"}"#, bearer: bearer)
      #expect(made.status == 201, "\(made.body)")
      let paid = try await agility.admin(
        #"{"service":"agility","op":"record-payment","email":"\#(AgilityDemo.email)"}"#)
      #expect(paid.status == 200, "\(paid.body)")
      let after = try await user()
      #expect(categories(after) == categories(before).map { $0 + 1 })
      let statuses = { (user: [String: Any]) in (user["invoiceStatuses"] as? [String: Int])?["paid"] ?? 0 }
      #expect(statuses(after) == statuses(before) + 1)
    }
  }

  /// agility.md §2.2 on both engines: the 21st non-archived custom category fails in the
  /// trigger (400 `P0001`), a batch that would cross the limit inserts nothing, and a client
  /// cannot step around the limit by calling its category a system one (42501, row-level
  /// security; issue 53).
  @Test(arguments: [false, true])
  func theTwentyFirstCustomCategoryIsRefused(postgres: Bool) async throws {
    try await withAgilitySandbox(postgres: postgres) { server, agility in
      let bearer = try await agility.signIn().accessToken
      let before = await server.agility.rowCount(email: AgilityDemo.email, table: "categories")
      // Two custom categories are seeded: 19 more in one request would be 21, so none is taken.
      let nineteen = (1...19).map { #"{"name":"Batch \#($0)","kind":"expense"}"# }.joined(separator: ",")
      let crossing = try await agility.post("categories", "[" + nineteen + "]", bearer: bearer)
      #expect(crossing.status == 400, "\(crossing.body)")
      #expect(try crossing.jsonObject()["code"] as? String == "P0001")
      #expect(await server.agility.rowCount(email: AgilityDemo.email, table: "categories") == before)
      // A system category is the service's: a client's is refused, and would not have counted.
      let system = try await agility.post(
        "categories", #"{"name":"My system one","kind":"expense","is_system":true}"#, bearer: bearer)
      #expect(system.status == 403, "\(system.body)")
      #expect(try system.jsonObject()["code"] as? String == "42501")
      // 18 more reach the limit.
      let eighteen = (1...18).map { #"{"name":"Custom \#($0)","kind":"expense"}"# }.joined(separator: ",")
      let filled = try await agility.post("categories", "[" + eighteen + "]", bearer: bearer)
      #expect(filled.status == 201, "\(filled.body)")
      let over = try await agility.post("categories", #"{"name":"One too many","kind":"expense"}"#, bearer: bearer)
      #expect(over.status == 400)
      let error = try over.jsonObject()
      #expect(error["code"] as? String == "P0001")
      #expect(error["message"] as? String == "custom category limit reached (20)")
      // An archived one does not count; a name is unique ignoring case.
      let archived = try await agility.post(
        "categories", #"{"name":"Old stuff","kind":"expense","archived":true}"#, bearer: bearer)
      #expect(archived.status == 201)
      let clash = try await agility.post(
        "categories", #"{"name":"old STUFF","kind":"expense","archived":true}"#, bearer: bearer)
      #expect(clash.status == 409)
      #expect(try clash.jsonObject()["code"] as? String == "23505")
    }
  }

  @Test(arguments: [false, true])
  func theOverdueJobStoresOverdueAtMidnightWhenOn(postgres: Bool) async throws {
    try await withAgilitySandbox(postgres: postgres) { server, agility in
      let bearer = try await agility.signIn().accessToken
      // Sent, due 2026-11-19: overdue by the rules, not yet stored.
      let pastDue = try await agility.get(
        "invoices", "select=id,status,due_date&status=eq.sent&due_date=lt.2026-11-25", bearer: bearer)
      let id = try #require(pastDue.first?["id"] as? String)
      // Off (the default): midnight passes, nothing is stored.
      await server.agility.advanceClock(seconds: 18 * 3600)
      #expect(await server.agility.invoice(email: AgilityDemo.email, id: id)?.status == "sent")
      let on = try await agility.admin(#"{"service":"agility","op":"overdue-job","enabled":true}"#)
      #expect(on.status == 200, "\(on.body)")
      // On: not before the next midnight (05:00Z), then stored with a new version.
      await server.agility.advanceClock(seconds: 3600)
      #expect(await server.agility.invoice(email: AgilityDemo.email, id: id)?.status == "sent")
      await server.agility.advanceClock(seconds: 23 * 3600)
      let stored = try #require(await server.agility.invoice(email: AgilityDemo.email, id: id))
      #expect(stored.status == "overdue")
      #expect(stored.version == 3)
      let state = try await agility.client.get("/__admin/state?service=agility").jsonObject()
      let config = try #require(state["config"] as? [String: Any])
      #expect(config["overdueJobEnabled"] as? Bool == true)
    }
  }

  @Test(arguments: [false, true])
  func hooksAndFaultsReachTheClient(postgres: Bool) async throws {
    try await withAgilitySandbox(postgres: postgres) { server, agility in
      let bearer = try await agility.signIn().accessToken
      // The "viewed" hook on the newest sent invoice.
      let viewed = try await agility.admin(
        #"{"service":"agility","op":"mark-viewed","email":"\#(AgilityDemo.email)"}"#)
      #expect(viewed.status == 200, "\(viewed.body)")
      let id = try #require(try viewed.jsonObject()["id"] as? String)
      let row = try await agility.get("invoices", "select=status,viewed_at&id=eq.\(id)", bearer: bearer)
      #expect(row.first?["status"] as? String == "viewed")
      #expect(row.first?["viewed_at"] is String)
      // A bank connection that needs re-authentication.
      let status = try await agility.admin(
        #"{"service":"agility","op":"connection-status","email":"\#(AgilityDemo.email)","account":"Business Checking","status":"needs_reauth"}"#
      )
      #expect(status.status == 200, "\(status.body)")
      let accounts = try await agility.get("accounts", "select=name,connection_status,version", bearer: bearer)
      #expect(
        accounts.first { $0["name"] as? String == "Business Checking" }?["connection_status"] as? String
          == "needs_reauth")
      // Ground truth without secrets.
      let state = try await agility.client.get("/__admin/state?service=agility")
      #expect(state.status == 200)
      #expect(!state.body.contains(AgilityDemo.password))
      // The gateway's key check and an expired token (900 s).
      let wrongKey = try await agility.client.send(
        "GET", "/agility/rest/v1/invoices?select=id", headers: [(name: "apikey", value: "nope")])
      #expect(wrongKey.status == 401)
      await server.agility.advanceClock(seconds: 901)
      let expired = try await agility.send("GET", "/rest/v1/invoices?select=id", bearer: bearer)
      #expect(expired.status == 401)
      #expect(try expired.jsonObject()["code"] as? String == "PGRST303")
      #expect(expired.header("WWW-Authenticate")?.contains("invalid_token") == true)
    }
  }
}

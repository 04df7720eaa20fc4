/// The agility project's Data API on PostgreSQL (`SandboxAgilityConfiguration.postgres`, issue
/// 46): agility.sql with its server rules (invoice numbers, due dates, totals, the category
/// limit, `rpc/send_invoice`), the generated history copied in with the invoice counters
/// brought up to it, the requests run as the token's user.
///
/// The admin changes (`recordPayment`, `markViewed`, `deleteCategory`, `setConnectionStatus`)
/// act on the copy; the nightly overdue job comes due in the model and runs on the copy.
enum AgilityPostgres {
  static func start(_ sandbox: AgilitySandbox) async throws -> SandboxProjectDatabase {
    let users = AgilityDemo.authUsers
    // The copy is taken and the job's runs start to be kept under one lock.
    let rows = sandbox.withState { state in
      state.overdueRunsOnPostgres = []
      return AgilityTables.all.map { table in (table, users.flatMap { state.rows(table.name, owner: $0.id) }) }
    }
    // The next draft is numbered after the highest generated one, as the trigger would have.
    let counters = """
      INSERT INTO public.invoice_number_counters (user_id, last_number)
        SELECT user_id, max(substring(invoice_number FROM 5)::integer) FROM public.invoices
        WHERE invoice_number ~ '^INV-[0-9]+$' GROUP BY user_id;
      """
    return try await SandboxProjectDatabase.start(project: "agility", users: users, rows: rows, after: counters)
  }

  /// The nightly job on the copy, as the service role at `stamp`: every live invoice `sent` or
  /// `viewed`, due before the day of `midnight` and not fully paid becomes `overdue`. How many.
  static func runOverdueJob(_ database: SandboxProjectDatabase, midnight: Int, stamp: Int64) async -> Int {
    let today = AgilityDates.text(AgilityDates.localDay(midnight))
    let due = await database.rows(
      "invoices?status=in.(sent,viewed)&deleted_at=is.null&due_date=lt.\(today)&order=id.asc")
    var stored = 0
    for invoice in due.map({ AgilityTables.invoices.row(fromJSON: $0) }) {
      guard AgilityMoney.value(invoice["amount_paid"]) < AgilityMoney.value(invoice["total"]),
        case .text(let id) = invoice["id"]
      else { continue }
      let updated = await database.update(
        "invoices", id: id, values: .object([("status", .string("overdue"))]), nowMicroseconds: stamp,
        table: AgilityTables.invoices)
      if updated != nil { stored += 1 }
    }
    return stored
  }
}

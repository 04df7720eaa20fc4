/// The agility project's Data API on PostgreSQL (`SandboxAgilityConfiguration.postgres`, issue
/// 46): agility.sql with its server rules (invoice numbers, due dates, totals, the category
/// limit, `rpc/send_invoice`), the generated history copied in with the invoice counters
/// brought up to it, the requests run as the token's user.
///
/// Not on PostgreSQL yet: the nightly overdue job and the admin changes (`recordPayment`,
/// `markViewed`, `deleteCategory`, `setConnectionStatus`) still act on the in-memory copy.
enum AgilityPostgres {
  static func start(_ sandbox: AgilitySandbox) async throws -> SandboxProjectDatabase {
    let users = AgilityDemo.authUsers
    let rows = sandbox.withState { state in
      AgilityTables.all.map { table in (table, users.flatMap { state.rows(table.name, owner: $0.id) }) }
    }
    // The next draft is numbered after the highest generated one, as the trigger would have.
    let counters = """
      INSERT INTO public.invoice_number_counters (user_id, last_number)
        SELECT user_id, max(substring(invoice_number FROM 5)::integer) FROM public.invoices
        WHERE invoice_number ~ '^INV-[0-9]+$' GROUP BY user_id;
      """
    return try await SandboxProjectDatabase.start(project: "agility", users: users, rows: rows, after: counters)
  }
}

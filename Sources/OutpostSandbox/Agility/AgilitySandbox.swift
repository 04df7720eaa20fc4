import Foundation
import Synchronization

/// The live state of the "agility" project: a fake Supabase project under `/agility` with the
/// tables of agility.md §2. Its Auth server is a `TasksSandbox` of its own (the shared GoTrue
/// rules, its own users, key and JWT secret; tokens live 900 s by default).
///
/// Data is generated on first use (a sandbox that never serves agility pays nothing); every
/// access first lets the nightly overdue job catch up with the clock when it is switched on.
public final class AgilitySandbox: Sendable {
  let clock: SandboxSharedClock
  let apiKey: String
  let auth: TasksSandbox
  private let state: Mutex<AgilityState>
  /// The Data API on PostgreSQL, when the configuration asks for it (`AgilityPostgres`).
  let databaseSlot: SandboxDatabaseSlot

  init(configuration: SandboxAgilityConfiguration, seed: UInt64, clock: SandboxSharedClock) async {
    self.clock = clock
    databaseSlot = SandboxDatabaseSlot(wanted: configuration.postgres)
    apiKey = configuration.apiKey
    auth = await TasksSandbox(
      configuration: SandboxTasksConfiguration(
        apiKey: configuration.apiKey, users: AgilityDemo.authUsers,
        accessTokenLifetimeSeconds: TasksSandbox.clampLifetime(configuration.accessTokenLifetimeSeconds),
        reuseIntervalSeconds: TasksSandbox.clampReuseInterval(configuration.reuseIntervalSeconds), tasksPerUser: 0,
        postgres: false),
      seed: seed, clock: clock, jwtSecretName: "agility-jwt-secret")
    state = Mutex(
      AgilityState(
        seed: seed, historyDays: max(1, configuration.historyDays), startSeconds: clock.unixSeconds(at: clock.now()),
        overdueJobEnabled: configuration.overdueJobEnabled))
    preparePostgres()
  }

  /// The PostgreSQL copy with the overdue job caught up, if there is one.
  var postgres: SandboxProjectDatabase? { get async { await databaseSlot.current() } }

  /// How the data moves to PostgreSQL on first use, when the configuration asks for it. The admin changes act on
  /// the copy directly; the overdue job comes due in the model and runs on the copy.
  private func preparePostgres() {
    let catchUp: @Sendable (SandboxProjectDatabase) async -> Void = { [self] database in
      let runs = withState { state in
        defer { state.overdueRunsOnPostgres = [] }
        return state.overdueRunsOnPostgres ?? []
      }
      for run in runs {
        let stored = await AgilityPostgres.runOverdueJob(database, midnight: run.midnight, stamp: run.stamp)
        withState { $0.counters.overdueStored += stored }
      }
    }
    databaseSlot.prepare(start: { [self] in try await AgilityPostgres.start(self) }, catchUp: catchUp)
  }

  func detachPostgres() async { await databaseSlot.detach() }

  /// The user's rows of `table`, soft-deleted ones included: from PostgreSQL when the data is
  /// there (as the service role), else from memory.
  func rows(_ table: String, owner: String) async -> [AgilityTables.Row] {
    guard let postgres = await databaseSlot.current(), let shape = AgilityTables.named(table) else {
      return withState { $0.rows(table, owner: owner) }
    }
    return await postgres.rows("\(table)?user_id=eq.\(owner)&order=created_at.asc,id.asc").map {
      shape.row(fromJSON: $0)
    }
  }

  /// Runs `body` under the lock, after bringing the data up to the clock. Keep it short.
  func withState<Result>(_ body: (inout AgilityState) -> Result) -> Result {
    let now = clock.now()
    let seconds = clock.unixSeconds(at: now)
    let micros = clock.unixMicroseconds(at: now)
    return state.withLock { state in
      state.catchUp(nowSeconds: seconds, nowMicros: micros)
      return body(&state)
    }
  }

  /// The Unix microseconds of "now" on the sandbox clock (one stamp per write request).
  func nowMicroseconds() -> Int64 { clock.unixMicroseconds(at: clock.now()) }

  /// Moves the sandbox's one clock forward (every module's).
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  /// "Now" on the sandbox's clock, for clients that must agree with it (a test's connector).
  public func currentDate() -> Date { Date(timeIntervalSince1970: Double(nowMicroseconds()) / 1_000_000) }

  /// How many live (not soft-deleted) rows of `table` the user has.
  public func rowCount(email: String, table: String) async -> Int {
    let owner = AgilityDemo.userID(email)
    return await rows(table, owner: owner).count(where: AgilityTables.isLive)
  }

  /// The `import_hash` of every live transaction of the user.
  public func importHashes(email: String) async -> Set<String> {
    let owner = AgilityDemo.userID(email)
    return Set(
      await rows("transactions", owner: owner).compactMap { row in
        AgilityTables.isLive(row) ? AgilityTables.text(row["import_hash"]) : nil
      })
  }

  /// How many live transactions an import (`import_batch_id`) created.
  public func transactionCount(email: String, importBatch: String) async -> Int {
    let owner = AgilityDemo.userID(email)
    return await rows("transactions", owner: owner).count {
      AgilityTables.isLive($0) && $0["import_batch_id"] == .text(importBatch.lowercased())
    }
  }

  /// The live rows the bank sync stored (source `plaid`), oldest first.
  public func existingPlaidRows(email: String) async -> [AgilityPlaidRow] {
    let owner = AgilityDemo.userID(email)
    return await rows("transactions", owner: owner).filter {
      AgilityTables.isLive($0) && $0["source"] == .text("plaid")
    }
    .map { row in
      AgilityPlaidRow(
        id: AgilityTables.text(row["id"]) ?? "", accountID: AgilityTables.text(row["account_id"]) ?? "",
        date: AgilityTables.text(row["date"]) ?? "", amountCents: AgilityMoney.value(row["amount"]),
        merchant: AgilityTables.text(row["merchant"]) ?? "",
        descriptionRaw: AgilityTables.text(row["description_raw"]),
        status: AgilityTables.text(row["status"]) ?? "", externalID: AgilityTables.text(row["external_id"]))
    }
  }

  /// An invoice by id, soft-deleted ones included.
  public func invoice(email: String, id: String) async -> AgilityInvoice? {
    let owner = AgilityDemo.userID(email)
    return await rows("invoices", owner: owner).first { $0["id"] == .text(id.lowercased()) }.map(AgilityInvoice.init)
  }

  /// Every invoice of the user, in stored order.
  public func invoices(email: String) async -> [AgilityInvoice] {
    let owner = AgilityDemo.userID(email)
    return await rows("invoices", owner: owner).map(AgilityInvoice.init)
  }

  /// A payment recorded on the server (the web app, a payment link): `amount_paid` grows by
  /// `amountCents` (the open amount when nil); fully paid makes it `paid` with `paid_at`.
  /// Without an id, the newest open invoice. Nil when there is no such open invoice.
  @discardableResult
  public func recordPayment(email: String, invoiceID: String? = nil, amountCents: Int64? = nil) async
    -> AgilityInvoice?
  {
    guard let postgres = await postgres else {
      return recordPaymentNow(email: email, invoiceID: invoiceID, amountCents: amountCents)
    }
    let now = nowMicroseconds()
    let paid = await change(
      postgres, invoicesOf: email, pick: { Self.payable($0, invoiceID: invoiceID) },
      { Self.pay(&$0, amountCents: amountCents, now: now) })
    if paid != nil { withState { $0.counters.payments += 1 } }
    return paid
  }

  /// The "viewed" hook (the client opened the link): a `sent` invoice becomes `viewed` with
  /// `viewed_at`; without an id, the newest sent one. Nil when there is none.
  @discardableResult
  public func markViewed(email: String, invoiceID: String? = nil) async -> AgilityInvoice? {
    guard let postgres = await postgres else { return markViewedNow(email: email, invoiceID: invoiceID) }
    let now = nowMicroseconds()
    let viewed = await change(
      postgres, invoicesOf: email, pick: { Self.viewable($0, invoiceID: invoiceID) }, { Self.view(&$0, now: now) })
    if viewed != nil { withState { $0.counters.viewed += 1 } }
    return viewed
  }

  /// An admin change on PostgreSQL: the invoice `pick` chooses, changed as in memory, written
  /// back as the service role at the sandbox's now (so the trigger stamps and numbers it).
  private func change(
    _ postgres: SandboxProjectDatabase, invoicesOf email: String, pick: ([AgilityTables.Row]) -> Int?,
    _ change: (inout AgilityTables.Row) -> Void
  ) async -> AgilityInvoice? {
    await self.change(postgres, AgilityTables.invoices, of: email, pick: pick, change).map(AgilityInvoice.init)
  }

  /// The row of `table` that `pick` chooses among the user's, changed by `change` on PostgreSQL
  /// at the sandbox's now; the row as it is then.
  private func change(
    _ postgres: SandboxProjectDatabase, _ table: SupabaseTable, of email: String,
    pick: ([AgilityTables.Row]) -> Int?, _ change: (inout AgilityTables.Row) -> Void
  ) async -> AgilityTables.Row? {
    let rows = await rows(table.name, owner: AgilityDemo.userID(email))
    guard let index = pick(rows), case .text(let id) = rows[index]["id"] else { return nil }
    var row = rows[index]
    change(&row)
    let changed = row.keys.sorted().filter { row[$0] != rows[index][$0] }
    let values = SandboxJSON.object(changed.map { ($0, (row[$0] ?? .null).json) })
    return await postgres.update(
      table.name, id: id, values: values, nowMicroseconds: nowMicroseconds(), table: table)
  }

  /// Deletes a category by name (case-insensitive); later writes naming it fail with 409
  /// `23503`. Returns its id, or nil when there is no live category of that name. On
  /// PostgreSQL the row is deleted, so the foreign key refuses those writes and its
  /// transactions keep their rows, unassigned (agility.sql); in memory it is soft-deleted and the
  /// model refuses them.
  @discardableResult
  public func deleteCategory(email: String, name: String) async -> String? {
    guard let postgres = await postgres else { return deleteCategoryNow(email: email, name: name) }
    let rows = await rows("categories", owner: AgilityDemo.userID(email))
    guard let index = Self.category(rows, named: name), let id = AgilityTables.text(rows[index]["id"]),
      await postgres.delete("categories", id: id)
    else { return nil }
    return id
  }

  /// Sets an account's `connection_status` (`ok`, `needs_reauth`, `disconnected`, `error`);
  /// `account` is its id or name. False when there is no such account or status.
  @discardableResult
  public func setConnectionStatus(email: String, account: String, status: String) async -> Bool {
    guard Self.connectionStatuses.contains(status) else { return false }
    guard let postgres = await postgres else {
      return setConnectionStatusNow(email: email, account: account, status: status)
    }
    let row = await change(
      postgres, AgilityTables.accounts, of: email, pick: { Self.account($0, named: account) },
      { $0["connection_status"] = .text(status) })
    return row != nil
  }

  /// Switches the nightly overdue job; once on, it runs at each local midnight from now on.
  public func setOverdueJob(enabled: Bool) async { setOverdueJobNow(enabled) }

  /// Ends every live session of the user (refreshes then fail with `session_not_found`).
  @discardableResult
  public func endSessions(email: String) async -> Int { await auth.revokeSessions(email: email) }

  public func setAccessTokenLifetime(seconds: Int) async { await auth.setAccessTokenLifetime(seconds: seconds) }

  // MARK: Synchronous forms, for the admin API

  func setOverdueJobNow(_ enabled: Bool) {
    let seconds = clock.unixSeconds(at: clock.now())
    withState { $0.setOverdueJob(enabled: enabled, nowSeconds: seconds) }
  }

  func recordPaymentNow(email: String, invoiceID: String?, amountCents: Int64?) -> AgilityInvoice? {
    let owner = AgilityDemo.userID(email)
    let now = nowMicroseconds()
    return withState { state in
      let rows = state.rows("invoices", owner: owner)
      guard let index = Self.payable(rows, invoiceID: invoiceID) else { return nil }
      state.update("invoices", owner: owner, index: index, now: now) {
        Self.pay(&$0, amountCents: amountCents, now: now)
      }
      state.counters.payments += 1
      return AgilityInvoice(state.rows("invoices", owner: owner)[index])
    }
  }

  /// The invoice a payment goes to: `invoiceID` if it is open, else the newest open one.
  static func payable(_ rows: [AgilityTables.Row], invoiceID: String?) -> Int? {
    func open(_ row: AgilityTables.Row) -> Bool {
      AgilityTables.isLive(row) && row["status"] != .text("draft") && row["status"] != .text("paid")
        && AgilityMoney.value(row["amount_paid"]) < AgilityMoney.value(row["total"])
    }
    return invoiceID.map { id in rows.firstIndex { $0["id"] == .text(id.lowercased()) && open($0) } }
      ?? newest(rows, where: open)
  }

  static func pay(_ row: inout AgilityTables.Row, amountCents: Int64?, now: Int64) {
    let total = AgilityMoney.value(row["total"])
    let paid =
      AgilityMoney.value(row["amount_paid"]) + (amountCents ?? (total - AgilityMoney.value(row["amount_paid"])))
    row["amount_paid"] = AgilityMoney.cell(paid)
    if paid >= total {
      row["status"] = .text("paid")
      row["paid_at"] = .time(now)
    }
  }

  /// The row with the latest `issue_date` among those `matching`.
  static func newest(_ rows: [AgilityTables.Row], where matching: (AgilityTables.Row) -> Bool) -> Int? {
    rows.indices.filter { matching(rows[$0]) }.max {
      (AgilityTables.text(rows[$0]["issue_date"]) ?? "") < (AgilityTables.text(rows[$1]["issue_date"]) ?? "")
    }
  }

  func markViewedNow(email: String, invoiceID: String?) -> AgilityInvoice? {
    let owner = AgilityDemo.userID(email)
    let now = nowMicroseconds()
    return withState { state in
      let rows = state.rows("invoices", owner: owner)
      guard let index = Self.viewable(rows, invoiceID: invoiceID) else { return nil }
      state.update("invoices", owner: owner, index: index, now: now) { Self.view(&$0, now: now) }
      state.counters.viewed += 1
      return AgilityInvoice(state.rows("invoices", owner: owner)[index])
    }
  }

  static func viewable(_ rows: [AgilityTables.Row], invoiceID: String?) -> Int? {
    func sent(_ row: AgilityTables.Row) -> Bool { AgilityTables.isLive(row) && row["status"] == .text("sent") }
    return invoiceID.map { id in rows.firstIndex { $0["id"] == .text(id.lowercased()) && sent($0) } }
      ?? newest(rows, where: sent)
  }

  static func view(_ row: inout AgilityTables.Row, now: Int64) {
    row["status"] = .text("viewed")
    row["viewed_at"] = .time(now)
  }

  func deleteCategoryNow(email: String, name: String) -> String? {
    let owner = AgilityDemo.userID(email)
    let now = nowMicroseconds()
    return withState { state in
      let rows = state.rows("categories", owner: owner)
      guard let index = Self.category(rows, named: name) else { return nil }
      state.update("categories", owner: owner, index: index, now: now) { $0["deleted_at"] = .time(now) }
      return AgilityTables.text(rows[index]["id"])
    }
  }

  static let connectionStatuses: Set = ["ok", "needs_reauth", "disconnected", "error"]

  func setConnectionStatusNow(email: String, account: String, status: String) -> Bool {
    guard Self.connectionStatuses.contains(status) else { return false }
    let owner = AgilityDemo.userID(email)
    let now = nowMicroseconds()
    return withState { state in
      let rows = state.rows("accounts", owner: owner)
      guard let index = Self.account(rows, named: account) else { return false }
      state.update("accounts", owner: owner, index: index, now: now) { $0["connection_status"] = .text(status) }
      return true
    }
  }

  /// The live category named `name` (case-insensitive).
  static func category(_ rows: [AgilityTables.Row], named name: String) -> Int? {
    rows.firstIndex { AgilityTables.isLive($0) && AgilityTables.text($0["name"])?.lowercased() == name.lowercased() }
  }

  /// The account whose id or name is `account`.
  static func account(_ rows: [AgilityTables.Row], named account: String) -> Int? {
    rows.firstIndex {
      $0["id"] == .text(account.lowercased()) || AgilityTables.text($0["name"])?.lowercased() == account.lowercased()
    }
  }
}

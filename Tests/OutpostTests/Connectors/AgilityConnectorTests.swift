import Foundation
import OutpostModel
import OutpostSandbox
import OutpostStore
import Testing

@testable import OutpostConnectors

/// The Agility connector against the sandbox's agility project over real HTTP, on the
/// sandbox's manual clock (2026-11-25 12:00 in New York): the pull of every table, invoices
/// with their line items and effective status, the tax installments, every write sent twice
/// without doing anything twice, and the conflicts agility.md §7 asks for (a payment recorded
/// at Agility while "mark paid" waited, a category deleted while a recategorisation waited).
@Suite(.serialized) struct AgilityConnectorTests {
  static let reference = Date(timeIntervalSince1970: 1_795_626_000)  // 2026-11-25T17:00:00Z
  static let email = AgilityDemo.email

  struct World {
    let server: SandboxServer
    let keeper: SessionKeeper<AgilityConnector>
    let connector: AgilityConnector
    var sandbox: AgilitySandbox { server.agility }
  }

  /// `postgres`: the project's Data API on PostgreSQL with contrib/supabase/agility.sql, whose
  /// policies, constraints and triggers decide (issue 46).
  func withWorld(postgres: Bool = true, _ body: (World) async throws -> Void) async throws {
    var configuration = SandboxConfiguration(referenceDate: Self.reference, services: [.agility])
    configuration.manualClock = true
    configuration.agility.postgres = postgres
    let server = try await SandboxServer.start(configuration)
    let agility = server.agility
    let account = ConnectorAccount(
      id: "a-1", username: Self.email, baseURL: server.url(for: .agility),
      options: [
        "apiKey": SandboxAgilityConfiguration.defaultAPIKey, "timeZone": "America/New_York", "incomeTaxRate": "12",
      ])
    let connector = AgilityConnector(account: account, transport: TestHTTP.transport) { agility.currentDate() }
    let keeper = SessionKeeper(
      connector: connector, account: account, vault: SessionKeeperTests.MemoryVault()
    ) { _ in }
    do {
      _ = try await keeper.adopt(SecretString(AgilityDemo.password), label: "Agility")
      try await body(World(server: server, keeper: keeper, connector: connector))
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  func fetch(_ world: World, _ cursor: SyncCursor?) async throws -> FetchResult {
    let now = world.sandbox.currentDate()
    return try await world.keeper.fetch(window: SyncWindow.around(now), cursor: cursor)
  }

  func perform(_ world: World, _ type: ActionType, _ prepared: PreparedAction, item: Item? = nil) async throws
    -> ActionOutcome
  {
    try await world.keeper.perform(
      ActionRequest(type: type, target: prepared.target, params: prepared.params, item: item))
  }

  @Test(arguments: [false, true])
  func aFirstPullHoldsEveryTableAndTheNextOnlyWhatChanged(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      func count(_ kind: ItemKind) -> Int { first.items.count { $0.kind == kind } }
      #expect(count(.bankAccount) == 3)
      #expect(count(.invoiceClient) == 5)
      #expect(count(.moneyCategory) >= 25)
      let liveTransactions = await world.sandbox.rowCount(email: Self.email, table: "transactions")
      // From January 1 of last year: about 14 months of history are all there.
      #expect(count(.moneyTransaction) == liveTransactions)
      let invoices = first.items.filter { $0.kind == .invoice }
      #expect(invoices.count == (await world.sandbox.invoices(email: Self.email)).count { !$0.deleted })
      // Every invoice came with its line items, amounts as exact decimal text.
      #expect(
        invoices.allSatisfy { if case .array(let lines)? = $0.details["lineItems"] { !lines.isEmpty } else { false } })
      #expect(invoices.allSatisfy { $0.details["total"]?.stringValue?.wholeMatch(of: /-?\d+\.\d\d/) != nil })
      // Each stored status is there; a stale stored "overdue" whose due day moved out is not
      // shown as overdue; drafts are undated, the rest on their due day.
      let stored = Set(invoices.compactMap { $0.details["status"]?.stringValue })
      #expect(stored.isSuperset(of: ["draft", "sent", "viewed", "paid", "overdue"]))
      let staleOverdue = invoices.filter {
        $0.details["status"] == "overdue" && ($0.details["dueDate"]?.stringValue ?? "") > "2026-11-25"
      }
      #expect(!staleOverdue.isEmpty)
      #expect(staleOverdue.allSatisfy { !($0.details["statusLabel"]?.stringValue ?? "").hasPrefix("overdue") })
      #expect(invoices.filter { $0.details["status"] == "draft" }.allSatisfy { $0.startsAt == nil })
      #expect(invoices.contains { ($0.details["statusLabel"]?.stringValue ?? "").contains("partially paid") })
      // The tax installments of this year, on the shifted due days.
      let tax = first.items.filter { $0.kind == .taxInstallment }.sorted { $0.upstreamID < $1.upstreamID }
      #expect(tax.map(\.upstreamID) == ["2026-Q1", "2026-Q2", "2026-Q3", "2026-Q4"])
      #expect(
        tax.map { $0.details["dueDate"]?.stringValue } == ["2026-04-15", "2026-06-15", "2026-09-15", "2027-01-15"])
      #expect(first.complete.isSuperset(of: [.bankAccount, .moneyCategory, .invoiceClient, .invoice, .taxInstallment]))

      // The same day again: nothing changed, so only the keyset's 60-second overlap comes back
      // (the rows written last), each exactly as before; the store sees no change.
      let second = try await fetch(world, first.cursor)
      let again = second.items.filter { $0.kind == .invoice || $0.kind == .moneyTransaction }
      #expect(again.count < (count(.invoice) + count(.moneyTransaction)) / 4, "\(again.count) came back")
      let firstByID = Dictionary(first.items.map { ($0.upstreamID, $0) }) { a, _ in a }
      #expect(again.allSatisfy { firstByID[$0.upstreamID] == $0 })
      #expect(!second.complete.contains(.invoice))
      // Nothing moved, so the estimate is not worked out again.
      #expect(!second.complete.contains(.taxInstallment))
      #expect(!second.items.contains { $0.kind == .taxInstallment })

      // A payment recorded at Agility comes with the next pull, paid and closed.
      let open = try #require(invoices.first { $0.details["status"] == "sent" })
      await world.sandbox.recordPayment(email: Self.email, invoiceID: open.upstreamID)
      let third = try await fetch(world, second.cursor)
      let paid = try #require(third.items.first { $0.upstreamID == open.upstreamID })
      #expect(paid.status == .closed)
      #expect(paid.details["open"] == "0.00")
      #expect(paid.details["deadlines"] == nil)
    }
  }

  @Test func markPaidTwiceRecordsOnePaymentAndAServerPaymentMeanwhileIsAConflict() async throws {
    try await withWorld { world in
      let first = try await fetch(world, nil)
      let sent = first.items.filter {
        $0.kind == .invoice && ($0.details["status"] == "sent" || $0.details["status"] == "viewed")
          && $0.details["amountPaid"] == "0.00"
      }
      #expect(sent.count >= 2)
      let now = world.sandbox.currentDate()
      // Paid in full, sent twice (a crash after the first): done, then already done.
      let one = sent[0]
      let prepared = try AgilityConnector.prepare(.agilityMarkPaid, on: one, params: [:], now: now)
      guard case .done = try await perform(world, .agilityMarkPaid, prepared, item: one) else {
        Issue.record("the first attempt did not record the payment")
        return
      }
      #expect(try await perform(world, .agilityMarkPaid, prepared, item: one) == .alreadyDone)
      let server = await world.sandbox.invoice(email: Self.email, id: one.upstreamID)
      #expect(server?.status == "paid")
      #expect(server?.amountPaidCents == server?.totalCents)

      // Queued offline; meanwhile the client pays part online: a conflict with Agility's copy.
      let two = sent[1]
      let queued = try AgilityConnector.prepare(.agilityMarkPaid, on: two, params: [:], now: now)
      await world.sandbox.recordPayment(email: Self.email, invoiceID: two.upstreamID, amountCents: 1000)
      let outcome = try await perform(world, .agilityMarkPaid, queued, item: two)
      guard case .conflict(let reason, let state) = outcome else {
        Issue.record("expected a conflict, got \(outcome)")
        return
      }
      #expect(reason.english.contains("$10.00 paid"))
      #expect(state?["amount_paid"] != nil)
      let after = await world.sandbox.invoice(email: Self.email, id: two.upstreamID)
      #expect(after?.amountPaidCents == 1000)

      // A partial payment keeps the status and says what is open.
      let third = try await fetch(world, first.cursor)
      let partial = try #require(third.items.first { $0.upstreamID == two.upstreamID })
      let part = try AgilityConnector.prepare(.agilityMarkPaid, on: partial, params: ["amount": "5.00"], now: now)
      guard case .done = try await perform(world, .agilityMarkPaid, part, item: partial) else {
        Issue.record("the partial payment was not recorded")
        return
      }
      let kept = await world.sandbox.invoice(email: Self.email, id: two.upstreamID)
      #expect(kept?.amountPaidCents == 1500)
      #expect(kept?.status != "paid")
      // A draft cannot be paid; more than is open is refused before anything is queued.
      let draft = try #require(first.items.first { $0.kind == .invoice && $0.details["status"] == "draft" })
      #expect(throws: ActionRefusal.self) {
        try AgilityConnector.prepare(.agilityMarkPaid, on: draft, params: [:], now: now)
      }
      #expect(throws: ActionRefusal.self) {
        try AgilityConnector.prepare(.agilityMarkPaid, on: partial, params: ["amount": "999999.00"], now: now)
      }
    }
  }

  @Test(arguments: [false, true])
  func aDraftMadeOfflineArrivesOnceNumberedAndIsSentOnce(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      let client = try #require(first.items.first { $0.kind == .invoiceClient })
      let before = await world.sandbox.invoices(email: Self.email)
      let prepared = try AgilityConnector.prepare(
        .agilityCreateDraft,
        params: [
          "clientId": .string(client.upstreamID), "issueDate": "2026-11-25", "taxRate": "8.875",
          "lines": "Logo design|1.5|120.33\nHosting|0.25|80.10|untaxed",
        ], now: world.sandbox.currentDate())
      let outcome = try await perform(world, .agilityCreateDraft, prepared)
      guard case .done(let row) = outcome else {
        Issue.record("the draft was not created: \(outcome)")
        return
      }
      // Numbered by Agility's sequence, after the highest so far.
      let number = try #require(row?["invoice_number"]?.stringValue)
      #expect(number.wholeMatch(of: /INV-\d{4}/) != nil)
      #expect(!before.contains { $0.invoiceNumber == number })
      // 1.5 × 120.33 = 180.495 → 180.50 (half-up); 0.25 × 80.10 = 20.025 → 20.03; tax 8.875 % of
      // the taxable 180.50 = 16.019… → 16.02; total 216.55.
      let server = try #require(await world.sandbox.invoice(email: Self.email, id: prepared.target))
      #expect(server.subtotalCents == 20_053)
      #expect(server.taxAmountCents == 1602)
      #expect(server.totalCents == 21_655)
      // Sent again after a crash: nothing more.
      #expect(try await perform(world, .agilityCreateDraft, prepared) == .alreadyDone)
      #expect((await world.sandbox.invoices(email: Self.email)).count == before.count + 1)

      // Synced, then sent: once, and a second send is already done.
      let second = try await fetch(world, first.cursor)
      let draft = try #require(second.items.first { $0.upstreamID == prepared.target })
      #expect(draft.details["status"] == "draft")
      let send = try AgilityConnector.prepare(.agilitySendInvoice, on: draft, params: [:], now: Date())
      guard case .done = try await perform(world, .agilitySendInvoice, send, item: draft) else {
        Issue.record("the draft was not sent")
        return
      }
      #expect(try await perform(world, .agilitySendInvoice, send, item: draft) == .alreadyDone)
      #expect(await world.sandbox.invoice(email: Self.email, id: prepared.target)?.status == "sent")
      // Only a draft can be sent: refused before anything is queued.
      let third = try await fetch(world, second.cursor)
      let sentNow = try #require(third.items.first { $0.upstreamID == prepared.target })
      #expect(throws: ActionRefusal.self) {
        try AgilityConnector.prepare(.agilitySendInvoice, on: sentNow, params: [:], now: Date())
      }
    }
  }

  @Test func aCategoryDeletedWhileARecategorisationWaitedIsAConflict() async throws {
    try await withWorld { world in
      let first = try await fetch(world, nil)
      let categories = first.items.filter { $0.kind == .moneyCategory && $0.details["isSystem"] == .bool(false) }
      let custom = try #require(categories.first)
      let transactions = first.items.filter { $0.kind == .moneyTransaction && $0.details["categoryId"] != nil }
      let one = try #require(transactions.first { $0.details["categoryId"]?.stringValue != custom.upstreamID })
      let two = try #require(transactions.last { $0.details["categoryId"]?.stringValue != custom.upstreamID })
      let now = world.sandbox.currentDate()
      let move = try AgilityConnector.prepare(
        .agilityRecategorise, on: one, params: ["categoryId": .string(custom.upstreamID)], now: now)
      guard case .done = try await perform(world, .agilityRecategorise, move, item: one) else {
        Issue.record("the recategorisation was not done")
        return
      }
      #expect(try await perform(world, .agilityRecategorise, move, item: one) == .alreadyDone)
      let waiting = try AgilityConnector.prepare(
        .agilityRecategorise, on: two, params: ["categoryId": .string(custom.upstreamID)], now: now)
      #expect(await world.sandbox.deleteCategory(email: Self.email, name: custom.title) == custom.upstreamID)
      let outcome = try await perform(world, .agilityRecategorise, waiting, item: two)
      guard case .conflict(let reason, _) = outcome else {
        Issue.record("expected a conflict, got \(outcome)")
        return
      }
      #expect(reason.english.contains("category no longer exists"))
    }
  }

  /// A value the service cannot take (a category id that is no uuid: 22P02) is a refusal that
  /// ends the action as failed with the service's words, on both engines.
  @Test(arguments: [false, true])
  func aValueTheServiceCannotTakeIsARefusalNotAConflict(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      let one = try #require(first.items.first { $0.kind == .moneyTransaction })
      let move = try AgilityConnector.prepare(
        .agilityRecategorise, on: one, params: ["categoryId": "not-a-uuid"], now: world.sandbox.currentDate())
      do {
        let outcome = try await perform(world, .agilityRecategorise, move, item: one)
        Issue.record("expected a refusal, got \(outcome)")
      } catch let error as SessionError {
        guard case .connector(.refused(let reason)) = error else {
          Issue.record("expected a refusal, got \(error)")
          return
        }
        #expect(reason.contains("22P02"), "\(reason)")
      }
    }
  }

  @Test func fifteenMinuteSessionsAreRenewedBeforeTheyEnd() async throws {
    try await withWorld { world in
      let first = try await fetch(world, nil)
      // Past the 900 s an access token lives: the next pull renews first, no 401 reaches it.
      await world.sandbox.advanceClock(seconds: 1000)
      let second = try await fetch(world, first.cursor)
      #expect(second.cursor != nil)
      await world.sandbox.advanceClock(seconds: 1000)
      _ = try await fetch(world, second.cursor)
    }
  }

  @Test(arguments: [false, true])
  func theWidgetAndTheTaxTableComeFromWhatWasSynced(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      let now = world.sandbox.currentDate()
      let options = ["timeZone": "America/New_York", "incomeTaxRate": "12"]
      let widget = try AgilityConnector.answer(
        "agility.dashboard", params: [:], items: first.items, points: [], options: options, now: now)
      #expect(widget["block"]?["empty"] == .bool(false))
      #expect(widget["block"]?["month"] == "2026-11")
      #expect(widget["block"]?["cash"]?["balance"] != nil)
      #expect(widget["bar"]?.stringValue?.hasPrefix("P&L ") == true)
      let tax = try AgilityConnector.answer(
        "agility.tax", params: ["year": 2026], items: first.items, points: [], options: options, now: now)
      guard case .array(let rows)? = tax["installments"] else {
        Issue.record("no installments")
        return
      }
      #expect(rows.count == 4)
      #expect(tax["selfEmploymentOnly"] == .bool(false))
      // The installments synced as items agree with the table from the store.
      let q4 = try #require(first.items.first { $0.upstreamID == "2026-Q4" })
      #expect(rows[3]["suggested"] == q4.details["suggested"])
      let invoices = try AgilityConnector.answer(
        "agility.invoices", params: ["status": "unpaid"], items: first.items, points: [], options: options, now: now)
      guard case .array(let unpaid)? = invoices["invoices"] else {
        Issue.record("no invoices")
        return
      }
      #expect(!unpaid.isEmpty)
      #expect(unpaid.allSatisfy { ["sent", "viewed", "overdue"].contains($0["status"]?.stringValue ?? "") })
    }
  }

  /// Lets the first `passing` uploads of transactions through and then breaks the connection
  /// after the server has done the work, as a daemon killed mid-upload never sees its answer.
  final class CutAfter: HTTPTransport, @unchecked Sendable {
    let inner: any HTTPTransport
    let passing: Int
    private let lock = NSLock()
    private var uploads = 0

    init(_ inner: any HTTPTransport, passing: Int) {
      self.inner = inner
      self.passing = passing
    }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
      let response = try await inner.send(request)
      guard request.method == "POST", request.url.contains("/rest/v1/transactions") else { return response }
      let count = lock.withLock {
        uploads += 1
        return uploads
      }
      if count > passing { throw .connectionLost("cut by the test after the server's commit") }
      return response
    }
  }

  @Test(arguments: [false, true])
  func anUploadCutHalfwayLosesAndDuplicatesNothingWhenItIsSentAgain(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      let card = try #require(first.items.first { $0.kind == .bankAccount && $0.details["type"] == "credit_card" })
      // 1,200 rows: three batches of 500.
      let large = AgilityBankFiles.large(rows: 1200, duplicateShare: 0, seed: 9)
      let context = ImportContext(
        existing: [:], items: first.items, options: ["timeZone": "America/New_York"],
        params: ["bankAccount": .string(card.upstreamID)], now: world.sandbox.currentDate())
      let plan = try AgilityConnector.importFiles(
        "agility.bank-csv", files: [ImportFile(name: "big.csv", bytes: large.bytes)], context: context)
      let (type, upload) = try #require(plan.action)
      let rows = try #require(AgilityUpload.rows(upload.params))
      #expect(rows.count >= 1000)
      let before = await world.sandbox.rowCount(email: Self.email, table: "transactions")

      // The first batch arrives; the connection breaks on the second after the server took it.
      let cut = AgilityConnector(
        account: world.connector.account, transport: CutAfter(TestHTTP.transport, passing: 1)
      ) { world.sandbox.currentDate() }
      let session = try await world.keeper.perform { _, session throws(ConnectorError) in session }
      await #expect(throws: ConnectorError.self) {
        _ = try await cut.perform(
          ActionRequest(type: type, target: upload.target, params: upload.params, item: nil), session: session)
      }
      let halfway = await world.sandbox.transactionCount(email: Self.email, importBatch: upload.target)
      #expect(halfway == 1000)

      // Sent again whole after the restart: only the missing rows go in.
      let outcome = try await perform(world, type, upload)
      guard case .done(let reply) = outcome else {
        Issue.record("the replay did nothing: \(outcome)")
        return
      }
      #expect(reply?["inserted"]?.int64Value == Int64(rows.count - 1000))
      #expect(await world.sandbox.transactionCount(email: Self.email, importBatch: upload.target) == rows.count)
      #expect(await world.sandbox.rowCount(email: Self.email, table: "transactions") == before + rows.count)
      // And once more: already done, nothing added.
      #expect(try await perform(world, type, upload) == .alreadyDone)
      #expect(await world.sandbox.rowCount(email: Self.email, table: "transactions") == before + rows.count)
    }
  }
}

extension AgilityConnectorTests {
  @Test(arguments: [false, true])
  func aDraftIsEditedOnceEvenWhenTheEditIsSentAgainAndASentOneIsNotEdited(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      let draft = try #require(first.items.first { $0.kind == .invoice && $0.details["status"] == "draft" })
      let edit = try AgilityConnector.prepare(
        .agilityEditDraft, on: draft,
        params: ["lines": "Workshop|2|450\nTravel|1|120.50|untaxed", "notes": "Thanks!", "taxRate": "10"], now: Date())
      guard case .done(let reply) = try await perform(world, .agilityEditDraft, edit, item: draft) else {
        Issue.record("the edit was not made")
        return
      }
      // 900 taxed at 10 % plus 120.50 untaxed.
      #expect(reply?["total"] == "1110.50")
      let server = try #require(await world.sandbox.invoice(email: Self.email, id: draft.upstreamID))
      #expect(server.subtotalCents == 102_050)
      #expect(server.taxAmountCents == 9000)
      // Sent again after a crash: already done, nothing doubled.
      #expect(try await perform(world, .agilityEditDraft, edit, item: draft) == .alreadyDone)
      #expect(await world.sandbox.invoice(email: Self.email, id: draft.upstreamID)?.totalCents == 111_050)
      let second = try await fetch(world, first.cursor)
      let edited = try #require(second.items.first { $0.upstreamID == draft.upstreamID })
      if case .array(let lines)? = edited.details["lineItems"] {
        #expect(lines.compactMap { $0["description"]?.stringValue } == ["Workshop", "Travel"])
      } else {
        Issue.record("no line items")
      }
      // Sent at Agility while a second edit waited: a conflict, the sent invoice untouched.
      let waiting = try AgilityConnector.prepare(.agilityEditDraft, on: edited, params: ["notes": "Later"], now: Date())
      let send = try AgilityConnector.prepare(.agilitySendInvoice, on: edited, params: [:], now: Date())
      _ = try await perform(world, .agilitySendInvoice, send, item: edited)
      guard case .conflict = try await perform(world, .agilityEditDraft, waiting, item: edited) else {
        Issue.record("an edit of a sent invoice went through")
        return
      }
      #expect(throws: ActionRefusal.self) {
        try AgilityConnector.prepare(.agilityEditDraft, on: draft, params: [:], now: Date())
      }
    }
  }
}

extension AgilityConnectorTests {
  /// The generator's files against the sandbox's own bank-feed rows, end to end: each imports
  /// with its expected summary, the upload lands, and after a sync the same file adds nothing:
  /// the server's `import_hash` is the fingerprint computed here.
  @Test(arguments: [AgilityBankFile.Shape.plaidMatches, .chaseChecking, .sameDayIdentical, .bofaChecking])
  func aGeneratedFileImportsOnceThroughTheService(shape: AgilityBankFile.Shape) async throws {
    try await withWorld { world in
      let first = try await fetch(world, nil)
      let rows = await world.sandbox.existingPlaidRows(email: Self.email)
      // The generator wants bank-feed rows with distinct amounts: the latest such ones.
      var seen: Set<Int64> = []
      let plaid = rows.sorted { $0.date > $1.date }.filter { seen.insert($0.amountCents).inserted }.prefix(6).map {
        AgilityBankFiles.ExistingPlaidRow(
          id: $0.id, date: $0.date, amountCents: $0.amountCents, description: $0.descriptionRaw ?? $0.merchant,
          pending: $0.status == "pending")
      }
      let account = try #require(rows.first?.accountID)
      let file = AgilityBankFiles.file(shape, seed: 5, existingPlaid: Array(plaid))
      func plan(_ items: [Item]) throws -> ImportPlan {
        var params: [String: JSONValue] = ["bankAccount": .string(account)]
        if file.invertSign { params["invertSign"] = true }
        return try AgilityConnector.importFiles(
          "agility.bank-csv", files: [ImportFile(name: file.name, bytes: file.bytes)],
          context: ImportContext(
            existing: [:], items: items, options: ["timeZone": "America/New_York"], params: params,
            now: world.sandbox.currentDate()))
      }
      let imported = try plan(first.items)
      #expect(imported.summary["inserted"]?.int64Value == Int64(file.expected.inserted), "\(imported.summary)")
      #expect(imported.summary["needs_review_count"]?.int64Value == Int64(file.expected.needsReview))
      #expect(imported.summary["already_present"]?.int64Value == Int64(file.expected.alreadyPresent))
      let (type, upload) = try #require(imported.action)
      guard case .done = try await perform(world, type, upload) else {
        Issue.record("the upload did not land")
        return
      }
      #expect(
        await world.sandbox.transactionCount(email: Self.email, importBatch: upload.target) == file.expected.inserted)
      let second = try await fetch(world, first.cursor)
      // What the server holds now, as the next sync stored it (not what the import stored).
      var items = Dictionary(first.items.map { ($0.upstreamID, $0) }) { a, _ in a }
      for item in second.items { items[item.upstreamID] = item }
      let again = try plan(Array(items.values))
      #expect(again.summary["inserted"] == 0)
      #expect(again.action == nil)
    }
  }
}

extension AgilityConnectorTests {
  /// A bank connection that needs signing in again at Agility is news (agility.md §7's fault):
  /// the account's item changes so that its declared announcement matches.
  @Test func aBankConnectionNeedingReauthIsNews() async throws {
    try await withWorld { world in
      let first = try await fetch(world, nil)
      let checking = try #require(first.items.first { $0.kind == .bankAccount && $0.details["connection"] == "plaid" })
      #expect(checking.details["connectionStatus"] == "ok")
      #expect(
        await world.sandbox.setConnectionStatus(email: Self.email, account: checking.upstreamID, status: "needs_reauth")
      )
      let second = try await fetch(world, first.cursor)
      let changed = try #require(second.items.first { $0.upstreamID == checking.upstreamID })
      #expect(changed.details["connectionStatus"] == "needs_reauth")
      let declaration = try #require(AgilityConnector.descriptor.itemKinds.first { $0.kind == .bankAccount })
      let change = ItemChange(
        number: 1, kind: .bankAccount, upstreamID: changed.upstreamID, change: .changed, fields: ["details"])
      #expect(declaration.announcements.contains { $0.matches(change, changed) })
      #expect(!declaration.announcements.contains { $0.matches(change, checking) })
    }
  }
}

import Foundation
import OutpostConnectors
import OutpostModel
import OutpostSandbox
import OutpostStore

extension SyncBench {
  /// Issue 18's figure: `outpost agility import` of a 50,000-row bank CSV with 10 % duplicates
  /// (half an overlap with the previous export, half near-matches of bank-feed rows), as the
  /// daemon runs it: the store's transactions read as context, the file parsed and checked, the
  /// new rows stored and the upload queued. The target is under 1 s (release build).
  static func agilityImport(in directory: URL) async throws {
    let large = AgilityBankFiles.large(rows: 50_000, duplicateShare: 0.1, seed: 2026)
    let now = Date()
    let store = try Store.open(path: directory.appendingPathComponent("agility.sqlite").path)
    let id = UUID().uuidString.lowercased()
    let options = ["timeZone": "America/New_York"]
    try await store.addAccount(
      Account(
        id: id, name: "bench-agility", kind: "agility", username: "bench", baseURL: "https://example.org",
        state: .ok, stateChangedAt: now, createdAt: now, options: options))
    let accountItem = Item(
      kind: .bankAccount, upstreamID: "acct-bench", title: "Business Checking",
      details: ["type": "checking", "mask": "4321", "version": 1])
    let plaid = large.plaid.map { row in
      Item(
        kind: .moneyTransaction, upstreamID: row.id, title: row.description,
        details: [
          "date": .string(row.date), "amount": .string(MinorUnits.decimal(row.amountCents, currency: "USD")),
          "accountId": "acct-bench", "source": "plaid", "status": .string(row.pending ? "pending" : "posted"),
          "descriptionRaw": .string(row.description), "version": 1,
        ])
    }
    let window = SyncWindow(from: .distantPast, to: .distantFuture)
    _ = try await store.applySync(
      accountID: id, items: [accountItem] + plaid, complete: [], window: window, cursor: nil)

    func importOnce(_ bytes: [UInt8], name: String) async throws -> (ImportPlan, [String]) {
      var phases: [String] = []
      let clock = ContinuousClock()
      var mark = clock.now
      func phase(_ label: String) {
        phases.append("\(label) \(ms(clock.now - mark))")
        mark = clock.now
      }
      let items = try await store.items(accountID: id, kinds: [.bankAccount, .moneyTransaction]).map(\.item)
      phase("context (\(items.count) items)")
      let plan = try AgilityConnector.importFiles(
        "agility.bank-csv", files: [ImportFile(name: name, bytes: bytes)],
        context: ImportContext(
          existing: [:], items: items, options: options, params: ["bankAccount": "Business Checking"], now: now))
      phase("read and check")
      if !plan.items.isEmpty {
        _ = try await store.applySync(accountID: id, items: plan.items, complete: [], window: window, cursor: nil)
      }
      phase("store")
      if let (type, prepared) = plan.action {
        _ = try await store.enqueueAction(
          accountID: id, type: type, itemNumber: nil, target: prepared.target, params: prepared.params)
        phases.append("upload \(prepared.params.serialized.count / 1024) KiB")
      }
      phase("queue")
      return (plan, phases)
    }

    let (previous, _) = try await importOnce(large.previousExport, name: "previous.csv")
    var plan: ImportPlan?
    var phases: [String] = []
    let elapsed = try await timed { (plan, phases) = try await importOnce(large.bytes, name: "export.csv") }
    let summary = plan?.summary ?? .null
    let expected = large.expected
    print(
      "  agility import of a 50,000-row bank CSV with 10 % duplicates (\(large.bytes.count / 1024) KiB), into the "
        + "store as the daemon does it: \(ms(elapsed))")
    print("    (\(phases.joined(separator: ", ")))")
    print(
      "    \(summary["inserted"]?.int64Value ?? -1) new (expected \(expected.inserted)), "
        + "\(summary["already_present"]?.int64Value ?? -1) already present (expected \(expected.alreadyPresent)), "
        + "\(summary["needs_review_count"]?.int64Value ?? -1) flagged (expected \(expected.needsReview)); "
        + "the previous export stored \(previous.items.count) first")
    var parseOnly: [Duration] = []
    for _ in 0..<5 {
      parseOnly.append(
        try await timed {
          let file = try BankCSVParser.parse(large.bytes, accountID: "acct-bench")
          _ = BankCSVDeduplicator.plan(file, accountID: "acct-bench", existing: [])
        })
    }
    parseOnly.sort()
    print("  the parse and duplicate plan alone: median of 5 \(ms(parseOnly[2]))")
    let (again, _) = try await importOnce(large.bytes, name: "export.csv")
    print(
      "  the same file again: \(again.summary["inserted"]?.int64Value ?? -1) new, nothing queued: \(again.action == nil)"
    )
  }
}

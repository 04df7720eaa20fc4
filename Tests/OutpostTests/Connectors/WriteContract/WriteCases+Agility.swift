import Foundation
import OutpostModel
import Testing

@testable import OutpostConnectors
@testable import OutpostSandbox

/// Agility on PostgreSQL (contrib/supabase/agility.sql): version-preconditioned PATCHes, the
/// `send_invoice` function, drafts inserted with client-made ids.
extension WriteCases {
  static let agilityEmail = AgilityDemo.email

  static func agilityRow(_ table: String) -> @Sendable (WriteWorld, ActionRequest) async throws -> JSONValue? {
    { world, request in
      let owner = AgilityDemo.userID(agilityEmail)
      return first(
        await stored(
          world.server.agility.postgres,
          "\(table)?id=eq.\(FormEncoding.percentEncode(request.target))&user_id=eq.\(owner)&order=id.asc"))
    }
  }

  /// Edited on the web since the last sync: the row's version moves on.
  static func agilityChange(_ table: String, _ values: [(String, SandboxJSON)] = [("notes", "Changed on the web")])
    -> WriteCase.Plan<@Sendable (WriteWorld, ActionRequest) async throws -> Void>
  {
    .check { world, request in
      try await changeElsewhere(
        world.server.agility.postgres, AgilityTables.named(table), id: request.target, values,
        now: world.server.agility.nowMicroseconds())
    }
  }

  /// The request with one value of its `key` object replaced by text PostgreSQL cannot read
  /// as the column's type (22P02).
  static func unreadable(_ key: String, _ column: String, _ request: ActionRequest) throws -> WriteCase.Refusal {
    var made = request
    guard case .object(var params) = made.params, case .object(var values)? = params[key] else {
      throw WriteContractError("no \(key)")
    }
    values[column] = "lots"
    params[key] = .object(values)
    made.params = .object(params)
    return WriteCase.Refusal(request: made, reason: "22P02")
  }

  static func unpaidInvoice(_ world: WriteWorld) async throws -> ActionRequest {
    let item = try #require(
      try await world.items(.invoice).first {
        ($0.details["status"] == "sent" || $0.details["status"] == "viewed") && $0.details["amountPaid"] == "0.00"
      })
    return WriteWorld.request(
      .agilityMarkPaid, try AgilityConnector.prepare(.agilityMarkPaid, on: item, params: [:], now: world.now),
      item: item)
  }

  static func draft(_ world: WriteWorld, _ type: ActionType, params: [String: JSONValue] = [:]) async throws
    -> ActionRequest
  {
    let item = try #require(try await world.items(.invoice).first { $0.details["status"] == "draft" })
    return WriteWorld.request(
      type, try AgilityConnector.prepare(type, on: item, params: params, now: world.now), item: item)
  }

  static func recategorisation(_ world: WriteWorld) async throws -> ActionRequest {
    let items = try await world.fetch()
    let transaction = try #require(items.first { $0.kind == .moneyTransaction && $0.details["version"] != nil })
    let category = try #require(
      items.first {
        $0.kind == .moneyCategory && $0.upstreamID != transaction.details["categoryId"]?.stringValue
          && $0.details["deletedAt"] == nil
      })
    return WriteWorld.request(
      .agilityRecategorise,
      try AgilityConnector.prepare(
        .agilityRecategorise, on: transaction, params: ["categoryId": .string(category.upstreamID)], now: world.now),
      item: transaction)
  }

  static func newDraft(_ world: WriteWorld) async throws -> ActionRequest {
    let client = try #require(try await world.items(.invoiceClient).first)
    let day = String(UTCTimestamp.format(world.now).prefix(10))
    return WriteWorld.request(
      .agilityCreateDraft,
      try AgilityConnector.prepare(
        .agilityCreateDraft,
        params: [
          "clientId": .string(client.upstreamID), "lines": "Design work|2|150\nTravel|1|40|untaxed",
          "issueDate": .string(day),
        ], now: world.now))
  }

  static func agilityUpload(_ world: WriteWorld) async throws -> ActionRequest {
    let items = try await world.fetch()
    let card = try #require(items.first { $0.kind == .bankAccount && $0.details["type"] == "credit_card" })
    let file = AgilityBankFiles.large(rows: 20, duplicateShare: 0, seed: 9)
    let context = ImportContext(
      existing: [:], items: items, options: ["timeZone": "America/New_York"],
      params: ["bankAccount": .string(card.upstreamID)], now: world.now)
    let plan = try AgilityConnector.importFiles(
      "agility.bank-csv", files: [ImportFile(name: "card.csv", bytes: file.bytes)], context: context)
    let (type, upload) = try #require(plan.action)
    return WriteWorld.request(type, upload)
  }

  /// A custom category with a name no seeded one has.
  static func newCategory(_ world: WriteWorld) async throws -> ActionRequest {
    WriteWorld.request(
      .agilityAddCategory,
      try AgilityConnector.prepare(.agilityAddCategory, params: ["name": "Conference fees"], now: world.now))
  }

  static var agility: [WriteCase] {
    [
      WriteCase(
        connector: "agility", action: .agilityAddCategory, world: WriteWorlds.agility, request: newCategory,
        observe: { world, request in
          let id = FormEncoding.percentEncode(request.target)
          let database = await world.server.agility.postgres
          return .int(Int64(count(await stored(database, "categories?select=id&id=eq.\(id)&order=id.asc"))))
        },
        applied: { seen, _ in seen == .int(1) },
        // The name taken at Agility meanwhile (a seeded category renamed on the web).
        conflict: .check { world, request in
          let items = try await world.fetch()
          let other = try #require(items.first { $0.kind == .moneyCategory && $0.details["isSystem"] == .bool(false) })
          try await changeElsewhere(
            world.server.agility.postgres, AgilityTables.named("categories"), id: other.upstreamID,
            [("name", .string(request.params["category"]?["name"]?.stringValue ?? ""))],
            now: world.server.agility.nowMicroseconds())
        },
        refusal: .check { world in try unreadable("category", "kind", try await newCategory(world)) }),
      WriteCase(
        connector: "agility", action: .agilityMarkPaid, world: WriteWorlds.agility, request: unpaidInvoice,
        observe: agilityRow("invoices"), applied: { row, _ in row?["status"] == "paid" },
        conflict: agilityChange("invoices"),
        refusal: .check { world in try unreadable("values", "amount_paid", try await unpaidInvoice(world)) }),
      WriteCase(
        connector: "agility", action: .agilitySendInvoice, world: WriteWorlds.agility,
        request: { world in try await draft(world, .agilitySendInvoice) },
        observe: agilityRow("invoices"), applied: { row, _ in row?["status"] == "sent" },
        conflict: agilityChange(
          "invoices", [("deleted_at", .string(UTCTimestamp.format(Date(timeIntervalSince1970: 1_795_600_000))))]),
        refusal: .notApplicable(
          "send_invoice takes only the invoice's id; what it refuses (not a draft any more) is a precondition"
            + " conflict, or already done")),
      WriteCase(
        connector: "agility", action: .agilityRecategorise, world: WriteWorlds.agility, request: recategorisation,
        observe: agilityRow("transactions"),
        applied: { row, request in
          row?["category_id"] != nil && row?["category_id"] == request.params["values"]?["category_id"]
        },
        conflict: agilityChange("transactions"),
        refusal: .check { world in try unreadable("values", "category_id", try await recategorisation(world)) }),
      WriteCase(
        connector: "agility", action: .agilityCreateDraft, world: WriteWorlds.agility, request: newDraft,
        observe: { world, request in
          let id = FormEncoding.percentEncode(request.target)
          let database = await world.server.agility.postgres
          return [
            "invoices": .int(Int64(count(await stored(database, "invoices?select=id&id=eq.\(id)&order=id.asc")))),
            "lines": .int(
              Int64(count(await stored(database, "invoice_line_items?select=id&invoice_id=eq.\(id)&order=id.asc")))),
          ]
        },
        applied: { seen, request in
          guard case .array(let lines)? = request.params["lines"] else { return false }
          return seen?["invoices"] == .int(1) && seen?["lines"] == .int(Int64(lines.count))
        },
        conflict: .notApplicable("a new draft has no upstream item to be stale against (its id is made when queued)"),
        refusal: .check { world in try unreadable("invoice", "tax_rate", try await newDraft(world)) }),
      WriteCase(
        connector: "agility", action: .agilityEditDraft, world: WriteWorlds.agility,
        request: { world in try await draft(world, .agilityEditDraft, params: ["notes": "Net 15, thank you"]) },
        observe: agilityRow("invoices"), applied: { row, _ in row?["notes"] == "Net 15, thank you" },
        conflict: agilityChange("invoices"),
        refusal: .check { world in
          try unreadable("header", "tax_rate", try await draft(world, .agilityEditDraft, params: ["notes": "x"]))
        }),
      WriteCase(
        connector: "agility", action: .agilityUploadImport, world: WriteWorlds.agility, request: agilityUpload,
        observe: { world, request in
          .int(Int64(await world.server.agility.transactionCount(email: agilityEmail, importBatch: request.target)))
        },
        applied: { count, request in
          count?.int64Value == Int64(AgilityUpload.rows(request.params)?.count ?? -1)
        },
        conflict: .notApplicable(
          "an import has no precondition: rows already there are skipped by their import hash (agility.md §5.5)"),
        refusal: .notApplicable("not built yet: the upload's compact rows need a refused value crafted in place")),
    ]
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A draft invoice made here, perhaps offline (agility.md §3): the invoice row and its line
/// items get ids when queued, and no number (Agility's sequence numbers it on arrival). Sent
/// again after a crash, the invoice already there and its items already there are "done".
enum AgilityDraft {
  struct Line: Equatable {
    var description: String
    /// Thousandths (numeric(12,3)).
    var quantityMilli: Int64
    var rateCents: Int64
    var taxable: Bool
  }

  /// "Logo design|1.5|120" (and "|untaxed") per line.
  static func lines(_ text: String) throws(ActionRefusal) -> [Line] {
    var lines: [Line] = []
    for (index, raw) in text.split(whereSeparator: \.isNewline).enumerated() {
      let fields = raw.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let number = index + 1
      guard fields.count == 3 || fields.count == 4, !fields[0].isEmpty else {
        throw .invalidParams("line \(number): write DESCRIPTION|QUANTITY|RATE (and |untaxed to leave out the tax)")
      }
      guard let quantity = Self.milli(fields[1]), quantity > 0, fields[1].allSatisfy({ $0.isNumber || $0 == "." })
      else {
        throw .invalidParams("line \(number): \"\(fields[1])\" is not a quantity above 0 (up to 3 decimals)")
      }
      guard let rate = AgilityMoney.cents(fields[2].replacingOccurrences(of: "$", with: "")), rate >= 0 else {
        throw .invalidParams("line \(number): \"\(fields[2])\" is not a rate in dollars")
      }
      if fields.count == 4, fields[3].lowercased() != "untaxed" {
        throw .invalidParams("line \(number): the fourth field can only be \"untaxed\"")
      }
      lines.append(
        Line(
          description: fields[0], quantityMilli: quantity, rateCents: rate,
          taxable: fields.count == 3))
    }
    guard !lines.isEmpty else { throw .invalidParams("an invoice needs at least one line item") }
    guard lines.count <= 200 else { throw .invalidParams("at most 200 line items") }
    return lines
  }

  /// "1.5" → 1500, "0.125" → 125; nil past three decimals.
  static func milli(_ text: String) -> Int64? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int64(parts[0].isEmpty ? "0" : parts[0]) else { return nil }
    guard parts.count == 2 else { return whole * 1000 }
    guard parts[1].count <= 3, let fraction = Int64((parts[1] + "000").prefix(3)) else { return nil }
    return whole * 1000 + fraction
  }

  static func prepare(_ params: [String: JSONValue]) throws(ActionRefusal) -> PreparedAction {
    guard let client = params["clientId"]?.stringValue, !client.isEmpty,
      let issue = params["issueDate"]?.stringValue
    else {
      throw .invalidParams("a draft needs clientId and issueDate")
    }
    let lines = try lines(params["lines"]?.stringValue ?? "")
    if let due = params["dueDate"]?.stringValue, due < issue {
      throw .invalidParams("the due day \(due) is before the issue day \(issue)")
    }
    let id = UUID().uuidString.lowercased()
    var invoice: [String: JSONValue] = [
      "id": .string(id), "client_id": .string(client), "issue_date": .string(issue), "template": 1,
    ]
    if let due = params["dueDate"]?.stringValue { invoice["due_date"] = .string(due) }
    if let rate = params["taxRate"]?.stringValue { invoice["tax_rate"] = .string(rate) }
    if let notes = params["notes"]?.stringValue, !notes.isEmpty { invoice["notes"] = .string(notes) }
    return PreparedAction(
      target: id, params: ["invoice": .object(invoice), "lines": .array(rows(lines, invoice: id, salt: ""))])
  }

  /// The line item rows, with ids fixed by the invoice, the edit (`salt`) and the position: sent
  /// again, they are the same rows.
  static func rows(_ lines: [Line], invoice id: String, salt: String) -> [JSONValue] {
    lines.enumerated().map { index, line in
      [
        "id": .string(StableUUID.from("agility-line:\(id):\(salt)\(index + 1)")), "invoice_id": .string(id),
        "position": .int(Int64(index + 1)), "description": .string(line.description),
        "quantity": .string(MinorUnits.decimal(line.quantityMilli, currency: "KWD")),
        "rate": .string(AgilityMoney.decimal(line.rateCents)), "taxable": .bool(line.taxable),
      ]
    }
  }

  /// An edit of a draft (only drafts are editable in Outpost, agility.md §3): the changed
  /// header fields under the draft's version, and the new line items when given, which replace
  /// all the old ones.
  static func prepareEdit(_ item: Item, version: Int64, params: [String: JSONValue]) throws(ActionRefusal)
    -> PreparedAction
  {
    guard item.details["status"]?.stringValue == "draft" else {
      throw .said(
        LocalizedText(
          en: "only a draft can be edited here; a sent invoice can only be marked paid",
          de: "nur ein Entwurf lässt sich hier bearbeiten; eine versendete Rechnung nur als bezahlt markieren",
          fr: "seul un brouillon se modifie ici ; une facture envoyée ne peut qu'être marquée payée",
          it: "qui si modifica solo una bozza; una fattura inviata si può solo segnare pagata"))
    }
    var header: [String: JSONValue] = [:]
    for (param, column) in [
      ("issueDate", "issue_date"), ("dueDate", "due_date"), ("taxRate", "tax_rate"), ("notes", "notes"),
    ] {
      if let value = params[param] { header[column] = value }
    }
    let issue = header["issue_date"]?.stringValue ?? item.details["issueDate"]?.stringValue ?? ""
    if let due = header["due_date"]?.stringValue, due < issue {
      throw .invalidParams("the due day \(due) is before the issue day \(issue)")
    }
    var prepared: [String: JSONValue] = ["version": .int(version), "header": .object(header)]
    if case .array(let old)? = item.details["lineItems"] {
      prepared["oldLineIds"] = .array(old.compactMap { $0["id"] })
    }
    if let text = params["lines"]?.stringValue {
      prepared["lines"] = .array(rows(try lines(text), invoice: item.upstreamID, salt: "v\(version):"))
    }
    guard !header.isEmpty || prepared["lines"] != nil else {
      throw .invalidParams("say what to change: lines, issueDate, dueDate, taxRate or notes")
    }
    return PreparedAction(target: item.upstreamID, params: .object(prepared))
  }

  /// The header under the version precondition, then the old line items out and the new ones
  /// in. After a crash between the steps, the second try finds its own header values and goes
  /// on with the items; a draft sent or changed at Agility meanwhile is a conflict.
  static func performEdit(_ action: ActionRequest, data: PostgREST, session: SupabaseSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let version = action.params["version"]?.int64Value, case .object(var header)? = action.params["header"]
    else {
      throw .unsupported("agility.edit-draft: the queued action lacks its version")
    }
    let id = FormEncoding.percentEncode(action.target)
    var newLines: [JSONValue]?
    if case .array(let lines)? = action.params["lines"] { newLines = lines }
    let newIDs = (newLines ?? []).compactMap { $0["id"]?.stringValue }
    // Only the items need changing: the precondition still rides on a header write.
    if header.isEmpty { header["template"] = .null }
    var current = try await data.page("invoices", query: "select=*&id=eq.\(id)", session: session).first
    guard let row = current, row["deleted_at"]?.stringValue == nil else {
      return .conflict(.verbatim("the draft was deleted at Agility"), serverState: nil)
    }
    guard row["status"]?.stringValue == "draft" else {
      return .conflict(
        .verbatim(
          "it was sent at Agility before this change arrived; a sent invoice is not edited"), serverState: row)
    }
    if header["template"] == .null { header["template"] = row["template"] ?? 1 }
    let patched = try await data.tryUpdate(
      "invoices", filter: "id=eq.\(id)&version=eq.\(version)", values: .object(header), session: session)
    // A value or a policy the service refuses is the service's answer, not a sign the draft
    // changed meanwhile: failed at once with its words, as `preconditioned` does.
    if PostgREST.isRefusal(patched.status) {
      throw .refused("Agility refused the change: \(message(patched.body))")
    }
    var updated = false
    if case .array(let rows)? = patched.body, let first = rows.first {
      current = first
      updated = true
    }
    if !updated {
      // Changed since it was queued: by this very edit before a crash (its header values are
      // there; its items are the old ones, none, or its own), or by someone else: a conflict.
      let items = try await data.page("invoice_line_items", query: "select=id&invoice_id=eq.\(id)", session: session)
      let ids = Set(items.compactMap { $0["id"]?.stringValue })
      var oldIDs: Set<String> = []
      if case .array(let old)? = action.params["oldLineIds"] { oldIDs = Set(old.compactMap(\.stringValue)) }
      let ours = header.allSatisfy { AgilityConnector.same(row[$0.key], $0.value, column: $0.key) }
      guard ours, newLines == nil || ids.isEmpty || ids == oldIDs || ids.isSubset(of: Set(newIDs)) else {
        return .conflict(
          .verbatim("it was changed at Agility since the last sync; nothing was changed"), serverState: row)
      }
      if newLines == nil || ids == Set(newIDs) { return .alreadyDone }
    }
    if let newLines {
      let keep = newIDs.map { FormEncoding.percentEncode($0) }.joined(separator: ",")
      let removed = try await data.delete(
        "invoice_line_items", filter: "invoice_id=eq.\(id)&id=not.in.(\(keep))", session: session)
      guard (200..<300).contains(removed.status) else {
        return .conflict(.verbatim("Agility kept the old line items: \(message(removed.body))"), serverState: current)
      }
      _ = try await data.insert("invoice_line_items", rows: newLines, onConflict: "id", session: session)
    }
    let final = try await data.page(
      "invoices", query: "select=id,invoice_number,total,version&id=eq.\(id)", session: session
    )
    .first
    return .done(
      final.map {
        [
          "id": $0["id"] ?? .null, "invoice_number": $0["invoice_number"] ?? .null,
          "total": AgilityItems.money($0["total"]),
        ]
      })
  }

  static func perform(_ action: ActionRequest, data: PostgREST, session: SupabaseSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let invoice = action.params["invoice"], case .array(let lines)? = action.params["lines"] else {
      throw .unsupported("agility.create-draft: the queued action lacks its invoice")
    }
    let id = FormEncoding.percentEncode(action.target)
    let made = try await data.create("invoices", rows: [invoice], session: session)
    var replayed = false
    if made.status == 409, made.body?["code"]?.stringValue == "23505" {
      // Sent before a crash: the same id is there (or another row holds it, which a fresh UUID
      // makes impossible in practice).
      guard try await !data.page("invoices", query: "select=id&id=eq.\(id)", session: session).isEmpty else {
        return .conflict(.verbatim("Agility refused the draft: \(Self.message(made.body))"), serverState: nil)
      }
      replayed = true
    } else if made.status == 409, made.body?["code"]?.stringValue == "23503" {
      return .conflict(.verbatim("the client no longer exists at Agility; choose another"), serverState: nil)
    } else if !(200..<300).contains(made.status) {
      if PostgREST.isRefusal(made.status) { throw .refused("Agility refused the draft: \(Self.message(made.body))") }
      return .conflict(.verbatim("Agility refused the draft: \(Self.message(made.body))"), serverState: nil)
    }
    let items = try await data.create("invoice_line_items", rows: lines, session: session)
    if items.status == 409, items.body?["code"]?.stringValue == "23505" {
      return replayed ? .alreadyDone : .done(nil)
    }
    guard (200..<300).contains(items.status) else {
      return .conflict(
        .verbatim("Agility took the draft but not its line items: \(Self.message(items.body))"), serverState: nil)
    }
    guard
      let row = try await data.page("invoices", query: "select=id,invoice_number,total&id=eq.\(id)", session: session)
        .first
    else { return .done(nil) }
    // Money as exact decimal text, as everywhere else.
    return .done([
      "id": row["id"] ?? .null, "invoice_number": row["invoice_number"] ?? .null,
      "total": AgilityItems.money(row["total"]),
    ])
  }

  static func message(_ body: JSONValue?) -> String {
    let code = body?["code"]?.stringValue
    let message = body?["message"]?.stringValue ?? "no reason given"
    return code.map { "\(message) (\($0))" } ?? message
  }
}

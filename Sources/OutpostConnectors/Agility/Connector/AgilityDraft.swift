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
    let rows: [JSONValue] = lines.enumerated().map { index, line in
      [
        "id": .string(StableUUID.from("agility-line:\(id):\(index + 1)")), "invoice_id": .string(id),
        "position": .int(Int64(index + 1)), "description": .string(line.description),
        "quantity": .string(MinorUnits.decimal(line.quantityMilli, currency: "KWD")),
        "rate": .string(AgilityMoney.decimal(line.rateCents)), "taxable": .bool(line.taxable),
      ]
    }
    return PreparedAction(target: id, params: ["invoice": .object(invoice), "lines": .array(rows)])
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
        return .conflict("Agility refused the draft: \(Self.message(made.body))", serverState: nil)
      }
      replayed = true
    } else if made.status == 409, made.body?["code"]?.stringValue == "23503" {
      return .conflict("the client no longer exists at Agility; choose another", serverState: nil)
    } else if !(200..<300).contains(made.status) {
      return .conflict("Agility refused the draft: \(Self.message(made.body))", serverState: nil)
    }
    let items = try await data.create("invoice_line_items", rows: lines, session: session)
    if items.status == 409, items.body?["code"]?.stringValue == "23505" {
      return replayed ? .alreadyDone : .done(nil)
    }
    guard (200..<300).contains(items.status) else {
      return .conflict("Agility took the draft but not its line items: \(Self.message(items.body))", serverState: nil)
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

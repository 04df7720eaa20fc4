import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Agility's rows as items (agility.md §2). Each keeps the row's `id` and `version` in its
/// details: the id for writes, the version as their precondition. Money is kept as decimal
/// text ("1234.56"), never as a float. A row with `deleted_at` set names the item to remove.
struct AgilityItems {
  enum Parsed {
    case item(Item)
    case deleted(ItemKey)
  }

  /// The small tables read whole every sync, by id: what a transaction's or an invoice's
  /// details name.
  var clients: [String: JSONValue] = [:]
  var categories: [String: JSONValue] = [:]
  var accounts: [String: JSONValue] = [:]
  let days: AgilityDays
  let webBaseURL: String?

  /// A row made here and not at Agility yet has no version: nothing can act on it until a
  /// sync brings the server's.
  static func common(_ row: JSONValue) -> [String: JSONValue] {
    var details: [String: JSONValue] = ["id": row["id"] ?? .null]
    if let version = row["version"], version != .null { details["version"] = version }
    return details
  }

  static func money(_ value: JSONValue?) -> JSONValue {
    AgilityMoney.cents(value).map { .string(AgilityMoney.decimal($0)) } ?? .null
  }

  static func copy(_ row: JSONValue, _ pairs: [(String, String)], into details: inout [String: JSONValue]) {
    for (column, name) in pairs {
      if let value = row[column], value != .null { details[name] = value }
    }
  }

  func deleted(_ row: JSONValue, _ kind: ItemKind) -> Parsed? {
    guard let id = row["id"]?.stringValue else { return nil }
    return row["deleted_at"]?.stringValue != nil ? .deleted(ItemKey(kind, id)) : nil
  }

  func account(_ row: JSONValue) -> Parsed? {
    if let gone = deleted(row, .bankAccount) { return gone }
    guard let id = row["id"]?.stringValue, let name = row["name"]?.stringValue else { return nil }
    var details = Self.common(row)
    details["balance"] = Self.money(row["current_balance"])
    Self.copy(
      row,
      [
        ("institution", "institution"), ("type", "type"), ("mask", "mask"), ("balance_as_of", "balanceAsOf"),
        ("connection", "connection"), ("connection_status", "connectionStatus"), ("last_synced_at", "lastSyncedAt"),
        ("csv_profile", "csvProfile"),
      ], into: &details)
    return .item(
      Item(
        kind: .bankAccount, upstreamID: id, title: name, details: .object(details),
        link: webBaseURL.map { "\($0)/accounts/\(id)" }))
  }

  func category(_ row: JSONValue) -> Parsed? {
    if let gone = deleted(row, .moneyCategory) { return gone }
    guard let id = row["id"]?.stringValue, let name = row["name"]?.stringValue else { return nil }
    var details = Self.common(row)
    Self.copy(
      row,
      [
        ("kind", "kind"), ("schedule_c_line", "scheduleCLine"), ("deductible_pct", "deductiblePct"),
        ("is_system", "isSystem"), ("archived", "archived"),
      ], into: &details)
    return .item(
      Item(
        kind: .moneyCategory, upstreamID: id, title: name,
        status: row["archived"] == .bool(true) ? .closed : .active, details: .object(details)))
  }

  func client(_ row: JSONValue) -> Parsed? {
    if let gone = deleted(row, .invoiceClient) { return gone }
    guard let id = row["id"]?.stringValue, let name = row["name"]?.stringValue else { return nil }
    var details = Self.common(row)
    Self.copy(
      row,
      [
        ("email", "email"), ("company", "company"), ("address", "address"),
        ("payment_terms_days", "paymentTermsDays"), ("archived", "archived"),
      ], into: &details)
    return .item(
      Item(
        kind: .invoiceClient, upstreamID: id, title: name,
        status: row["archived"] == .bool(true) ? .closed : .active, details: .object(details)))
  }

  func transaction(_ row: JSONValue) -> Parsed? {
    if let gone = deleted(row, .moneyTransaction) { return gone }
    guard let id = row["id"]?.stringValue, let day = AgilityDays.parse(row["date"]?.stringValue),
      let cents = AgilityMoney.cents(row["amount"])
    else { return nil }
    var details = Self.common(row)
    details["amount"] = .string(AgilityMoney.decimal(cents))
    details["date"] = .string(AgilityDays.iso(day))
    // A day, not a moment: shown as its day, never as the midnight of another zone.
    details["allDay"] = true
    Self.copy(
      row,
      [
        ("account_id", "accountId"), ("description_raw", "descriptionRaw"), ("category_id", "categoryId"),
        ("is_business_expense", "business"), ("tags", "tags"), ("notes", "notes"), ("status", "status"),
        ("source", "source"), ("external_id", "externalId"), ("import_hash", "importHash"),
        ("import_batch_id", "importBatch"),
      ], into: &details)
    if row["receipt_id"]?.stringValue != nil { details["hasReceipt"] = true }
    if let account = row["account_id"]?.stringValue, let name = accounts[account]?["name"] {
      details["account"] = name
    }
    if let categoryID = row["category_id"]?.stringValue, let category = categories[categoryID] {
      details["category"] = category["name"] ?? .null
      details["categoryKind"] = category["kind"] ?? .null
    }
    let merchant = row["merchant"]?.stringValue ?? row["description_raw"]?.stringValue ?? "Transaction"
    return .item(
      Item(
        kind: .moneyTransaction, upstreamID: id, title: merchant, startsAt: days.instant(day),
        details: .object(details), link: webBaseURL.map { "\($0)/transactions/\(id)" }))
  }

  func invoice(_ row: JSONValue, today: CivilDate) -> Parsed? {
    if let gone = deleted(row, .invoice) { return gone }
    guard let id = row["id"]?.stringValue, let number = row["invoice_number"]?.stringValue,
      let stored = row["status"]?.stringValue
    else { return nil }
    let total = AgilityMoney.cents(row["total"]) ?? 0
    let paid = AgilityMoney.cents(row["amount_paid"]) ?? 0
    let due = AgilityDays.parse(row["due_date"]?.stringValue)
    let effective = AgilityInvoiceStatus(
      stored: stored, totalCents: total, amountPaidCents: paid, due: due,
      viewed: row["viewed_at"]?.stringValue != nil, today: today)
    var details = Self.common(row)
    details["number"] = .string(number)
    details["status"] = .string(stored)
    details["statusLabel"] = .string(effective.label)
    details["state"] = .string(effective.state.rawValue)
    details["open"] = .string(AgilityMoney.decimal(effective.openCents))
    for (column, name) in [
      ("subtotal", "subtotal"), ("tax_amount", "taxAmount"), ("total", "total"), ("amount_paid", "amountPaid"),
    ] {
      details[name] = Self.money(row[column])
    }
    Self.copy(
      row,
      [
        ("client_id", "clientId"), ("issue_date", "issueDate"), ("due_date", "dueDate"), ("tax_rate", "taxRate"),
        ("sent_at", "sentAt"), ("viewed_at", "viewedAt"), ("paid_at", "paidAt"), ("template", "template"),
        ("pdf_url", "pdfUrl"), ("notes", "notes"),
      ], into: &details)
    let clientName = row["client_id"]?.stringValue.flatMap { clients[$0]?["name"]?.stringValue }
    if let clientName { details["client"] = .string(clientName) }
    if case .array(let lines)? = row["invoice_line_items"] {
      details["lineItems"] = .array(
        lines.filter { $0["deleted_at"]?.stringValue == nil }.map { line in
          var item: [String: JSONValue] = [:]
          Self.copy(
            line, [("id", "id"), ("position", "position"), ("description", "description"), ("taxable", "taxable")],
            into: &item)
          if case .double(let quantity)? = line["quantity"] {
            item["quantity"] = .string(Self.quantity(quantity))
          } else if let quantity = line["quantity"] {
            item["quantity"] = quantity
          }
          item["rate"] = Self.money(line["rate"])
          item["amount"] = Self.money(line["amount"])
          return .object(item)
        })
    }
    var startsAt: Date?
    var endsAt: Date?
    // Drafts are not sent yet: no due day in the calendar, no reminders.
    if let due, stored != "draft" {
      startsAt = days.instant(due)
      endsAt = days.instant(due.adding(days: 1))
      details["allDay"] = true
      if effective.state != .paid {
        details["deadlines"] = .array(AgilityDeadlines.invoice(due: due, today: today, days: days))
      }
    }
    let title = "Invoice \(number)" + (clientName.map { " · \($0)" } ?? "")
    let link =
      row["pdf_url"]?.stringValue.flatMap { $0.hasPrefix("https://") ? $0 : nil }
      ?? webBaseURL.map { "\($0)/invoices/\(id)" }
    return .item(
      Item(
        kind: .invoice, upstreamID: id, title: title, startsAt: startsAt, endsAt: endsAt,
        status: effective.state == .paid ? .closed : .active, details: .object(details), link: link))
  }

  /// A `numeric(12,3)` quantity as text with no float noise: 1.5 → "1.5", 0.25 → "0.25".
  static func quantity(_ value: Double) -> String {
    let thousandths = Int64((value * 1000).rounded())
    var text = MinorUnits.decimal(thousandths, currency: "KWD")
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

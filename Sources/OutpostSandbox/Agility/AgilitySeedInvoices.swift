/// The seeded invoices (agility.md §7): paid monthly invoices over the history, and one of each
/// recent case — a draft, a sent one, a viewed one, a stored `overdue`, a stored `overdue`
/// whose due date was later moved out, a partially paid one and a sent one past due (a derived
/// `overdue` the nightly job will store once switched on). Numbers come from the per-user
/// sequence in issue order. Line items use fractional quantities (1.5 × 84.35 = 126.525 rounds
/// half-up to 126.53) and mix taxable and untaxed lines.
struct AgilitySeedInvoices {
  typealias Row = AgilityTables.Row
  let seed: AgilitySeed
  let today: Int
  let first: Int
  let startSeconds: Int

  /// Money that reached the checking account for an invoice (a client-income transaction).
  struct Payment {
    let client: Int
    let day: Int
    let cents: Int64
    let invoiceNumber: String
    let key: String
  }

  struct Result {
    var invoices: [Row] = []
    var items: [Row] = []
    var payments: [Payment] = []
  }

  enum Kind: Equatable {
    case paid(day: Int)
    case draft, sent, viewed, overdue, movedOut, partial, sentPastDue
  }

  struct Spec {
    let key: String
    let client: Int
    let issueDay: Int
    let kind: Kind
  }

  static let rates: [Int64] = [9500, 12000, 14250, 8435, 11000]

  func specs() -> [Spec] {
    var specs: [Spec] = []
    for month in stride(from: 13, through: 2, by: -1) {
      let base = today - month * 30
      var clients = [0, 1, 2]
      if month % 3 == 0 { clients += [3, 4] }
      for client in clients {
        let issue = base + client * 3
        guard issue >= first else { continue }
        let terms = AgilitySeed.clientList[client].4
        let key = "invoice:\(month):\(client)"
        let paid = min(max(issue + 3, issue + terms - seed.pick(key + ":paid", 6)), today - 2)
        guard paid > issue else { continue }
        specs.append(Spec(key: key, client: client, issueDay: issue, kind: .paid(day: paid)))
      }
    }
    specs += [
      Spec(key: "invoice:overdue", client: 1, issueDay: today - 55, kind: .overdue),
      Spec(key: "invoice:moved-out", client: 0, issueDay: today - 40, kind: .movedOut),
      Spec(key: "invoice:partial", client: 2, issueDay: today - 25, kind: .partial),
      Spec(key: "invoice:past-due", client: 3, issueDay: today - 20, kind: .sentPastDue),
      Spec(key: "invoice:viewed", client: 4, issueDay: today - 12, kind: .viewed),
      Spec(key: "invoice:sent", client: 0, issueDay: today - 6, kind: .sent),
      Spec(key: "invoice:draft", client: 1, issueDay: today - 1, kind: .draft),
    ]
    return specs.sorted { ($0.issueDay, $0.key) < ($1.issueDay, $1.key) }
  }

  func generate() -> Result {
    var result = Result()
    for (index, spec) in specs().enumerated() {
      let number = "INV-" + String(repeating: "0", count: max(0, 4 - String(index + 1).count)) + String(index + 1)
      let created = stamp(spec.issueDay, 9)
      let items = lineItems(spec, created: created)
      result.items += items
      var invoice = invoiceRow(spec, number: number, created: created)
      AgilityState.applyTotals(&invoice, items: items)
      let total = AgilityMoney.value(invoice["total"])
      switch spec.kind {
      case .paid(let day):
        invoice["amount_paid"] = AgilityMoney.cell(total)
        result.payments.append(
          Payment(client: spec.client, day: day, cents: total, invoiceNumber: number, key: spec.key))
      case .partial:
        let part = max(10_000, total / 2 / 10_000 * 10_000)
        invoice["amount_paid"] = AgilityMoney.cell(part)
        result.payments.append(
          Payment(client: spec.client, day: spec.issueDay + 10, cents: part, invoiceNumber: number, key: spec.key))
      default: break
      }
      result.invoices.append(invoice)
    }
    return result
  }

  private func stamp(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Int64 {
    seed.stamp(day: day, hour: hour, minute: minute, startSeconds: startSeconds)
  }

  private func invoiceRow(_ spec: Spec, number: String, created: Int64) -> Row {
    let terms = AgilitySeed.clientList[spec.client].4
    var due = spec.issueDay + terms
    var status = "sent"
    var sent: Int64? = stamp(spec.issueDay, 10)
    var viewed: Int64?
    var paid: Int64?
    var updated = created
    var version: Int
    switch spec.kind {
    case .draft:
      status = "draft"
      sent = nil
    case .sent, .sentPastDue: break
    case .viewed, .partial:
      status = "viewed"
      viewed = stamp(spec.issueDay + 1, 15, 20)
    case .overdue:
      status = "overdue"
      viewed = stamp(spec.issueDay + 2, 11, 5)
      updated = stamp(due + 1, 0, 5)
    case .movedOut:
      // Stored overdue by the job, then the due date was extended by the freelancer's web app.
      status = "overdue"
      viewed = stamp(spec.issueDay + 1, 9, 40)
      due = today + 20
      updated = stamp(today - 3, 10)
    case .paid(let day):
      status = "paid"
      viewed = stamp(spec.issueDay + 1, 16)
      paid = stamp(day, 14)
    }
    // One version per event after the insert: sent, viewed, paid, the job's overdue, the
    // moved due date, the partial payment.
    let events = [sent, viewed, paid].compactMap { $0 }
    version = 1 + events.count
    updated = max(updated, events.max() ?? updated)
    switch spec.kind {
    case .overdue: version += 1
    case .movedOut: version += 2
    case .partial:
      version += 1
      updated = max(updated, stamp(spec.issueDay + 10, 14))
    default: break
    }
    let id = seed.id(spec.key)
    return seed.row(
      spec.key, updatedAt: updated, createdAt: created, version: version,
      [
        "invoice_number": .text(number), "client_id": .text(seed.clientID(spec.client)), "status": .text(status),
        "issue_date": .date(AgilityDates.text(spec.issueDay)), "due_date": .date(AgilityDates.text(due)),
        "tax_rate": AgilityMoney.cell(AgilitySeed.clientList[spec.client].5, scale: 3),
        "amount_paid": AgilityMoney.cell(0), "sent_at": sent.map { .time($0) } ?? .null,
        "viewed_at": viewed.map { .time($0) } ?? .null, "paid_at": paid.map { .time($0) } ?? .null,
        "template": .int(Int64(1 + seed.pick(spec.key + ":template", 5))),
        "pdf_url": spec.kind == .draft ? .null : .text("https://app.agility.example/invoices/\(id).pdf"),
        "notes": spec.client == 4 ? .text("PO 7781-A. Net 60.") : .null,
      ])
  }

  private func lineItems(_ spec: Spec, created: Int64) -> [Row] {
    let invoiceID = seed.id(spec.key)
    // (description, quantity in thousandths, rate in cents, taxable)
    var lines: [(String, Int64, Int64, Bool)] = [
      (
        "Design & development (hours)", Int64(64 + seed.pick(spec.key + ":hours", 80)) * 250, Self.rates[spec.client],
        true
      )
    ]
    let extra = seed.pick(spec.key + ":extra", 6)
    if extra % 3 != 0 {
      let quantity: [Int64] = [1500, 250, 2125, 750]
      lines.append(("Project management", quantity[extra % quantity.count], 8435, true))
    }
    if extra % 2 == 0 {
      lines.append(("Stock licences (reimbursed, untaxed)", extra == 0 ? 1000 : 3000, extra == 0 ? 4900 : 1299, false))
    }
    return lines.enumerated().map { position, line in
      seed.row(
        spec.key + ":item:\(position + 1)", updatedAt: created,
        [
          "invoice_id": .text(invoiceID), "position": .int(Int64(position + 1)), "description": .text(line.0),
          "quantity": AgilityMoney.cell(line.1, scale: 3), "rate": AgilityMoney.cell(line.2),
          "taxable": .bool(line.3),
          "amount": AgilityMoney.cell(AgilityMoney.lineAmount(quantityMilli: line.1, rateCents: line.2)),
        ])
    }
  }
}

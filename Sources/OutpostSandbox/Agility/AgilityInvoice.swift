/// An invoice as the agility project holds it now, for tests (money in cents, dates as text,
/// instants as PostgREST prints them).
public struct AgilityInvoice: Sendable, Equatable {
  public let id: String
  public let invoiceNumber: String
  public let clientID: String
  /// The stored status (`draft`, `sent`, `viewed`, `paid` or `overdue`).
  public let status: String
  public let issueDate: String
  public let dueDate: String
  public let subtotalCents: Int64
  public let taxAmountCents: Int64
  public let totalCents: Int64
  public let amountPaidCents: Int64
  public let version: Int
  public let updatedAt: String
  public let sentAt: String?
  public let viewedAt: String?
  public let paidAt: String?
  public let deleted: Bool

  init(_ row: AgilityTables.Row) {
    func text(_ column: String) -> String { AgilityTables.text(row[column]) ?? "" }
    func time(_ column: String) -> String? {
      if case .time(let micros)? = row[column] { return TasksTimestamps.postgres(micros) }
      return nil
    }
    id = text("id")
    invoiceNumber = text("invoice_number")
    clientID = text("client_id")
    status = text("status")
    issueDate = text("issue_date")
    dueDate = text("due_date")
    subtotalCents = AgilityMoney.value(row["subtotal"])
    taxAmountCents = AgilityMoney.value(row["tax_amount"])
    totalCents = AgilityMoney.value(row["total"])
    amountPaidCents = AgilityMoney.value(row["amount_paid"])
    if case .int(let number)? = row["version"] { version = Int(number) } else { version = 0 }
    updatedAt = time("updated_at") ?? ""
    sentAt = time("sent_at")
    viewedAt = time("viewed_at")
    paidAt = time("paid_at")
    deleted = !AgilityTables.isLive(row)
  }
}

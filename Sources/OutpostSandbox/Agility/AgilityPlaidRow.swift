/// One transaction the bank sync (Plaid) stored for a user, as a bank-file generator needs it to
/// produce CSV lines that overlap what is already on the server (agility.md §5.4 step 3).
/// `amountCents` is signed from the account holder's view (+ in, − out); `date` is
/// `YYYY-MM-DD`. Soft-deleted rows (a replaced pending row) are not listed.
public struct AgilityPlaidRow: Sendable, Equatable {
  public let id: String
  public let accountID: String
  public let date: String
  public let amountCents: Int64
  public let merchant: String
  public let descriptionRaw: String?
  public let status: String
  public let externalID: String?

  public init(
    id: String, accountID: String, date: String, amountCents: Int64, merchant: String, descriptionRaw: String?,
    status: String, externalID: String?
  ) {
    self.id = id
    self.accountID = accountID
    self.date = date
    self.amountCents = amountCents
    self.merchant = merchant
    self.descriptionRaw = descriptionRaw
    self.status = status
    self.externalID = externalID
  }
}

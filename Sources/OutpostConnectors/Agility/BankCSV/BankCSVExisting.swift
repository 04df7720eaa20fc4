/// A transaction already on the server or in the local store, as duplicate detection needs it
/// (agility.md §2.6 columns).
public struct BankCSVExisting: Sendable, Hashable, Codable {
  public enum Source: String, Sendable, Hashable, Codable {
    case plaid
    case manual
    case receipt
    case csv
  }

  public enum Status: String, Sendable, Hashable, Codable {
    case pending
    case posted
  }

  public var id: String
  public var accountID: String?
  public var date: BankDate
  public var amountCents: Int64
  /// `description_raw` (or the merchant when there is no raw text).
  public var description: String
  /// §5.3's normalisation of `description`.
  public var normalised: String
  public var source: Source
  public var status: Status
  public var externalID: String?
  public var importHash: String?

  public init(
    id: String, accountID: String?, date: BankDate, amountCents: Int64, description: String, source: Source,
    status: Status = .posted, externalID: String? = nil, importHash: String? = nil
  ) {
    self.id = id
    self.accountID = accountID
    self.date = date
    self.amountCents = amountCents
    self.description = description
    normalised = BankCSVNormaliser.normalise(description)
    self.source = source
    self.status = status
    self.externalID = externalID
    self.importHash = importHash
  }
}

/// A file row that looks like a transaction already there from another source (§5.4.3). It is
/// not uploaded on its own: the user keeps or skips it.
public struct BankCSVReview: Sendable, Hashable, Codable {
  public var row: BankCSVRow
  public var match: BankCSVExisting
  /// |row date − existing date| in days, 0...3.
  public var dayDistance: Int

  public init(row: BankCSVRow, match: BankCSVExisting, dayDistance: Int) {
    self.row = row
    self.match = match
    self.dayDistance = dayDistance
  }
}

/// The import summary of §5.2.6.
public struct BankCSVSummary: Sendable, Hashable, Codable {
  /// Rows to upload (before the server's own `on_conflict` answer).
  public var inserted: Int
  public var alreadyPresent: Int
  public var needsReview: Int
  public var rejected: Int
  public var balanceWarnings: Int

  public init(inserted: Int, alreadyPresent: Int, needsReview: Int, rejected: Int, balanceWarnings: Int) {
    self.inserted = inserted
    self.alreadyPresent = alreadyPresent
    self.needsReview = needsReview
    self.rejected = rejected
    self.balanceWarnings = balanceWarnings
  }
}

/// What an import will do with each row of a file.
public struct BankCSVPlan: Sendable, Hashable, Codable {
  /// To upload, in file order.
  public var new: [BankCSVRow]
  /// The same external id or import hash is already there; the existing row is kept as it is.
  public var alreadyPresent: [BankCSVRow]
  public var needsReview: [BankCSVReview]
  public var rejected: [BankCSVRejection]
  public var balanceWarnings: [BankCSVBalanceWarning]
  /// Balance-only lines.
  public var skipped: Int

  public init(
    new: [BankCSVRow], alreadyPresent: [BankCSVRow], needsReview: [BankCSVReview], rejected: [BankCSVRejection],
    balanceWarnings: [BankCSVBalanceWarning], skipped: Int
  ) {
    self.new = new
    self.alreadyPresent = alreadyPresent
    self.needsReview = needsReview
    self.rejected = rejected
    self.balanceWarnings = balanceWarnings
    self.skipped = skipped
  }

  public var summary: BankCSVSummary {
    BankCSVSummary(
      inserted: new.count, alreadyPresent: alreadyPresent.count, needsReview: needsReview.count,
      rejected: rejected.count, balanceWarnings: balanceWarnings.count)
  }
}

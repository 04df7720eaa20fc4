/// One transaction line of a bank export, read and fingerprinted (agility.md §5.2, §5.3).
public struct BankCSVRow: Sendable, Hashable, Codable {
  /// 1-based physical line where the record starts.
  public var line: Int
  public var date: BankDate
  /// Signed cents: + money in, − money out (§2), after `invert_sign`.
  public var amountCents: Int64
  /// The bank's text, trimmed; becomes `description_raw`.
  public var description: String
  /// §5.3's normalised description.
  public var normalised: String
  /// 1-based rank among this file's rows with the same date, amount and normalised description.
  public var occurrence: Int
  /// `import_hash`.
  public var fingerprint: String
  /// The bank's id for the row (`FITID`, reference number), when the file has one.
  public var externalID: String?
  public var balanceCents: Int64?

  public init(
    line: Int, date: BankDate, amountCents: Int64, description: String, normalised: String, occurrence: Int,
    fingerprint: String, externalID: String? = nil, balanceCents: Int64? = nil
  ) {
    self.line = line
    self.date = date
    self.amountCents = amountCents
    self.description = description
    self.normalised = normalised
    self.occurrence = occurrence
    self.fingerprint = fingerprint
    self.externalID = externalID
    self.balanceCents = balanceCents
  }
}

/// A line that could not be imported, and why (§5.2.6); the rest of the file still imports.
public struct BankCSVRejection: Sendable, Hashable, Codable {
  public var line: Int
  public var reason: String

  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }
}

/// A break in the running balance (§5.2.7): rows missing between two lines, or a wrong sign.
public struct BankCSVBalanceWarning: Sendable, Hashable, Codable {
  /// The later line (in file order) of the two whose balances disagree.
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}

/// The account balance the file states for its newest day (§5.2.7: it updates
/// `current_balance` when newer than `balance_as_of`).
public struct BankCSVBalance: Sendable, Hashable, Codable {
  public var cents: Int64
  public var date: BankDate
  public var line: Int

  public init(cents: Int64, date: BankDate, line: Int) {
    self.cents = cents
    self.date = date
    self.line = line
  }
}

/// A parsed export: the rows in file order, what was left out and why, and the profile to save.
public struct BankCSVFile: Sendable, Hashable, Codable {
  public var rows: [BankCSVRow]
  public var rejected: [BankCSVRejection]
  /// Balance-only lines (no amount, or neither debit nor credit), e.g. BofA's "Beginning balance".
  public var skipped: Int
  public var balanceWarnings: [BankCSVBalanceWarning]
  /// The mapping used, with the date order and sign found; saved as `accounts.csv_profile`.
  public var profile: BankCSVProfile
  public var newestBalance: BankCSVBalance?
  /// Set when the day/month order was assumed rather than seen in the dates.
  public var dateOrderAssumption: String?
  /// 1-based line of the header.
  public var headerLine: Int
  /// `UTF-8` or `Windows-1252`.
  public var encoding: String
  /// The running balances read newest row first (Chase) rather than oldest first (BofA).
  public var newestFirst: Bool

  public init(
    rows: [BankCSVRow], rejected: [BankCSVRejection] = [], skipped: Int = 0,
    balanceWarnings: [BankCSVBalanceWarning] = [], profile: BankCSVProfile, newestBalance: BankCSVBalance? = nil,
    dateOrderAssumption: String? = nil, headerLine: Int = 1, encoding: String = "UTF-8", newestFirst: Bool = false
  ) {
    self.rows = rows
    self.rejected = rejected
    self.skipped = skipped
    self.balanceWarnings = balanceWarnings
    self.profile = profile
    self.newestBalance = newestBalance
    self.dateOrderAssumption = dateOrderAssumption
    self.headerLine = headerLine
    self.encoding = encoding
    self.newestFirst = newestFirst
  }
}

/// A file refused as a whole, with what was expected, so the user can pick the right export.
public enum BankCSVRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  case empty
  case tooLarge(bytes: Int, limit: Int)
  case noHeader(String)

  public var description: String {
    switch self {
    case .empty:
      "The file is empty; export the account's transactions from the bank's website as CSV and import that file."
    case .tooLarge(let bytes, let limit):
      "The file is \(bytes) bytes; the limit is \(limit) bytes (20 MiB). Export a shorter date range."
    case .noHeader(let reason): reason
    }
  }
}

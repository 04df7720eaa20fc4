/// One generated bank export and what importing it must report (agility.md §7, "Bank CSV
/// generator"). The figures are fixed by construction: the generator decides which rows are bad,
/// which repeat a Plaid row and where the running balance breaks; the parser is never consulted.
public struct AgilityBankFile: Sendable, Hashable {
  /// The import summary of agility.md §5.2.6, as counts.
  public struct Expected: Sendable, Hashable, CustomStringConvertible {
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

    public var description: String {
      "inserted \(inserted), already present \(alreadyPresent), needs review \(needsReview), "
        + "rejected \(rejected), balance warnings \(balanceWarnings)"
    }
  }

  /// The export's layout, after the bank it imitates.
  public enum Shape: String, Sendable, Hashable, CaseIterable {
    case chaseChecking = "chase-checking"
    case chaseCard = "chase-card"
    case bofaChecking = "bofa-checking"
    case splitDebitCredit = "split-debit-credit"
    case amexCard = "amex-card"
    case moneyFormats = "money-formats"
    case windows1252 = "windows-1252"
    case semicolonDecimalComma = "semicolon-decimal-comma"
    case bomCRLF = "bom-crlf"
    case quotedNewlines = "quoted-newlines"
    case brokenBalance = "broken-balance"
    case sameDayIdentical = "same-day-identical"
    case badRows = "bad-rows"
    case plaidMatches = "plaid-matches"
  }

  public var name: String
  public var shape: Shape
  public var bytes: [UInt8]
  /// The sign must be inverted on import (an Amex-style file with purchases positive).
  public var invertSign: Bool
  /// Importing the file against the given Plaid rows only (and nothing imported before).
  public var expected: Expected
  /// Balance-only lines the parser skips (BofA's "Beginning balance", split files' empty lines).
  public var expectedSkipped: Int
  /// The transactions behind the file, for the overlapping second export.
  var entries: [AgilityBankEntry]
}

/// One line of a generated statement, oldest first, with its true running balance and what the
/// import must do with it.
struct AgilityBankEntry: Sendable, Hashable {
  enum Outcome: Sendable, Hashable {
    case inserted
    /// In an export that overlaps one imported before.
    case alreadyPresent
    case needsReview
    case rejected
    case skipped
    /// Left out of the file (a missing row that breaks the running balance).
    case omitted
  }

  var day: Int
  /// Signed cents, + money in.
  var amount: Int64
  var description: String
  /// The true balance after this line.
  var balance: Int64
  var outcome: Outcome = .inserted
  /// What the file writes instead of the true value, for bad rows and the wrong-sign break.
  var writtenDate: String?
  var writtenAmount: Int64?
  var writtenAmountText: String?
  /// Both debit and credit filled (split files).
  var bothColumns = false
  /// The pair of this line and the one written before it (oldest first) breaks the balance.
  var breaksBalance = false
  var externalID: String?
  var category = "Shopping"

  var shownAmount: Int64 { writtenAmount ?? amount }
}

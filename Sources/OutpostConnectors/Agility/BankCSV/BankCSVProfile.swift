/// The column mapping of one account's bank files, saved in `accounts.csv_profile` (agility.md
/// §2.1, §5.2.3) so the next file from the same bank reads the same way even when its dates are
/// all ambiguous or its purchases are positive.
public struct BankCSVProfile: Sendable, Hashable, Codable {
  public enum DateOrder: String, Sendable, Hashable, Codable {
    case mdy
    case dmy
    case ymd
  }

  /// Header names as the file writes them (matched case- and whitespace-insensitively).
  public var date: String
  public var description: String
  public var amount: String?
  public var debit: String?
  public var credit: String?
  public var balance: String?
  public var id: String?
  public var dateOrder: DateOrder
  public var invertSign: Bool
  /// `,`, `;` or a tab.
  public var delimiter: String

  public init(
    date: String, description: String, amount: String? = nil, debit: String? = nil, credit: String? = nil,
    balance: String? = nil, id: String? = nil, dateOrder: DateOrder = .mdy, invertSign: Bool = false,
    delimiter: String = ","
  ) {
    self.date = date
    self.description = description
    self.amount = amount
    self.debit = debit
    self.credit = credit
    self.balance = balance
    self.id = id
    self.dateOrder = dateOrder
    self.invertSign = invertSign
    self.delimiter = delimiter
  }

  /// The jsonb keys are snake_case like the rest of the Agility schema.
  enum CodingKeys: String, CodingKey {
    case date
    case description
    case amount
    case debit
    case credit
    case balance
    case id
    case dateOrder = "date_order"
    case invertSign = "invert_sign"
    case delimiter
  }
}

/// Where each field is in a header row, by the aliases of §5.2.3.
struct BankCSVColumns: Sendable, Equatable {
  var date: Int
  var description: Int
  var amount: Int?
  var debit: Int?
  var credit: Int?
  var balance: Int?
  var id: Int?

  /// Posting dates first (§2.6: `date` is the posting date, or the transaction date when only
  /// that exists), then plain `Date`, then transaction dates.
  static let dateAliases = [
    "posting date", "post date", "posted date", "date", "transaction date", "trans. date", "trans date",
  ]
  static let descriptionAliases = ["description", "payee", "merchant", "name", "memo"]
  static let amountAliases = ["amount", "transaction amount"]
  static let debitAliases = ["debit", "withdrawal", "withdrawals", "withdrawal(s)", "money out", "paid out"]
  static let creditAliases = ["credit", "deposit", "deposits", "deposit(s)", "money in", "paid in"]
  static let balanceAliases = ["balance", "running bal.", "running balance"]
  static let idAliases = ["transaction id", "reference", "reference number", "fitid"]

  /// A header row: a date alias and either an amount alias or a debit/credit pair. A description
  /// column is also needed (every row must have one, §5.2.6); Chase checking's `Details` holds
  /// DEBIT/CREDIT, so it is taken only when no real description column exists.
  init?(header: [String]) {
    let keys = header.map(Self.key)
    func find(_ aliases: [String]) -> Int? {
      for alias in aliases { if let index = keys.firstIndex(of: alias) { return index } }
      return nil
    }
    guard let date = find(Self.dateAliases) else { return nil }
    let amount = find(Self.amountAliases)
    let debit = find(Self.debitAliases)
    let credit = find(Self.creditAliases)
    guard amount != nil || (debit != nil && credit != nil) else { return nil }
    guard let description = find(Self.descriptionAliases) ?? find(["details"]) else { return nil }
    self.date = date
    self.description = description
    self.amount = amount
    self.debit = amount == nil ? debit : nil
    self.credit = amount == nil ? credit : nil
    balance = find(Self.balanceAliases)
    id = find(Self.idAliases)
  }

  /// The saved profile's columns, when this header still has every one of them.
  init?(header: [String], profile: BankCSVProfile) {
    let keys = header.map(Self.key)
    func find(_ name: String?) -> Int?? {
      guard let name else { return .some(nil) }
      guard let index = keys.firstIndex(of: Self.key(name)) else { return nil }
      return .some(index)
    }
    guard let date = find(profile.date) ?? nil, let description = find(profile.description) ?? nil,
      let amount = find(profile.amount), let debit = find(profile.debit), let credit = find(profile.credit),
      let balance = find(profile.balance), let id = find(profile.id),
      amount != nil || (debit != nil && credit != nil)
    else { return nil }
    self.date = date
    self.description = description
    self.amount = amount
    self.debit = amount == nil ? debit : nil
    self.credit = amount == nil ? credit : nil
    self.balance = balance
    self.id = id
  }

  /// Lower-case with runs of whitespace as one space and none at the ends.
  static func key(_ name: String) -> String {
    name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
  }

  func profile(header: [String], dateOrder: BankCSVProfile.DateOrder, invertSign: Bool, delimiter: UInt8)
    -> BankCSVProfile
  {
    func name(_ index: Int?) -> String? { index.map { header[$0] } }
    return BankCSVProfile(
      date: header[date], description: header[description], amount: name(amount), debit: name(debit),
      credit: name(credit), balance: name(balance), id: name(id), dateOrder: dateOrder, invertSign: invertSign,
      delimiter: String(UnicodeScalar(delimiter)))
  }
}

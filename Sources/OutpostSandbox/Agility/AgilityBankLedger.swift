/// Statement lines with believable merchants, amounts and a running balance. Amounts that equal
/// a given Plaid row's are nudged by a cent, so no line matches a Plaid row by accident: the only
/// probable duplicates are the ones the generator means.
struct AgilityBankLedger {
  var random: AgilityBankRandom
  var avoid: Set<Int64>
  var balance: Int64
  var entries: [AgilityBankEntry] = []

  init(seed: UInt64, avoid: Set<Int64>, openingBalance: Int64) {
    random = AgilityBankRandom(seed: seed)
    self.avoid = avoid
    balance = openingBalance
  }

  /// (description pattern, category, lowest and highest amount in cents); `#` becomes a digit.
  static let expenses: [(String, String, Int64, Int64)] = [
    ("STARBUCKS STORE ###### SEATTLE WA", "Food & Drink", 350, 1_450),
    ("AMAZON MKTPLACE PMTS AMZN.COM/BILL WA", "Shopping", 1_299, 18_999),
    ("ADOBE *CREATIVE CLD 800-833-6687 CA", "Bills & Utilities", 5_499, 8_999),
    ("UBER *TRIP HELP.UBER.COM CA", "Travel", 890, 6_450),
    ("SHELL OIL ######## HOUSTON TX", "Gas", 2_500, 7_800),
    ("OFFICE DEPOT ##### AUSTIN TX", "Shopping", 899, 34_999),
    ("GITHUB INC SAN FRANCISCO CA", "Professional Services", 400, 2_100),
    ("COMCAST BUSINESS 800-391-3000 PA", "Bills & Utilities", 8_999, 15_999),
    ("WHOLE FOODS MKT ##### AUSTIN TX", "Groceries", 1_850, 14_200),
    ("DELTA AIR LINES ATLANTA GA", "Travel", 18_900, 142_000),
    ("ZOOM.US 888-799-9666 CA", "Bills & Utilities", 1_499, 2_999),
    ("DROPBOX*###### DROPBOX.COM CA", "Bills & Utilities", 1_199, 2_399),
    ("DELL MARKETING L.P. ROUND ROCK TX", "Shopping", 79_900, 289_900),
    ("THE UPS STORE #### AUSTIN TX", "Shipping", 1_250, 8_900),
  ]

  static let incomes: [(String, Int64, Int64)] = [
    ("STRIPE TRANSFER ST-########", 45_000, 680_000),
    ("ACME LLC DES:PAYMENT ID:###### CCD", 250_000, 900_000),
    ("ZELLE PAYMENT FROM NORTHWIND TRADERS CONF ##########", 30_000, 180_000),
  ]

  mutating func fill(_ pattern: String) -> String {
    var text = ""
    for character in pattern { text += character == "#" ? String(random.int(0...9)) : String(character) }
    return text
  }

  /// An amount no Plaid row has.
  mutating func free(_ cents: Int64) -> Int64 {
    var cents = cents
    while avoid.contains(cents) { cents += cents < 0 ? -1 : 1 }
    return cents
  }

  /// A purchase or, `incomePercent` of the time, a deposit; appended with its balance.
  @discardableResult
  mutating func add(day: Int, incomePercent: Int = 12) -> AgilityBankEntry {
    if random.chance(incomePercent) {
      let (pattern, low, high) = random.pick(Self.incomes)
      return append(day: day, amount: Int64(random.int(Int(low)...Int(high))), description: fill(pattern))
    }
    let (pattern, category, low, high) = random.pick(Self.expenses)
    var entry = append(day: day, amount: -Int64(random.int(Int(low)...Int(high))), description: fill(pattern))
    entry.category = category
    entries[entries.count - 1].category = category
    return entry
  }

  @discardableResult
  mutating func append(day: Int, amount: Int64, description: String, exact: Bool = false) -> AgilityBankEntry {
    let amount = exact ? amount : free(amount)
    balance += amount
    let entry = AgilityBankEntry(day: day, amount: amount, description: description, balance: balance)
    entries.append(entry)
    return entry
  }

  /// `count` lines (deposits `incomePercent` of the time; none on a card) spread over the days from `first`, a few a day, every day up to `first + span`
  /// reached, so day numbers over 12 appear and the day/month order can be seen.
  mutating func spread(count: Int, from first: Int, span: Int = 40, incomePercent: Int = 12) {
    let opening = balance - entries.reduce(0) { $0 + $1.amount }
    for index in 0..<count {
      add(day: first + index * span / max(count, 1) + random.int(0...1), incomePercent: incomePercent)
    }
    entries.sort { $0.day < $1.day }
    recomputeBalances(from: opening)
  }

  /// Running balances after reordering (the opening balance stays).
  mutating func recomputeBalances(from opening: Int64) {
    var running = opening
    for index in entries.indices {
      running += entries[index].amount
      entries[index].balance = running
    }
    balance = running
  }
}

/// About 14 months of the freelancer's transactions (agility.md §7): client income for every
/// paid invoice, recurring and occasional expenses over many categories, card payments as
/// transfer pairs, owner draws, `tax_payment` rows ("IRS USATAXPYMT") a day or so before each
/// 1040-ES date, uncategorised rows, and pending→posted cases: one pending row replaced by a
/// posted one (the pending row soft-deleted, as Plaid removes it), one updated in place, and
/// one still pending. Checking rows come from Plaid (`external_id`), card rows from monthly
/// CSV imports (`import_hash` of §5.3, one `updated_at` per import), cash rows are manual.
struct AgilitySeedTransactions {
  typealias Row = AgilityTables.Row
  let seed: AgilitySeed
  let today: Int
  let first: Int
  let startSeconds: Int

  enum Account { case checking, card, cash }

  struct Draft {
    var key: String
    var account: Account
    var day: Int
    var cents: Int64
    var merchant: String
    var raw: String?
    var category: String?
    var business: Bool
    var status = "posted"
    var tags: [String] = []
    var notes: String? = nil
    var receipt = false
  }

  func generate(payments: [AgilitySeedInvoices.Payment]) -> [Row] {
    var drafts: [Draft] = []
    for day in first..<today { drafts += recurring(day) }
    drafts += taxPayments()
    for payment in payments where payment.day < today {
      let client = AgilitySeed.clientList[payment.client]
      drafts.append(
        Draft(
          key: "income:\(payment.key)", account: .checking, day: payment.day, cents: payment.cents,
          merchant: client.0, raw: "ORIG CO NAME:\((client.2 ?? client.0).uppercased()) ACH CREDIT",
          category: "Client income", business: false, notes: payment.invoiceNumber))
    }
    let unsorted = ["Amazon", "Square *Local Market", "PayPal", "Target", "CVS Pharmacy", "Venmo"]
    for (index, merchant) in unsorted.enumerated() {
      drafts.append(
        Draft(
          key: "uncategorised:\(index)", account: .checking, day: today - 2 - index * 4,
          cents: -Int64(1000 + seed.pick("uncategorised:\(index)", 9000)), merchant: merchant,
          raw: merchant.uppercased() + " PURCHASE", category: nil, business: false))
    }
    drafts.sort { ($0.day, $0.key) < ($1.day, $1.key) }
    var rows = drafts.filter { $0.account != .card || $0.day <= today - 3 }.map(row)
    rows += pendingCases()
    assignImportHashes(&rows)
    return rows
  }

  // MARK: What happens on a day

  private func recurring(_ day: Int) -> [Draft] {
    let (_, month, dayOfMonth) = AgilityDates.civil(day)
    let key = "t:\(day)"
    var drafts: [Draft] = []
    func add(
      _ suffix: String, _ account: Account, _ cents: Int64, _ merchant: String, _ raw: String?, _ category: String?,
      business: Bool = true
    ) {
      drafts.append(
        Draft(
          key: key + ":" + suffix, account: account, day: day, cents: cents, merchant: merchant, raw: raw,
          category: category, business: business))
    }
    switch dayOfMonth {
    case 1: add("wework", .card, -45_000, "WeWork", "WEWORK 415-555-0100 NY", "Coworking")
    case 3: add("adobe", .card, -5_999, "Adobe", "ADOBE *CREATIVE CLD 4085366000 CA", "Software & other")
    case 5: add("github", .checking, -2_100, "GitHub", "GITHUB, INC. HTTPSGITHUB.C CA", "Software & other")
    case 8:
      add(
        "verizon", .checking, -Int64(8_540 + seed.pick(key, 900)), "Verizon", "VERIZON WIRELESS PAYMENTS", "Utilities")
    case 10 where month % 3 == 1:
      add("hiscox", .checking, -18_650, "Hiscox", "HISCOX INC INS PREM", "Insurance")
    case 12:
      let cents = Int64(60_000 + seed.pick(key + ":card", 90_000))
      add(
        "autopay", .checking, -cents, "Chase card payment", "CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224", "Transfer",
        business: false)
      add("payment", .card, cents, "Payment, thank you", "AUTOMATIC PAYMENT - THANK YOU", "Transfer", business: false)
    case 15:
      add(
        "draw", .checking, -250_000, "Owner draw", "ONLINE TRANSFER TO CHK ...7731 REF #IB0QXXRW",
        "Owner draw / personal", business: false)
    case 18 where month % 2 == 0:
      add("staples", .cash, -Int64(1_500 + seed.pick(key, 8_000)), "Staples", nil, "Supplies")
    case 20:
      add(
        "ads", .card, -Int64(9_000 + seed.pick(key, 6_000)), "Google Ads", "GOOGLE *ADS8822112233 CC@GOOGLE.COM CA",
        "Advertising")
    case 22: add("notion", .card, -1_000, "Notion", "NOTION LABS, INC. NOTION.SO CA", "Software & other")
    case 25 where month % 4 == 0:
      add(
        "flight", .checking, -Int64(28_000 + seed.pick(key, 20_000)), "Delta Air Lines",
        "DELTA AIR 0062345678901 DELTA.COM GA", "Travel")
    case 26 where month % 4 == 0:
      add(
        "hotel", .checking, -Int64(35_000 + seed.pick(key, 15_000)), "Marriott", "MARRIOTT CHICAGO DWTN CHICAGO IL",
        "Travel")
    case 27 where month % 6 == 3:
      add("course", .checking, -4_900, "Coursera", "COURSERA.ORG MOUNTAIN VIEWCA", "Professional development")
    default: break
    }
    if seed.pick(key + ":meal", 5) == 0 {
      let places = ["Blue Bottle Coffee", "Sweetgreen", "Joe's Pizza", "Le Pain Quotidien"]
      let place = places[seed.pick(key + ":place", places.count)]
      var meal = Draft(
        key: key + ":meal", account: .card, day: day, cents: -Int64(650 + seed.pick(key + ":meal-cents", 5_000)),
        merchant: place, raw: "SQ *" + place.uppercased() + " NEW YORK NY", category: "Meals", business: true)
      if seed.pick(key + ":meeting", 3) == 0 { meal.tags = ["client meeting"] }
      meal.receipt = seed.pick(key + ":receipt", 4) == 0
      drafts.append(meal)
    }
    if seed.pick(key + ":ride", 9) == 0 {
      add(
        "ride", .checking, -Int64(1_200 + seed.pick(key + ":ride-cents", 3_000)), "Uber", "UBER *TRIP HELP.UBER.COM CA",
        "Travel")
    }
    return drafts
  }

  /// One payment a working day or two before each 1040-ES date in the history (nominal dates;
  /// paying early never needs the holiday shift).
  private func taxPayments() -> [Draft] {
    var drafts: [Draft] = []
    let firstYear = AgilityDates.civil(first).year
    for year in (firstYear - 1)...AgilityDates.civil(today).year {
      let dates = [(year, 4, 15), (year, 6, 15), (year, 9, 15), (year + 1, 1, 15)]
      for (quarter, date) in dates.enumerated() {
        var day = AgilityDates.days(year: date.0, month: date.1, day: date.2) - 1
        while [0, 6].contains(AgilityDates.weekday(day)) { day -= 1 }
        guard day >= first, day < today - 1 else { continue }
        drafts.append(
          Draft(
            key: "tax:\(year):\(quarter + 1)", account: .checking, day: day,
            cents: -Int64(380_000 + seed.pick("tax:\(year):\(quarter)", 120_000)), merchant: "IRS USATAXPYMT",
            raw: "IRS USATAXPYMT 270612345678901 CCD ID: 3387702000", category: "Estimated tax payment",
            business: false, notes: "1040-ES Q\(quarter + 1) \(year)"))
      }
    }
    return drafts
  }

  /// The three pending cases, relative to today.
  private func pendingCases() -> [Row] {
    var replaced = row(
      Draft(
        key: "pending:a", account: .checking, day: today - 4, cents: -2_345, merchant: "Uber",
        raw: "UBER *TRIP PENDING", category: "Travel", business: true, status: "pending"))
    let removedAt = stamp(today - 2, 6)
    replaced["deleted_at"] = .time(removedAt)
    replaced["updated_at"] = .time(removedAt)
    replaced["version"] = .int(2)
    let posted = row(
      Draft(
        key: "posted:a", account: .checking, day: today - 2, cents: -2_345, merchant: "Uber",
        raw: "UBER *TRIP HELP.UBER.COM CA", category: "Travel", business: true))
    var inPlace = row(
      Draft(
        key: "pending:b", account: .checking, day: today - 1, cents: -4_318, merchant: "Staples",
        raw: "STAPLES 00112 NEW YORK NY", category: "Supplies", business: true))
    inPlace["created_at"] = .time(stamp(today - 3, 13))
    inPlace["version"] = .int(2)
    let pending = row(
      Draft(
        key: "pending:c", account: .checking, day: today - 1, cents: -1_472, merchant: "Amazon Web Services",
        raw: "AWS EMEA AWS.AMAZON.CO WA", category: "Software & other", business: true, status: "pending"))
    return [replaced, posted, inPlace, pending]
  }

  // MARK: Rows

  private func stamp(_ day: Int, _ hour: Int) -> Int64 { seed.stamp(day: day, hour: hour, startSeconds: startSeconds) }

  private func row(_ draft: Draft) -> Row {
    let accountID: String
    var fields: Row = [
      "date": .date(AgilityDates.text(draft.day)), "amount": AgilityMoney.cell(draft.cents),
      "merchant": .text(draft.merchant), "description_raw": draft.raw.map { .text($0) } ?? .null,
      "category_id": draft.category.map { .text(seed.categoryID($0)) } ?? .null,
      "is_business_expense": .bool(draft.business), "tags": AgilityTables.tags(draft.tags),
      "notes": draft.notes.map { .text($0) } ?? .null,
      "receipt_id": draft.receipt ? .text(seed.id("receipt:\(draft.key)")) : .null, "status": .text(draft.status),
      "external_id": .null, "import_hash": .null, "import_batch_id": .null,
    ]
    let stamped: Int64
    switch draft.account {
    case .checking:
      accountID = seed.checkingID
      fields["source"] = .text("plaid")
      let prefix = draft.status == "pending" ? "pend_" : ""
      fields["external_id"] = .text(
        prefix + SandboxIdentifiers.stableCode("agility-plaid:\(seed.seed):\(draft.key)", count: 24))
      stamped = stamp(draft.day + 1, 6)
    case .card:
      accountID = seed.cardID
      fields["source"] = .text("csv")
      // One import per month, on the 2nd of the next month: the whole batch shares one stamp.
      let (year, month, _) = AgilityDates.civil(draft.day)
      let next =
        month == 12
        ? AgilityDates.days(year: year + 1, month: 1, day: 2) : AgilityDates.days(year: year, month: month + 1, day: 2)
      fields["import_batch_id"] = .text(seed.id("import:\(year)-\(month)"))
      stamped = stamp(next, 20)
    case .cash:
      accountID = seed.cashID
      fields["source"] = .text("manual")
      stamped = stamp(draft.day, 19)
    }
    fields["account_id"] = .text(accountID)
    return seed.row("transaction:\(draft.key)", updatedAt: stamped, fields)
  }

  /// The fingerprints of the CSV rows, with occurrences counted per import as §5.3 counts them
  /// per file.
  private func assignImportHashes(_ rows: inout [Row]) {
    var seen: [String: Int] = [:]
    for index in rows.indices {
      guard rows[index]["source"] == .text("csv"), case .text(let batch) = rows[index]["import_batch_id"],
        case .text(let account) = rows[index]["account_id"], let date = AgilityTables.text(rows[index]["date"])
      else { continue }
      let cents = AgilityMoney.value(rows[index]["amount"])
      let description = AgilityTables.text(rows[index]["description_raw"]) ?? ""
      let key = "\(batch)|\(date)|\(cents)|\(AgilityImportHash.normalized(description))"
      seen[key, default: 0] += 1
      rows[index]["import_hash"] = .text(
        AgilityImportHash.fingerprint(
          accountID: account, date: date, amountCents: cents, description: description, occurrence: seen[key]!))
    }
  }
}

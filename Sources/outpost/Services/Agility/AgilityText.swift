import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Agility's views in words. Money arrives as exact decimal text ("1234.56") and is shown as
/// dollars ("$1,234.56"), never through a float.
enum AgilityText {
  /// "1234.56" → "$1,234.56", "-4.5" → "−$4.50".
  static func money(_ value: JSONValue) -> String? {
    guard let text = value.stringValue else { return nil }
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard let wholePart = parts.first, !wholePart.isEmpty, wholePart.allSatisfy(\.isNumber) else { return nil }
    let fraction = parts.count > 1 ? String((String(parts[1]) + "00").prefix(2)) : "00"
    // As the user writes money: "$1,234.56", "1.234,56 $", "$ 1’234.56" (issue 48 §1).
    return numberStyle.money(negative: negative, whole: String(wholePart), fraction: fraction, symbol: "$")
  }

  static func money(_ value: JSONValue?, or fallback: String = "–") -> String { value.flatMap(money) ?? fallback }

  static func signed(_ value: JSONValue?) -> String {
    let text = money(value)
    return text.hasPrefix("−") || text == "–" ? text : "+" + text
  }

  /// Today in the local zone, YYYY-MM-DD.
  static func localDay(_ date: Date) -> String {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
    func pad(_ number: Int?, _ width: Int) -> String {
      let text = String(number ?? 0)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
  }

  static func status(_ block: JSONValue) -> [String] {
    if block["empty"] == .bool(true) { return [localized(.agilityNoDataYet)] }
    var lines = [localized(.agilityStatusHeader, ItemText.month(iso: block["month"]?.stringValue ?? ""))]
    lines.append(
      "  "
        + localized(
          .agilityStatusProfit, signed(block["profit"]), money(block["income"]), money(block["expenses"])))
    if let cash = block["cash"] {
      let asOf = cash["asOf"]?.stringValue.flatMap(UTCTimestamp.parse).map(Terminal.localTime)
      lines.append("  " + localized(.agilityStatusCash, money(cash["balance"]), asOf ?? "?"))
      // Each account with its own age: one entered by hand weeks ago is seen as such.
      if case .array(let accounts)? = cash["accounts"], accounts.count > 1 {
        for account in accounts {
          let age = account["asOf"]?.stringValue.flatMap(UTCTimestamp.parse).map(Terminal.localTime) ?? "?"
          let manual = account["connection"] == "manual" ? " · " + localized(.agilityManualAccount) : ""
          lines.append(
            "    "
              + localized(
                .agilityStatusCashAccount, account["name"]?.stringValue ?? "?", money(account["balance"]), age + manual)
          )
        }
      }
    }
    if let due = block["dueNext"] {
      let title = due["title"]?.stringValue ?? ""
      let day = ItemText.day(iso: due["due"]?.stringValue ?? "")
      lines.append(
        "  "
          + (due["overdue"] == .bool(true)
            ? localized(.agilityStatusOverdue, title, money(due["amount"]), day)
            : localized(.agilityStatusDueNext, title, money(due["amount"]), day)))
    } else {
      lines.append("  " + localized(.agilityStatusNothingDue))
    }
    return lines
  }

  static func invoices(_ answer: JSONValue, numbers: [String: Int64]) -> [String] {
    guard case .array(let invoices)? = answer["invoices"], !invoices.isEmpty else {
      return [localized(.agilityNoInvoices)]
    }
    var lines: [String] = []
    for invoice in invoices {
      let number = invoice["id"]?.stringValue.flatMap { numbers[$0] }.map { "\($0)" } ?? "-"
      var line = [
        number.agilityPadded(5),
        (invoice["number"]?.stringValue ?? "").agilityPadded(9),
        invoice["client"]?.stringValue ?? "",
      ].joined(separator: " ")
      line += "  " + localized(.agilityInvoiceDue, invoice["dueDate"]?.stringValue.map { ItemText.day(iso: $0) } ?? "?")
      line += "  " + money(invoice["total"])
      let status = invoice["status"]?.stringValue ?? ""
      if status != "paid" && status != "draft" {
        line += "  " + localized(.agilityInvoiceOpen, money(invoice["open"]))
      }
      // The open amount is its own column: the label says only that a part was paid.
      var label = invoiceStateKey(status).map { localized($0) } ?? status
      if invoice["partiallyPaid"] == .bool(true) { label += ", " + localized(.agilityPartiallyPaid) }
      if let days = invoice["daysOverdue"]?.int64Value {
        label += " (" + localized(.agilityDaysOverdue, "\(days)") + ")"
      }
      lines.append(line + "  [" + label + "]")
    }
    lines.append(localized(.agilityInvoicesTotals, money(answer["open"]), money(answer["overdue"])))
    return lines
  }

  static func transactions(_ answer: JSONValue, numbers: [String: Int64]) -> [String] {
    guard case .array(let transactions)? = answer["transactions"], !transactions.isEmpty else {
      return [localized(.agilityNoTransactions)]
    }
    var lines: [String] = []
    for transaction in transactions {
      let number = transaction["id"]?.stringValue.flatMap { numbers[$0] }.map { "\($0)" } ?? "-"
      var line = [
        number.agilityPadded(6),
        ItemText.day(iso: transaction["date"]?.stringValue ?? ""),
        signed(transaction["amount"]).agilityPadded(13),
        transaction["merchant"]?.stringValue ?? "",
      ].joined(separator: " ")
      let category = transaction["category"]?.stringValue ?? localized(.agilityUncategorised)
      line += "  · " + category
      if let account = transaction["account"]?.stringValue { line += " · " + account }
      if transaction["status"]?.stringValue == "pending" { line += "  [" + localized(.agilityPending) + "]" }
      lines.append(line)
    }
    let shown = transactions.count
    let count = Int(answer["count"]?.int64Value ?? Int64(shown))
    lines.append(
      localized(.agilityTransactionsTotals, "\(count)", money(answer["moneyIn"]), money(answer["moneyOut"]))
        + (shown < count ? " " + localized(.agilityTransactionsShown, "\(shown)") : ""))
    return lines
  }

  static func tax(_ answer: JSONValue) -> [String] {
    let year = answer["year"]?.int64Value ?? 0
    var lines = [
      answer["selfEmploymentOnly"] == .bool(true)
        ? localized(.agilityTaxHeaderSEOnly, "\(year)") : localized(.agilityTaxHeader, "\(year)")
    ]
    let header = [
      "Q", localized(.agilityTaxColumnDue).agilityPadded(11),
      localized(.agilityTaxColumnTarget).agilityPadded(13),
      localized(.agilityTaxColumnPaid).agilityPadded(13),
      localized(.agilityTaxColumnSuggested).agilityPadded(13),
    ].joined(separator: "  ")
    lines.append(header)
    if case .array(let rows)? = answer["installments"] {
      for row in rows {
        var line = [
          "\(row["quarter"]?.int64Value ?? 0)",
          ItemText.day(iso: row["due"]?.stringValue ?? "").agilityPadded(11),
          money(row["cumulativeTarget"]).agilityPadded(13),
          money(row["paid"]).agilityPadded(13),
          money(row["suggested"]).agilityPadded(13),
        ].joined(separator: "  ")
        let state = row["state"]?.stringValue ?? ""
        line += "  " + localized(stateKey(state))
        if case .array(let reasons)? = row["shiftedBecause"], !reasons.isEmpty {
          line += "  (" + localized(.agilityTaxShifted, reasons.compactMap(\.stringValue).joined(separator: "; ")) + ")"
        }
        lines.append(line)
      }
    }
    // Said in the user's words from their codes; an older daemon's English as it came.
    if case .array(let notices)? = answer["notices"] {
      for notice in notices { lines.append(localized(.agilityWarning, noticeText(notice))) }
    } else if case .array(let warnings)? = answer["warnings"] {
      for warning in warnings.compactMap(\.stringValue) { lines.append(localized(.agilityWarning, warning)) }
    }
    lines.append(localized(.agilityTaxDisclaimer))
    return lines
  }

  /// A tax notice (`TaxYearReport.Notice`) in the user's words; an unknown code as its English.
  static func noticeText(_ notice: JSONValue) -> String {
    var args: [String] = []
    if case .array(let values)? = notice["args"] { args = values.compactMap(\.stringValue) }
    let key: MessageKey? =
      switch notice["code"]?.stringValue {
      case "wageBaseUnknown" where args.count == 2: .agilityNoticeWageBase
      case "uncategorised" where args.count == 1: .agilityNoticeUncategorised
      case "additionalMedicare": .agilityNoticeMedicare
      case "unreadableOverride" where args.count == 1: .agilityNoticeOverride
      default: nil
      }
    guard let key else { return notice["code"]?.stringValue ?? "?" }
    return localized(key, arguments: args)
  }

  /// An invoice's effective status (agility.md §3) in the user's words.
  static func invoiceStateKey(_ state: String) -> MessageKey? {
    switch state {
    case "draft": .agilityInvoiceDraft
    case "sent": .agilityInvoiceSent
    case "viewed": .agilityInvoiceViewed
    case "paid": .agilityInvoicePaid
    case "overdue": .agilityInvoiceOverdue
    default: nil
    }
  }

  static func stateKey(_ state: String) -> MessageKey {
    switch state {
    case "covered": .agilityTaxCovered
    case "past due": .agilityTaxPastDue
    case "projected": .agilityTaxProjected
    default: .agilityTaxOpen
    }
  }
}

extension String {
  /// Padded with spaces to `width` characters, for columns (never cut).
  fileprivate func agilityPadded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// How each bank lays its export out (agility.md §5.1), written from statement lines kept oldest
/// first. Newest-first banks (Chase, Amex) reverse them, as their downloads do.
enum AgilityBankShapes {
  static func render(_ shape: AgilityBankFile.Shape, _ entries: [AgilityBankEntry]) -> [UInt8] {
    let written = entries.filter { $0.outcome != .omitted }
    switch shape {
    case .chaseChecking: return utf8(chaseChecking(written))
    case .chaseCard: return utf8(chaseCard(written))
    case .bofaChecking: return utf8(bofa(written))
    case .splitDebitCredit: return utf8(split(written))
    case .amexCard: return utf8(amex(written))
    case .moneyFormats: return utf8(moneyFormats(written))
    case .windows1252: return windows1252(simple(written, header: "Date,Description,Amount"))
    case .semicolonDecimalComma: return utf8(semicolon(written))
    case .bomCRLF: return [0xEF, 0xBB, 0xBF] + utf8(bomCRLF(written), lineEnd: "\r\n")
    case .quotedNewlines: return utf8(quoted(written))
    case .brokenBalance: return utf8(withBalance(written))
    case .sameDayIdentical: return utf8(simple(written, header: "Posted Date,Payee,Amount"))
    case .badRows: return utf8(simple(written, header: "Date,Description,Amount"))
    case .plaidMatches: return utf8(simple(written, header: "Date,Description,Amount"))
    }
  }

  private static func utf8(_ lines: [String], lineEnd: String = "\n") -> [UInt8] {
    Array((lines.joined(separator: lineEnd) + lineEnd).utf8)
  }

  private static func date(_ entry: AgilityBankEntry, _ format: (Int) -> String) -> String {
    entry.writtenDate ?? format(entry.day)
  }

  private static func amount(_ entry: AgilityBankEntry) -> String {
    entry.writtenAmountText ?? AgilityBankMoney.plain(entry.shownAmount)
  }

  /// Newest first, `Details` = DEBIT/CREDIT, a trailing empty field as Chase writes it.
  private static func chaseChecking(_ entries: [AgilityBankEntry]) -> [String] {
    ["Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #"]
      + entries.reversed().map { entry in
        let debit = entry.shownAmount < 0
        let type = debit ? (entry.description.hasPrefix("ACH") ? "ACH_DEBIT" : "DEBIT_CARD") : "ACH_CREDIT"
        return "\(debit ? "DEBIT" : "CREDIT"),\(date(entry, AgilityBankDay.mdy)),\(entry.description),"
          + "\(amount(entry)),\(type),\(AgilityBankMoney.plain(entry.balance)),,"
      }
  }

  /// Newest first, purchases negative; the transaction date a day or two before the posting date.
  private static func chaseCard(_ entries: [AgilityBankEntry]) -> [String] {
    ["Transaction Date,Post Date,Description,Category,Type,Amount,Memo"]
      + entries.reversed().map { entry in
        let payment = entry.shownAmount > 0
        return "\(AgilityBankDay.mdy(entry.day - entry.day % 3)),\(date(entry, AgilityBankDay.mdy)),"
          + "\(entry.description),\(payment ? "" : entry.category),\(payment ? "Payment" : "Sale"),\(amount(entry)),"
      }
  }

  /// A summary preamble and a blank line, then the header, then the "Beginning balance" line
  /// with no amount; amounts and balances quoted with thousands separators.
  private static func bofa(_ entries: [AgilityBankEntry]) -> [String] {
    guard let first = entries.first, let last = entries.last else { return [] }
    let opening = first.balance - first.amount
    let credits = entries.filter { $0.amount > 0 }.reduce(0) { $0 + $1.amount }
    let debits = entries.filter { $0.amount < 0 }.reduce(0) { $0 + $1.amount }
    func money(_ cents: Int64) -> String { (cents < 0 ? "-" : "") + AgilityBankMoney.grouped(cents) }
    var lines = [
      "Description,,Summary Amt.",
      "Beginning balance as of \(AgilityBankDay.mdy(first.day)),,\"\(money(opening))\"",
      "Total credits,,\"\(money(credits))\"",
      "Total debits,,\"\(money(debits))\"",
      "Ending balance as of \(AgilityBankDay.mdy(last.day)),,\"\(money(last.balance))\"",
      "",
      "Date,Description,Amount,Running Bal.",
    ]
    for entry in entries {
      if entry.outcome == .skipped {
        lines.append(
          "\(AgilityBankDay.mdy(entry.day)),Beginning balance as of \(AgilityBankDay.mdy(entry.day)),,"
            + "\"\(money(entry.balance))\"")
      } else {
        lines.append(
          "\(date(entry, AgilityBankDay.mdy)),\"\(entry.description)\",\"\(money(entry.shownAmount))\","
            + "\"\(money(entry.balance))\"")
      }
    }
    return lines
  }

  /// Unsigned `Debit`/`Credit`, ISO dates; balance-only lines fill neither.
  private static func split(_ entries: [AgilityBankEntry]) -> [String] {
    ["Posting Date,Description,Debit,Credit,Balance"]
      + entries.map { entry in
        let magnitude = AgilityBankMoney.plain(Int64(entry.shownAmount.magnitude))
        var (debit, credit) = ("", "")
        if entry.bothColumns {
          (debit, credit) = (magnitude, magnitude)
        } else if entry.outcome != .skipped {
          if entry.shownAmount < 0 { debit = magnitude } else { credit = magnitude }
        }
        return "\(date(entry, AgilityBankDay.iso)),\(entry.description),\(debit),\(credit),"
          + AgilityBankMoney.plain(entry.balance)
      }
  }

  /// Purchases positive, payments negative, newest first.
  private static func amex(_ entries: [AgilityBankEntry]) -> [String] {
    ["Date,Description,Card Member,Account #,Amount"]
      + entries.reversed().map { entry in
        "\(date(entry, AgilityBankDay.mdy)),\(entry.description),J SMITH,-41007,"
          + AgilityBankMoney.plain(-entry.shownAmount)
      }
  }

  /// `$1,234.56`, `($12.34)`, `12.34-` and `-$3.10`, taking turns; balances with `$` too.
  private static func moneyFormats(_ entries: [AgilityBankEntry]) -> [String] {
    ["Date,Description,Amount,Balance"]
      + entries.enumerated().map { index, entry in
        let cents = entry.shownAmount
        let grouped = AgilityBankMoney.grouped(cents)
        let text: String
        if cents >= 0 {
          text = index % 2 == 0 ? "\"$\(grouped)\"" : AgilityBankMoney.plain(cents)
        } else {
          switch index % 3 {
          case 0: text = "\"($\(grouped))\""
          case 1: text = "\"\(grouped)-\""
          default: text = "\"-$\(grouped)\""
          }
        }
        let balance = (entry.balance < 0 ? "-$" : "$") + AgilityBankMoney.grouped(entry.balance)
        return "\(date(entry, AgilityBankDay.mdy)),\(entry.description),\(text),\"\(balance)\""
      }
  }

  /// `;` between fields, `DD/MM/YYYY`, `1.234,56`.
  private static func semicolon(_ entries: [AgilityBankEntry]) -> [String] {
    func money(_ cents: Int64) -> String {
      (cents < 0 ? "-" : "") + AgilityBankMoney.grouped(cents, separator: ".", decimal: ",")
    }
    return ["Date;Description;Amount;Balance"]
      + entries.map { entry in
        "\(date(entry, AgilityBankDay.dmy));\(entry.description);\(money(entry.shownAmount));\(money(entry.balance))"
      }
  }

  private static func bomCRLF(_ entries: [AgilityBankEntry]) -> [String] {
    ["Transaction Date,Description,Amount,Transaction ID"]
      + entries.map { entry in
        "\(date(entry, AgilityBankDay.mdy)),\(entry.description),\(amount(entry)),\(entry.externalID ?? "")"
      }
  }

  /// Every field quoted, some descriptions over two lines.
  private static func quoted(_ entries: [AgilityBankEntry]) -> [String] {
    ["\"Date\",\"Description\",\"Amount\""]
      + entries.map { entry in
        "\"\(date(entry, AgilityBankDay.mdy))\",\"\(entry.description.replacingQuotes())\",\"\(amount(entry))\""
      }
  }

  private static func withBalance(_ entries: [AgilityBankEntry]) -> [String] {
    ["Date,Description,Amount,Balance"]
      + entries.map { entry in
        "\(date(entry, AgilityBankDay.mdy)),\(entry.description),\(amount(entry)),"
          + AgilityBankMoney.plain(entry.balance)
      }
  }

  private static func simple(_ entries: [AgilityBankEntry], header: String) -> [String] {
    [header] + entries.map { "\(date($0, AgilityBankDay.mdy)),\($0.description),\(amount($0))" }
  }

  /// The file's text in Windows-1252: the few non-ASCII characters the generator uses.
  private static func windows1252(_ lines: [String]) -> [UInt8] {
    let table: [Character: UInt8] = [
      "É": 0xC9, "È": 0xC8, "Ï": 0xCF, "Ñ": 0xD1, "Ü": 0xDC, "€": 0x80, "’": 0x92, "é": 0xE9,
    ]
    var bytes: [UInt8] = []
    for character in lines.joined(separator: "\r\n") + "\r\n" {
      if let byte = table[character] {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: Array(String(character).utf8))
      }
    }
    return bytes
  }
}

extension String {
  fileprivate func replacingQuotes() -> String {
    var text = ""
    for character in self { text += character == "\"" ? "\"\"" : String(character) }
    return text
  }
}

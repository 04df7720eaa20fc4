import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The widget of agility.md §6: this local month's profit and loss (full amounts; the
/// deductible share is for tax only), the cash balance of checking, savings and cash accounts
/// with the oldest `balance_as_of`, and what is due next (an unpaid invoice, or the next
/// estimated-tax date with something to pay). It changes by itself at local midnight.
struct AgilityDashboard {
  struct DueNext {
    var kind: String
    var title: String
    var due: CivilDate
    var cents: Int64
    var overdue: Bool
  }

  var month: String
  var incomeCents: Int64 = 0
  var expenseCents: Int64 = 0
  var cashCents: Int64?
  var cashAsOf: String?
  /// Each account in the cash balance, with its own age: a manual one entered weeks ago shows
  /// as such, instead of dating the whole total.
  var cashAccounts: [CashAccount] = []

  struct CashAccount {
    var name: String
    var cents: Int64
    var asOf: String?
    var connection: String?
  }
  var dueNext: DueNext?
  var hasData: Bool
  let validUntil: Date

  init(items: [Item], today: CivilDate, days: AgilityDays, now: Date) {
    month = String(AgilityDays.iso(today).prefix(7))
    var categories: [String: Item] = [:]
    for item in items where item.kind == .moneyCategory { categories[item.upstreamID] = item }
    for item in items where item.kind == .moneyTransaction {
      guard item.details["date"]?.stringValue?.hasPrefix(month + "-") == true,
        let cents = AgilityMoney.cents(item.details["amount"])
      else { continue }
      let kind =
        item.details["categoryId"]?.stringValue.flatMap { categories[$0]?.details["kind"]?.stringValue }
        ?? item.details["categoryKind"]?.stringValue
      switch kind {
      case "income": incomeCents += cents
      case "expense" where item.details["business"] == .bool(true): expenseCents += Int64(cents.magnitude)
      default: break
      }
    }
    // The total is as of the oldest balance the service keeps current (a bank connection, an
    // import); a manual account is as old as its last entry, which its own line shows. Only
    // when every account is manual do they date the total.
    var (oldestKept, oldestManual): (Date?, Date?) = (nil, nil)
    for item in items where item.kind == .bankAccount {
      guard ["checking", "savings", "cash"].contains(item.details["type"]?.stringValue ?? ""),
        let cents = AgilityMoney.cents(item.details["balance"])
      else { continue }
      cashCents = (cashCents ?? 0) + cents
      let connection = item.details["connection"]?.stringValue
      let asOfText = item.details["balanceAsOf"]?.stringValue
      cashAccounts.append(CashAccount(name: item.title, cents: cents, asOf: asOfText, connection: connection))
      if let asOf = asOfText.flatMap(UTCTimestamp.parse) {
        if connection == "manual" {
          oldestManual = min(oldestManual ?? asOf, asOf)
        } else {
          oldestKept = min(oldestKept ?? asOf, asOf)
        }
      }
    }
    cashAsOf = (oldestKept ?? oldestManual).map(UTCTimestamp.format)
    var next: DueNext?
    func consider(_ candidate: DueNext) {
      if next.map({ candidate.due < $0.due }) ?? true { next = candidate }
    }
    for item in items where item.kind == .invoice {
      let effective = AgilityInvoiceList.status(item, today: today)
      guard [.sent, .viewed, .overdue].contains(effective.state),
        let due = AgilityDays.parse(item.details["dueDate"]?.stringValue)
      else { continue }
      consider(
        DueNext(
          kind: "invoice", title: item.details["number"]?.stringValue ?? item.title, due: due,
          cents: effective.openCents, overdue: effective.state == .overdue))
    }
    for item in items where item.kind == .taxInstallment {
      guard let due = AgilityDays.parse(item.details["dueDate"]?.stringValue), due >= today,
        let cents = AgilityMoney.cents(item.details["suggested"]), cents > 0
      else { continue }
      consider(DueNext(kind: "tax", title: item.title, due: due, cents: cents, overdue: false))
    }
    dueNext = next
    hasData = items.contains { [.moneyTransaction, .invoice, .bankAccount].contains($0.kind) }
    validUntil = days.instant(today.adding(days: 1))
  }

  var profitCents: Int64 { incomeCents - expenseCents }

  static func signed(_ cents: Int64, _ style: NumberStyle) -> String {
    (cents >= 0 ? "+" : "") + AgilityMoney.display(cents, style)
  }

  /// "P&L +$1,200.00 · cash $5,400.00 · INV-0003 $500.00 due 2026-12-15", for `locale`'s reader.
  func bar(_ locale: ViewLocale = ViewLocale()) -> String {
    guard hasData else { return locale.say(Words.noData) }
    var parts = [locale.say(Words.profit, Self.signed(profitCents, locale.numbers))]
    if let cashCents { parts.append(locale.say(Words.cash, AgilityMoney.display(cashCents, locale.numbers))) }
    if let dueNext {
      let day = locale.date(year: dueNext.due.year, month: dueNext.due.month, day: dueNext.due.day)
      let when = locale.say(dueNext.overdue ? Words.overdueSince : Words.due, day)
      parts.append("\(dueNext.title) \(AgilityMoney.display(dueNext.cents, locale.numbers)) \(when)")
    }
    return parts.joined(separator: " · ")
  }

  /// The bar's words.
  enum Words {
    static let noData = LocalizedText(
      en: "Agility: no data yet", de: "Agility: noch keine Daten", fr: "Agility : pas encore de données",
      it: "Agility: ancora nessun dato")
    static let profit = LocalizedText(en: "P&L {0}", de: "Ergebnis {0}", fr: "Résultat {0}", it: "Risultato {0}")
    static let cash = LocalizedText(en: "cash {0}", de: "Konto {0}", fr: "trésorerie {0}", it: "cassa {0}")
    static let overdueSince = LocalizedText(
      en: "overdue since {0}", de: "überfällig seit {0}", fr: "en retard depuis le {0}", it: "scaduta dal {0}")
    static let due = LocalizedText(en: "due {0}", de: "fällig am {0}", fr: "échéance le {0}", it: "scadenza il {0}")
  }

  var json: JSONValue { json(ViewLocale()) }

  func json(_ locale: ViewLocale) -> JSONValue {
    var block: [String: JSONValue] = [
      "month": .string(month), "income": .string(AgilityMoney.decimal(incomeCents)),
      "expenses": .string(AgilityMoney.decimal(expenseCents)), "profit": .string(AgilityMoney.decimal(profitCents)),
      "empty": .bool(!hasData),
    ]
    if let cashCents {
      block["cash"] = [
        "balance": .string(AgilityMoney.decimal(cashCents)), "asOf": cashAsOf.map { .string($0) } ?? .null,
        "accounts": .array(
          cashAccounts.map { account in
            [
              "name": .string(account.name), "balance": .string(AgilityMoney.decimal(account.cents)),
              "asOf": account.asOf.map { .string($0) } ?? .null,
              "connection": account.connection.map { .string($0) } ?? .null,
            ]
          }),
      ]
    }
    if let dueNext {
      block["dueNext"] = [
        "kind": .string(dueNext.kind), "title": .string(dueNext.title), "due": .string(AgilityDays.iso(dueNext.due)),
        "amount": .string(AgilityMoney.decimal(dueNext.cents)), "overdue": .bool(dueNext.overdue),
      ]
    }
    return [
      "block": .object(block), "bar": .string(bar(locale)), "validUntil": .string(UTCTimestamp.format(validUntil)),
    ]
  }
}

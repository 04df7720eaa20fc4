import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost agility …`: a freelancer's money. A thin front for the generic RPC: the widget, the
/// lists and the tax table are the connector's views answered from the store (offline too),
/// payments, drafts and recategorisation are its declared actions, a bank file is an import.
struct AgilityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agility",
    abstract: "Agility: invoices and their reminders, transactions, spending, bank CSV imports, estimated tax.",
    discussion: """
      Add an account with `outpost account add agility --name work --username EMAIL --password-stdin` \
      (--base-url and --option apiKey=… for a project other than the default; \
      --option timeZone=America/New_York for "today" and 09:00 reminders; \
      --option incomeTaxRate=12 for the income-tax part of the estimate).

      Everything here reads the local store: it works offline. Payments, drafts and new \
      categories are queued and sent when Agility can be reached; a change made at Agility \
      meanwhile becomes a conflict you see (`outpost conflicts`), never a silent overwrite.

      Examples:
        outpost agility
        outpost agility invoices --status unpaid
        outpost agility invoices --due-within 7
        outpost agility mark-paid INV-0042
        outpost agility mark-paid INV-0042 --amount 500
        outpost agility draft --client "Acme Corp" --line "Logo design|1.5|120" --line "Hosting|1|80|untaxed"
        outpost agility edit INV-0043 --line "Logo design|2|120" --due 2026-12-31
        outpost agility send INV-0043
        outpost agility transactions --month 2026-11 --uncategorised
        outpost agility recategorise 812 "Software & other"
        outpost agility categories add "Conference fees" --line 27b
        outpost agility import ~/Downloads/Chase1234_Activity.csv --account "Business Checking" --dry-run
        outpost agility tax --year 2026
        outpost agility spending --months 12 --output spending.svg
      """,
    subcommands: [
      Status.self, AgilityInvoices.self, AgilityTransactions.self, AgilitySpendingCommand.self, AgilityTax.self,
      AgilityMarkPaid.self,
      AgilitySend.self, AgilityDraftCommand.self, AgilityEditDraft.self, AgilityRecategorise.self,
      AgilityCategoriesCommand.self, AgilityImport.self,
    ], defaultSubcommand: Status.self)

  struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status",
      abstract: "This month's profit and loss, the cash balance and its age, and what is due next.",
      discussion: """
        Profit and loss counts income and business expenses of the current local month in full \
        (the deductible share is for tax only). Cash is checking, savings and cash accounts, \
        as of their oldest balance. Due next is the earliest unpaid invoice or the next \
        estimated-tax date with something to pay.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(QueriesRun.self, .init(query: "agility.dashboard", account: account))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        FreshnessBanner.show(answer.freshness)
        print(AgilityText.status(answer.result["block"] ?? .null).joined(separator: "\n"))
      }
    }
  }
}

/// `outpost agility invoices`.
struct AgilityInvoices: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invoices",
    abstract: "Invoices with their effective status and what is open, overdue first.",
    discussion: """
      The status is worked out today, in your time zone: overdue from the day after the due \
      day (drafts never are), paid as soon as everything is paid, "partially paid" with what \
      is open. `outpost show N` shows one with its line items.
      """)
  @OptionGroup var global: GlobalOptions
  @Option(
    help: ArgumentHelp("Only these: draft, sent, viewed, overdue, paid, or unpaid.", valueName: "status"))
  var status: String?
  @Option(help: ArgumentHelp("Only unpaid ones due within this many days.", valueName: "days")) var dueWithin: Int?
  @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

  func validate() throws {
    if let status, !["draft", "sent", "viewed", "overdue", "paid", "unpaid"].contains(status) {
      throw ValidationError(localized(.agilityStatusChoices))
    }
    if let dueWithin, dueWithin < 0 { throw ValidationError(localized(.agilityDueWithinRange)) }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      var params: [String: JSONValue] = [:]
      if let status { params["status"] = .string(status) }
      if let dueWithin { params["dueWithin"] = .int(Int64(dueWithin)) }
      let answer = try connection.call(
        QueriesRun.self, .init(query: "agility.invoices", account: account, params: .object(params)))
      let numbers = try AgilityLookup.numbers(connection, kind: "invoice")
      if global.json {
        Terminal.printJSON(
          FreshnessBanner.json(
            AgilityLookup.numbered(answer.result, list: "invoices", numbers: numbers), answer.freshness))
        return
      }
      FreshnessBanner.show(answer.freshness)
      print(AgilityText.invoices(answer.result, numbers: numbers).joined(separator: "\n"))
    }
  }
}

/// `outpost agility transactions`.
struct AgilityTransactions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transactions",
    abstract: "Transactions, newest first, with their category and account.",
    discussion: "Amounts are signed: + money in, − money out. Pending ones are marked.")
  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("Only this month, as YYYY-MM.", valueName: "month")) var month: String?
  @Flag(help: "Only those without a category.") var uncategorised = false
  @Option(help: ArgumentHelp("At most this many.", valueName: "count")) var limit: Int?
  @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

  func validate() throws {
    if let month, month.wholeMatch(of: /\d{4}-(0[1-9]|1[0-2])/) == nil {
      throw ValidationError(localized(.agilityMonthFormat))
    }
    if let limit, limit < 1 { throw ValidationError(localized(.agilityLimitAtLeastOne)) }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      var params: [String: JSONValue] = [:]
      if let month { params["month"] = .string(month) }
      if uncategorised { params["uncategorised"] = true }
      if let limit { params["limit"] = .int(Int64(limit)) }
      let answer = try connection.call(
        QueriesRun.self, .init(query: "agility.transactions", account: account, params: .object(params)))
      let numbers = try AgilityLookup.numbers(connection, kind: "transaction")
      if global.json {
        Terminal.printJSON(
          FreshnessBanner.json(
            AgilityLookup.numbered(answer.result, list: "transactions", numbers: numbers), answer.freshness))
        return
      }
      FreshnessBanner.show(answer.freshness)
      print(AgilityText.transactions(answer.result, numbers: numbers).joined(separator: "\n"))
    }
  }
}

/// `outpost agility tax`.
struct AgilityTax: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tax",
    abstract: "The year's four estimated-tax installments (Form 1040-ES): due day, estimate, paid, open.",
    discussion: """
      Due days move past weekends and legal holidays (DC Emancipation Day included). The \
      estimate annualises your year-to-date profit (income minus business expenses at their \
      deductible share), adds self-employment tax (15.3 % of 92.35 % of it, Social Security \
      up to the year's wage base) and, with --option incomeTaxRate=…, income tax at that rate; \
      each installment is a quarter of it, cumulative, less the estimated-tax payments made. \
      Reminders come 14 and 3 days before and on the day. This is an estimate, not tax advice.
      """)
  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("The tax year (default this year).", valueName: "year")) var year: Int?
  @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

  func validate() throws {
    if let year, !(2000...2100).contains(year) { throw ValidationError(localized(.agilityYearRange)) }
  }

  func run() throws {
    try reportingFailures {
      var params: [String: JSONValue] = [:]
      if let year { params["year"] = .int(Int64(year)) }
      let answer = try global.connect().call(
        QueriesRun.self, .init(query: "agility.tax", account: account, params: .object(params)))
      if global.json {
        Terminal.printJSON(FreshnessBanner.json(answer.result, answer.freshness))
        return
      }
      FreshnessBanner.show(answer.freshness)
      print(AgilityText.tax(answer.result).joined(separator: "\n"))
    }
  }
}

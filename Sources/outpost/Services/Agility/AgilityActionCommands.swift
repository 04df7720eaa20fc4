import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost agility mark-paid INVOICE [--amount X]`.
struct AgilityMarkPaid: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mark-paid",
    abstract: "Record a payment on a sent invoice: all that is open, or --amount for a part (queued when offline).",
    discussion: """
      A payment recorded at Agility meanwhile (the client paid online) makes this a conflict \
      shown with Agility's copy: nothing is recorded twice. Exit status 1 on a conflict or when \
      the invoice cannot take it (a draft, already paid).
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("The invoice: INV-0042, or its number in `outpost agility invoices`.", valueName: "invoice"))
  var invoice: String
  @Option(help: ArgumentHelp("Dollars received, e.g. 500 or 1234.56 (default: everything open).", valueName: "amount"))
  var amount: String?
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      let item = try AgilityLookup.invoice(invoice, global.connect())
      var params: [String: JSONValue] = [:]
      if let amount { params["amount"] = .string(String(amount.filter { $0 != "$" && $0 != "," })) }
      try DoCommand.perform("agility.mark-paid", on: item.number, params: params, wait: !noWait, global: global)
    }
  }
}

/// `outpost agility send INVOICE`.
struct AgilitySend: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "send",
    abstract: "Send a draft invoice to its client by e-mail (queued when offline).",
    discussion: "Only a draft can be sent. Agility e-mails it and marks it sent.")
  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("The draft: INV-0043, or its number in `outpost agility invoices`.", valueName: "invoice"))
  var invoice: String
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      let item = try AgilityLookup.invoice(invoice, global.connect())
      try DoCommand.perform("agility.send-invoice", on: item.number, params: [:], wait: !noWait, global: global)
    }
  }
}

/// `outpost agility recategorise TRANSACTION CATEGORY`.
struct AgilityRecategorise: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recategorise",
    abstract: "File a transaction under another category (queued when offline).",
    discussion: """
      A category deleted at Agility while the change waited becomes a conflict: choose another \
      and run it again. `outpost items --kind category` lists the categories.
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The transaction's number (`outpost agility transactions`).", valueName: "transaction"))
  var transaction: Int64
  @Argument(help: ArgumentHelp("The category's name, e.g. \"Software & other\".", valueName: "category"))
  var category: String
  @Flag(help: "Mark it a business expense.") var business = false
  @Flag(help: "Mark it personal (not a business expense).") var personal = false
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func validate() throws {
    if business && personal { throw ValidationError(localized(.agilityBusinessOrPersonal)) }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let found = try AgilityLookup.category(category, connection)
      var params: [String: JSONValue] = ["categoryId": .string(found.item.upstreamID)]
      if business || personal { params["business"] = .bool(business) }
      try DoCommand.perform("agility.recategorise", on: transaction, params: params, wait: !noWait, global: global)
    }
  }
}

/// `outpost agility draft --client C --line …`.
struct AgilityDraftCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "draft",
    abstract: "Create a draft invoice, offline too: Agility numbers it when it arrives.",
    discussion: """
      Each --line is DESCRIPTION|QUANTITY|RATE, with |untaxed to leave it out of the tax: \
      "Logo design|1.5|120". Agility works out each line's amount (half-up to the cent), the \
      tax and the total. The due day defaults to the client's payment terms. Send it with \
      `outpost agility send`.
      """)
  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("The client's name (or company).", valueName: "client")) var client: String
  @Option(name: .customLong("line"), help: ArgumentHelp("A line item (repeatable).", valueName: "line"))
  var lines: [String] = []
  @Option(help: ArgumentHelp("The issue day, YYYY-MM-DD (default today).", valueName: "date")) var issued: String?
  @Option(help: ArgumentHelp("The due day, YYYY-MM-DD.", valueName: "date")) var due: String?
  @Option(help: ArgumentHelp("Sales tax in percent, e.g. 8.875.", valueName: "percent")) var taxRate: String?
  @Option(help: ArgumentHelp("Notes shown on the invoice.", valueName: "text")) var notes: String?
  @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

  func validate() throws {
    if lines.isEmpty { throw ValidationError(localized(.agilityDraftNoLines)) }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let name = try account ?? AgilityLookup.onlyAccount(connection)
      let found = try AgilityLookup.client(client, connection)
      var params: [String: JSONValue] = [
        "clientId": .string(found.item.upstreamID), "lines": .string(lines.joined(separator: "\n")),
        "issueDate": .string(issued ?? AgilityText.localDay(Date())),
      ]
      if let due { params["dueDate"] = .string(due) }
      if let taxRate { params["taxRate"] = .string(taxRate) }
      if let notes { params["notes"] = .string(notes) }
      let result = try connection.call(
        ActionsPerform.self, .init(action: "agility.create-draft", account: name, params: .object(params), wait: true))
      if global.json {
        Terminal.printJSON(result)
      } else if result.action.state == .done, let number = result.action.serverState?["invoice_number"]?.stringValue {
        let total = result.action.serverState?["total"].flatMap(AgilityText.money) ?? ""
        print(localized(.agilityDraftCreated, number, found.item.title, total))
      } else {
        print(ActionOutput.queued(result.action))
      }
      if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
    }
  }
}

/// Finding what a command names: an invoice by its number or item number, a category or a
/// client by name, the one Agility account.
enum AgilityLookup {
  static func items(_ connection: DaemonConnection, kind: String) throws -> [ListedItem] {
    try connection.call(ItemsList.self, .init(kinds: [kind], service: "agility")).items
  }

  /// Upstream id → item number, to show the numbers commands take.
  static func numbers(_ connection: DaemonConnection, kind: String) throws -> [String: Int64] {
    try items(connection, kind: kind).reduce(into: [:]) { $0[$1.item.upstreamID] = $1.number }
  }

  /// The view's list with each entry's item number added.
  static func numbered(_ result: JSONValue, list: String, numbers: [String: Int64]) -> JSONValue {
    guard case .object(var object) = result, case .array(let entries)? = object[list] else { return result }
    object[list] = .array(
      entries.map { entry in
        guard case .object(var fields) = entry, let id = fields["id"]?.stringValue, let number = numbers[id] else {
          return entry
        }
        fields["number"] = .int(number)
        return .object(fields)
      })
    return .object(object)
  }

  static func invoice(_ reference: String, _ connection: DaemonConnection) throws -> ListedItem {
    let invoices = try items(connection, kind: "invoice")
    let wanted = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    if let found = invoices.first(where: {
      String($0.number) == wanted || $0.item.upstreamID == wanted
        || $0.item.details["number"]?.stringValue?.uppercased() == wanted.uppercased()
    }) {
      return found
    }
    throw CLIFailure(.daemonError, localized(.agilityNoInvoice, reference))
  }

  static func category(_ name: String, _ connection: DaemonConnection) throws -> ListedItem {
    let categories = try items(connection, kind: "category").filter { $0.item.status == .active }
    if let found = categories.first(where: {
      $0.item.title.lowercased() == name.lowercased() || $0.item.upstreamID == name
    }) {
      return found
    }
    let names = categories.map(\.item.title).sorted().joined(separator: ", ")
    throw CLIFailure(.usage, localized(.agilityNoCategory, name, names))
  }

  static func client(_ name: String, _ connection: DaemonConnection) throws -> ListedItem {
    let clients = try items(connection, kind: "client").filter { $0.item.status == .active }
    let wanted = name.lowercased()
    let matches = clients.filter {
      $0.item.title.lowercased() == wanted || $0.item.details["company"]?.stringValue?.lowercased() == wanted
        || $0.item.upstreamID == name
    }
    if matches.count == 1 { return matches[0] }
    let partial = clients.filter { $0.item.title.lowercased().contains(wanted) }
    if matches.isEmpty && partial.count == 1 { return partial[0] }
    let names = clients.map(\.item.title).sorted().joined(separator: ", ")
    throw CLIFailure(.usage, localized(.agilityNoClient, name, names))
  }

  static func onlyAccount(_ connection: DaemonConnection) throws -> String {
    let accounts = try connection.call(AccountsList.self, .init()).accounts.filter { $0.kind == "agility" }
    switch accounts.count {
    case 1: return accounts[0].name
    case 0: throw CLIFailure(.daemonError, localized(.agilityNoAccount))
    default:
      throw CLIFailure(.usage, localized(.agilitySeveralAccounts, accounts.map(\.name).joined(separator: ", ")))
    }
  }
}

/// `outpost agility edit DRAFT …`.
struct AgilityEditDraft: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change a draft invoice: its line items, days, tax rate or notes (queued when offline).",
    discussion: """
      --line replaces ALL the line items with the ones given (DESCRIPTION|QUANTITY|RATE, with \
      |untaxed to leave one out of the tax). Only drafts are edited here; a draft sent or \
      changed at Agility while the edit waited becomes a conflict (`outpost conflicts`).
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("The draft: INV-0043, or its number in `outpost agility invoices`.", valueName: "invoice"))
  var invoice: String
  @Option(name: .customLong("line"), help: ArgumentHelp("A line item (repeatable).", valueName: "line"))
  var lines: [String] = []
  @Option(help: ArgumentHelp("The issue day, YYYY-MM-DD.", valueName: "date")) var issued: String?
  @Option(help: ArgumentHelp("The due day, YYYY-MM-DD.", valueName: "date")) var due: String?
  @Option(help: ArgumentHelp("Sales tax in percent, e.g. 8.875.", valueName: "percent")) var taxRate: String?
  @Option(help: ArgumentHelp("Notes shown on the invoice.", valueName: "text")) var notes: String?
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func validate() throws {
    if lines.isEmpty && issued == nil && due == nil && taxRate == nil && notes == nil {
      throw ValidationError(localized(.agilityEditNothing))
    }
  }

  func run() throws {
    try reportingFailures {
      let item = try AgilityLookup.invoice(invoice, global.connect())
      var params: [String: JSONValue] = [:]
      if !lines.isEmpty { params["lines"] = .string(lines.joined(separator: "\n")) }
      if let issued { params["issueDate"] = .string(issued) }
      if let due { params["dueDate"] = .string(due) }
      if let taxRate { params["taxRate"] = .string(taxRate) }
      if let notes { params["notes"] = .string(notes) }
      try DoCommand.perform("agility.edit-draft", on: item.number, params: params, wait: !noWait, global: global)
    }
  }
}

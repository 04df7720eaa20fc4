import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost agility categories [list|add NAME]`: the categories transactions are filed under,
/// and a custom one added within Agility's limit of 20 (FR-002).
struct AgilityCategoriesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "categories",
    abstract: "The categories (built-in and custom, with their Schedule C line), and adding one.",
    discussion: """
      Agility keeps at most 20 custom categories that are not archived; the built-in ones \
      (Schedule C's lines) do not count. `outpost agility categories` says how many you have.

      Examples:
        outpost agility categories
        outpost agility categories add "Conference fees"
        outpost agility categories add "Coworking" --line 20b
        outpost agility categories add "Side gigs" --kind income --line 1
      """,
    subcommands: [List.self, Add.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "The categories, built-in first, and how many custom ones you have of 20.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(QueriesRun.self, .init(query: "agility.categories", account: account))
        if global.json {
          Terminal.printJSON(FreshnessBanner.json(answer.result, answer.freshness))
          return
        }
        FreshnessBanner.show(answer.freshness)
        print(AgilityCategoriesText.list(answer.result).joined(separator: "\n"))
      }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a custom category (queued when offline), within Agility's limit of 20.",
      discussion: """
        Refused here, before anything is queued, when the name is taken (ignoring case) or you \
        already have 20 custom categories: archive one in Agility's web app, sync, and add \
        again. Agility refuses a 21st too (made elsewhere while this one waited): the action \
        then fails with its reason (`outpost conflicts`).

        Exit status: 0 added (or queued); 1 refused, or a conflict; 64 bad usage.
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Its name, e.g. \"Conference fees\".", valueName: "name")) var name: String
    @Option(
      help: ArgumentHelp("What it files: expense, income, personal, transfer or tax_payment.", valueName: "kind"))
    var kind = "expense"
    @Option(help: ArgumentHelp("Its Schedule C line, e.g. 27b (other expenses) or 1 (income).", valueName: "line"))
    var line: String?
    @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?
    @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

    static let kinds = ["expense", "income", "personal", "transfer", "tax_payment"]
    static let lines = [
      "1", "8", "9", "10", "11", "12", "13", "14", "15", "16a", "16b", "17", "18", "19", "20a", "20b", "21", "22",
      "23", "24a", "24b", "25", "26", "27a", "27b", "30",
    ]

    func validate() throws {
      if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(localized(.agilityCategoryNoName)) }
      if !Self.kinds.contains(kind) { throw ValidationError(localized(.agilityCategoryKinds)) }
      if let line, !Self.lines.contains(line.lowercased()) { throw ValidationError(localized(.agilityCategoryLines)) }
    }

    func run() throws {
      try reportingFailures {
        let connection = try global.connect()
        let owner = try account ?? AgilityLookup.onlyAccount(connection)
        let wanted = name.trimmingCharacters(in: .whitespaces)
        let listed = try connection.call(QueriesRun.self, .init(query: "agility.categories", account: owner)).result
        let categories = AgilitySpendingText.list(listed["categories"])
        // Additions still in the queue (made offline, or not sent yet) count as made: else the
        // 21st and a second "Coworking" were queued offline and failed later.
        let queued = try connection.call(ActionsList.self, .init(states: [.pending, .running], account: owner))
          .actions.filter { $0.type.rawValue == "agility.add-category" }
          .compactMap { $0.params["category"]?["name"]?.stringValue }
        let names = categories.compactMap { $0["name"]?.stringValue } + queued
        if let taken = names.first(where: { $0.lowercased() == wanted.lowercased() }) {
          throw CLIFailure(.daemonError, localized(.agilityCategoryExists, taken))
        }
        let custom = (listed["custom"]?.int64Value ?? 0) + Int64(queued.count)
        let limit = listed["limit"]?.int64Value ?? 20
        if custom >= limit { throw CLIFailure(.daemonError, localized(.agilityCategoryLimit, "\(limit)", "\(custom)")) }
        var params: [String: JSONValue] = ["name": .string(wanted), "kind": .string(kind)]
        if let line { params["scheduleCLine"] = .string(line.lowercased()) }
        let result = try connection.call(
          ActionsPerform.self,
          .init(action: "agility.add-category", account: owner, params: .object(params), wait: !noWait))
        if global.json {
          Terminal.printJSON(result)
        } else if result.action.state == .done {
          print(localized(.agilityCategoryAdded, wanted, "\(custom + 1)", "\(limit)"))
        } else {
          print(ActionOutput.queued(result.action))
        }
        if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
      }
    }
  }
}

/// The categories in words: a line each, built-in ones first.
enum AgilityCategoriesText {
  static func list(_ answer: JSONValue) -> [String] {
    let categories = AgilitySpendingText.list(answer["categories"])
    guard !categories.isEmpty else { return [localized(.agilityCategoriesNone)] }
    let width = min(32, categories.map { ($0["name"]?.stringValue ?? "").count }.max() ?? 0)
    var lines: [String] = []
    for category in categories {
      var line = "  " + AgilitySpendingText.padded(category["name"]?.stringValue ?? "?", width)
      let mark =
        category["system"] == .bool(true) ? localized(.agilityCategoryBuiltIn) : localized(.agilityCategoryCustom)
      line += "  " + AgilitySpendingText.padded(mark, 10)
      if let kind = category["kind"]?.stringValue { line += "  " + AgilitySpendingText.padded(kindText(kind), 14) }
      if let scheduleC = category["scheduleCLine"]?.stringValue {
        line += "  " + localized(.agilityCategoryLine, scheduleC)
      }
      if category["archived"] == .bool(true) { line += "  [" + localized(.agilityCategoryArchived) + "]" }
      // A kind without a line leaves no padding at the end.
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    let custom = answer["custom"]?.int64Value ?? 0
    let limit = answer["limit"]?.int64Value ?? 20
    lines.append(localized(.agilityCategoriesCount, "\(categories.count)", "\(custom)", "\(limit)"))
    return lines
  }

  /// A category's kind in the reader's words; one this build does not know as it came.
  static func kindText(_ kind: String) -> String {
    let key: MessageKey? =
      switch kind {
      case "expense": .agilityCategoryKindExpense
      case "income": .agilityCategoryKindIncome
      case "personal": .agilityCategoryKindPersonal
      case "transfer": .agilityCategoryKindTransfer
      case "tax_payment": .agilityCategoryKindTaxPayment
      default: nil
      }
    return key.map { localized($0) } ?? kind
  }
}

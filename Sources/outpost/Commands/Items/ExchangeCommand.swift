import ArgumentParser
import OutpostModel
import OutpostRPC

struct ExchangeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "exchange",
    abstract: "The referee exchange board: list entries, take one, offer or withdraw your own assignment.",
    discussion: """
      Actions are queued first and sent when the service can be reached: they work offline and \
      are sent once, in order. If the board changed meanwhile (someone else took the entry), the \
      action becomes a conflict for you to decide (`outpost conflicts`).
      """,
    subcommands: [List.self, Take.self, Offer.self, Withdraw.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "Open entries on the board (yours and those you applied for marked).")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(ItemsList.self, .init(kinds: ["exchange"]))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        FreshnessBanner.show(result.freshness)
        for listed in result.items where listed.item.status == .active || listed.item.status == .applied {
          var line = ItemText.line(listed, showDay: true)
          if listed.item.details["mine"] == .bool(true) { line += "  [" + localized(.exchangeMine) + "]" }
          if listed.item.status == .applied { line += "  [" + localized(.exchangeApplied) + "]" }
          if let level = listed.item.details["requiredLevel"]?.stringValue {
            line += "  " + localized(.exchangeLevel, level)
          }
          print(line)
        }
      }
    }
  }

  struct Take: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "take", abstract: "Apply for an entry on the board.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The entry's number (`outpost exchange list`).", valueName: "id")) var id: Int64
    func run() throws { try reportingFailures { try queueAction(global, type: .exchangeTake, item: id) } }
  }

  struct Offer: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "offer", abstract: "Put one of your assignments on the board.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The assignment's number (`outpost assignments`).", valueName: "id")) var id: Int64
    func run() throws { try reportingFailures { try queueAction(global, type: .exchangeOffer, item: id) } }
  }

  struct Withdraw: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "withdraw", abstract: "Take your assignment (or your entry) off the board.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The assignment's or entry's number.", valueName: "id")) var id: Int64
    func run() throws { try reportingFailures { try queueAction(global, type: .exchangeWithdraw, item: id) } }
  }
}

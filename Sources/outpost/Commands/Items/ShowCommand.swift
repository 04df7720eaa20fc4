import ArgumentParser
import OutpostModel
import OutpostRPC

struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show one item in full, by its number or by its link (volleykit://assignment/ID).")

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The item's number (from `outpost agenda`) or link.", valueName: "id-or-link"))
  var target: String

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let listed: ListedItem
      if let number = Int64(target.drop { $0 == "#" }), number > 0 {
        listed = try connection.call(ItemsShow.self, .init(number: number))
      } else if target.contains(":"), let match = try connection.call(ItemsResolve.self, .init(link: target)).item {
        listed = match
      } else if let match = try connection.call(ItemsList.self, .init()).items.first(where: {
        $0.item.upstreamID == target
      }) {
        listed = match
      } else {
        throw CLIFailure(.daemonError, localized(.showNoSuchItem, target))
      }
      if global.json {
        Terminal.printJSON(listed)
        return
      }
      print(ItemText.detail(listed))
      for extra in ServiceCommands.showExtras { extra(listed, global) }
    }
  }
}

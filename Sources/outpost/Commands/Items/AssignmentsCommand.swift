import ArgumentParser
import OutpostModel
import OutpostRPC

struct AssignmentsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assignments",
    abstract: "Your referee assignments (the last 30 days and everything upcoming), with their numbers.")

  @OptionGroup var global: GlobalOptions

  @Option(help: ArgumentHelp("Only this account.", valueName: "name"))
  var account: String?

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(ItemsList.self, .init(account: account, kinds: ["assignment"]))
      if global.json {
        Terminal.printJSON(result)
      } else {
        FreshnessBanner.show(result.freshness)
        for listed in result.items { print(ItemText.line(listed, showDay: true)) }
      }
    }
  }
}

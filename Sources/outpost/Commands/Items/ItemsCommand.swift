import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost items`: the synced items of every service, whatever their kind.
struct ItemsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "items",
    abstract: "Every synced item, from every service and account (works offline: it shows the last sync).",
    discussion: """
      Items are listed by start time; the number before each is its id for `outpost show ID` \
      and `outpost do ACTION ID`. Narrow the list with --service, --account, --kind, --status \
      and --text; --json gives the whole record of each item.

        outpost items --service volleymanager --kind exchange
        outpost items --status active --text Bern
      """)

  @OptionGroup var global: GlobalOptions

  @Option(
    help: ArgumentHelp("Only this service's accounts (a kind from `outpost account add --help`).", valueName: "kind"))
  var service: String?

  @Option(help: ArgumentHelp("Only this account.", valueName: "name"))
  var account: String?

  @Option(name: .customLong("kind"), help: ArgumentHelp("Only items of this kind (repeatable).", valueName: "kind"))
  var kinds: [String] = []

  @Option(
    name: .customLong("status"),
    help: ArgumentHelp(
      "Only items with this status (repeatable): \(ItemStatus.allCases.map(\.rawValue).joined(separator: ", ")).",
      valueName: "status"))
  var statuses: [String] = []

  @Option(help: ArgumentHelp("Only items whose title or place holds this text.", valueName: "text"))
  var text: String?

  func validate() throws {
    for status in statuses where ItemStatus(rawValue: status) == nil {
      throw ValidationError(
        "--status takes \(ItemStatus.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(status)\"")
    }
  }

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(
        ItemsList.self,
        .init(
          account: account, kinds: kinds.isEmpty ? nil : kinds, service: service,
          statuses: statuses.isEmpty ? nil : statuses.compactMap(ItemStatus.init(rawValue:)), text: text,
          details: global.json ? nil : false))
      if global.json {
        Terminal.printJSON(result)
        return
      }
      FreshnessBanner.show(result.freshness)
      guard !result.items.isEmpty else {
        print(localized(.itemsEmpty))
        return
      }
      for listed in result.items {
        print(
          ItemText.line(listed, showDay: true)
            + "  [\(listed.account) · \(listed.display?.noun ?? listed.item.kind.rawValue)]")
      }
    }
  }
}

import ArgumentParser
import OutpostRPC

/// The command groups of the services compiled into this Outpost, one per connector
/// (`outpost volleymanager exchange take 3`, `outpost tasks complete 12`). Each is a thin
/// front for the generic RPC (`items.list`, `actions.perform`): adding a service adds its group
/// here and nothing else in the CLI. The referee's commands keep their short forms
/// (`outpost exchange take 3`).
enum ServiceCommands {
  static let groups: [any ParsableCommand.Type] = [
    VolleyManagerCommand.self, TasksCommand.self, RPPCommand.self, ViiRaaCommand.self, AgilityCommand.self,
    AgileCommand.self,
  ]

  /// What a service adds under `outpost show` of one of its items (live data the store does
  /// not keep), one entry per service that has any: `show` stays the same for all of them.
  static let showExtras: [@Sendable (ListedItem, GlobalOptions) -> Void] = [AgileExpertPage.showExtra]
}

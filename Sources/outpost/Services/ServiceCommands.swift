import ArgumentParser

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
}

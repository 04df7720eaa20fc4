import ArgumentParser
import OutpostModel
import OutpostRPC

struct QueueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "queue", abstract: "Actions not yet sent to the service (and conflicts waiting for you).")

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Include done and discarded actions.") var all = false

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(
        ActionsList.self, .init(states: all ? ActionState.allCases : nil))
      if global.json {
        Terminal.printJSON(result)
      } else if result.actions.isEmpty {
        print(localized(.queueEmpty))
      } else {
        for action in result.actions { print(ActionOutput.line(action)) }
      }
    }
  }
}

struct ConflictsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conflicts",
    abstract: "Actions the service's state no longer fits, or that it refused as sent; decide on each.",
    subcommands: [List.self, Resolve.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the conflicts.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(ActionsList.self, .init(states: [.conflict, .failed]))
        if global.json {
          Terminal.printJSON(result)
          return
        }
        if result.actions.isEmpty { print(localized(.conflictsNone)) }
        for action in result.actions {
          print(ActionOutput.line(action))
          // The service's row as it came (keys, timestamps) is for scripts; a person reads the
          // reason above and is told where the rest is (fresh eyes, issue 48 §3).
          if action.serverState != nil { print("      " + localized(.conflictServerNow)) }
        }
      }
    }
  }

  struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "resolve", abstract: "Retry a conflicting action, or discard it.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The action's number.", valueName: "id")) var id: Int64
    @Flag(help: "Queue it again (checked against the service again).") var retry = false
    @Flag(help: "Drop it.") var discard = false

    func validate() throws {
      if retry == discard { throw ValidationError("give exactly one of --retry and --discard") }
    }

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(
          ActionsResolve.self, .init(number: id, resolution: retry ? .retry : .discard))
        if global.json { Terminal.printJSON(result) } else { print(ActionOutput.line(result.action)) }
      }
    }
  }
}

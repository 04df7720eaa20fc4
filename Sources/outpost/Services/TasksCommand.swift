import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost tasks …`: a to-do list on a Supabase project. Its actions are the ones the tasks
/// connector declares (`tasks.complete`, `tasks.reschedule`), queued like every action.
struct TasksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tasks",
    abstract: "Tasks (a to-do list on Supabase): list, complete, reschedule.",
    discussion: """
      Add an account with `outpost account add tasks --name NAME --username EMAIL`. Completing \
      or rescheduling works offline: it is queued and sent once the service answers, and \
      becomes a conflict (`outpost conflicts`) if the task changed at the service meanwhile.

      Examples:
        outpost tasks
        outpost tasks complete 12
        outpost tasks reschedule 12 --due 2026-12-01T09:00:00Z
      """,
    subcommands: [List.self, Complete.self, Reschedule.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "Your tasks, by due time (done ones with --all).")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Also the tasks already done.") var all = false

    func run() throws {
      try reportingFailures {
        let result = try global.connect().call(
          ItemsList.self, .init(service: "tasks", statuses: all ? nil : [.active]))
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
              + (listed.item.status == .closed ? "  [" + localized(.tasksDone) + "]" : ""))
        }
      }
    }
  }

  struct Complete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "complete", abstract: "Mark a task done (tasks.complete).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The task's id (`outpost tasks`).", valueName: "id")) var item: Int64
    @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

    func run() throws {
      try reportingFailures {
        try DoCommand.perform("tasks.complete", on: item, params: [:], wait: !noWait, global: global)
      }
    }
  }

  struct Reschedule: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reschedule", abstract: "Give a task a new due time (tasks.reschedule).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The task's id (`outpost tasks`).", valueName: "id")) var item: Int64
    @Option(
      help: ArgumentHelp(
        "The new due time: your local time (2026-12-01T09:00) or with a zone (2026-12-01T09:00:00Z).",
        valueName: "date-time"))
    var due: String
    @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

    func run() throws {
      try reportingFailures {
        try DoCommand.perform(
          "tasks.reschedule", on: item, params: ["due": .string(ItemText.withLocalOffset(due))], wait: !noWait,
          global: global)
      }
    }
  }
}

import ArgumentParser

/// `outpost volleymanager …`: a referee's assignments, exchange board and compensations on
/// Swiss Volley's VolleyManager. The same commands answer at the top level, as short forms.
struct VolleyManagerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "volleymanager",
    abstract: "VolleyManager (Swiss Volley): assignments, the exchange board, compensations.",
    discussion: """
      The referee's commands, grouped under their service; each also works without the \
      prefix (`outpost exchange take 3` is `outpost volleymanager exchange take 3`). Add an \
      account with `outpost account add volleymanager --name NAME --username USER`.

      Examples:
        outpost volleymanager assignments
        outpost volleymanager exchange
        outpost volleymanager exchange take 31
        outpost volleymanager compensations --unpaid
      """,
    subcommands: [
      AssignmentsCommand.self, ExchangeCommand.self, CompensationsCommand.self, CompensationCommand.self,
    ])
}

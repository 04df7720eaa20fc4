import ArgumentParser
import OutpostRPC

struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show whether outpostd is running, where its files are and how its parts are doing.",
    discussion:
      "Exits 0 when the daemon runs and every component is ok, 1 when a component is failing, 69 when the daemon is not running."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws {
    try reportingFailures {
      let status = try global.connect().call(DaemonStatus.self, NoParams())
      if global.json {
        Terminal.printJSON(status)
      } else {
        print(Self.describe(status))
      }
      if status.components.contains(where: { $0.health == .failed }) {
        throw ExitCode(CLIExitStatus.daemonError.rawValue)
      }
    }
  }

  static func describe(_ status: DaemonStatus.Result) -> String {
    let health = status.components.map { "\($0.name) \($0.health.rawValue)" }.joined(separator: ", ")
    var text = """
      outpostd \(status.version) is running (pid \(status.pid), up \(Terminal.duration(status.uptimeSeconds)), since \(Terminal.localTime(status.startedAt)))
      Socket:   \(status.socketPath)
      Store:    \(status.storePath)
      Config:   \(status.configPath)
      Clients:  \(status.counts.connections) connected, \(status.counts.subscribers) following events
      Events:   last #\(status.counts.lastEventSeq), \(status.counts.eventsRetained) kept for catching up
      Health:   \(health)
      """
    for component in status.components where component.health != .ok {
      text += "\n\nProblem with \(component.name):\n  "
      text += (component.detail ?? "no details; see the daemon's log").split(separator: "\n").joined(separator: "\n  ")
    }
    return text
  }
}

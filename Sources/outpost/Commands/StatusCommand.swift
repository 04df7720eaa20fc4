import ArgumentParser
import OutpostModel
import OutpostRPC

struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show whether outpostd is running, where its files are and how its parts are doing.",
    discussion:
      "Exits 0 when the daemon runs and every component is ok, 1 when a component is failing, 69 when the daemon is not running."
  )

  @OptionGroup var global: GlobalOptions

  func run() throws { try Self.run(json: global.json, socket: global.socket) }

  /// What `run` does, from plain values: `QuickCommandLine` calls it without ArgumentParser.
  static func run(json: Bool, socket: String?) throws {
    try reportingFailures {
      let status = try GlobalOptions.connect(socket: socket).call(DaemonStatus.self, NoParams())
      if json {
        Terminal.printJSON(status)
      } else {
        print(Self.describe(status))
      }
      if status.components.contains(where: { $0.health == .failed }) {
        throw ExitCode(CLIExitStatus.daemonError.rawValue)
      }
    }
  }

  /// A component in the user's language; one this CLI does not know (a newer daemon's) by the
  /// name the daemon gives it.
  static func componentName(_ name: String) -> String {
    let keys: [String: MessageKey] = [
      "store": .statusComponentStore, "rpc": .statusComponentRPC, "events": .statusComponentEvents,
      "notifications": .statusComponentNotifications, "accounts": .statusComponentAccounts,
      "config": .statusComponentConfig, "instance": .statusComponentInstance, "runtime": .statusComponentRuntime,
    ]
    return keys[name].map { localized($0) } ?? name
  }

  static func healthName(_ health: DaemonStatus.Component.Health) -> String {
    switch health {
    case .ok: localized(.statusHealthOk)
    case .degraded: localized(.statusHealthDegraded)
    case .failed: localized(.statusHealthFailed)
    }
  }

  static func describe(_ status: DaemonStatus.Result) -> String {
    // "name: state" in French and Italian: no adjective to agree with the component's gender.
    let health = status.components.map {
      localized(.statusComponentHealth, componentName($0.name), healthName($0.health))
    }
    .joined(separator: ", ")
    let counts = status.counts
    let rows: [(MessageKey, String)] = [
      (.statusSocket, status.socketPath),
      (.statusStore, status.storePath),
      (.statusConfig, status.configPath),
      (.statusClients, localized(.statusClientsValue, "\(counts.connections)", "\(counts.subscribers)")),
      (.statusEvents, localized(.statusEventsValue, "\(counts.lastEventSeq)", "\(counts.eventsRetained)")),
      (.statusHealth, health),
    ]
    let labels = rows.map { localized($0.0) }
    let width = labels.map(\.count).max()! + 2
    var text = localized(
      .statusRunning, status.version, "\(status.pid)", Terminal.duration(status.uptimeSeconds),
      Terminal.localTime(status.startedAt))
    for (label, row) in zip(labels, rows) {
      text += "\n" + label + String(repeating: " ", count: width - label.count) + row.1
    }
    for component in status.components where component.health != .ok {
      text += "\n\n" + localized(.statusProblem, componentName(component.name)) + "\n  "
      let lines =
        component.detailPhrases.map { $0.map { Terminal.say($0, or: $0.english) } }
        ?? component.detail.map { $0.split(separator: "\n").map(String.init) } ?? [localized(.statusNoDetail)]
      text += lines.joined(separator: "\n  ")
    }
    return text
  }
}

import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost actions`: what can be done, as the connectors declare it.
struct ActionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "actions",
    abstract: "The actions each service offers, with their parameters (for `outpost do`).",
    discussion: """
      Each action names the kinds of item it applies to and its parameters, with their types; \
      `outpost do NAME ID --param NAME=VALUE` performs it. Actions are queued: done at once when \
      the service can be reached, otherwise as soon as it can. An action marked online only \
      (a booking against a live slot) is done at once or refused with exit status 75, and is \
      never queued to go out later.
      """)

  @OptionGroup var global: GlobalOptions

  @Option(help: ArgumentHelp("Only this service's actions.", valueName: "kind"))
  var service: String?

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(ActionsKinds.self, .init(service: service))
      if global.json {
        Terminal.printJSON(result)
        return
      }
      for action in result.actions {
        // An action without item kinds is done to the account: `outpost do NAME ACCOUNT`.
        let targets = action.targets.isEmpty ? "account" : action.targets.map(\.rawValue).joined(separator: ", ")
        var line = "\(action.name.rawValue)  (\(action.service): \(targets))  \(action.summary)"
        if !action.offline { line += "  [\(localized(.actionOnlineOnly))]" }
        print(line)
        for parameter in action.parameters {
          var type = parameter.type.rawValue
          if let choices = parameter.choices { type = choices.joined(separator: "|") }
          let required = parameter.required ? ", \(localized(.actionParamRequired))" : ""
          print("    --param \(parameter.name)=<\(type)>\(required)  \(parameter.summary)")
        }
      }
    }
  }
}

/// `outpost do`: performs any declared action on an item.
struct DoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "do",
    abstract: "Perform an action on an item: queued, sent at once when the service can be reached.",
    discussion: """
      `outpost actions` lists the actions and their parameters; `outpost items` the item ids. \
      An action done to the account itself (one with no item kinds, a booking) takes the \
      account's name instead of an id.

        outpost do exchange.take 31
        outpost do compensation.edit 12 --param distanceKm=42.5 --param reason="road closed"
        outpost do rpp.book work --param serviceId=… --param start=…

      Exit status 1 when the action does not fit the item (nothing is queued) or the service's \
      state no longer fits it (a conflict: `outpost conflicts` shows it); 64 when a parameter is \
      wrong or unknown; 75 when an online-only action (`outpost actions`) cannot reach its \
      service: it is then neither sent nor queued.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The action's name (`outpost actions`).", valueName: "action"))
  var action: String

  @Argument(
    help: ArgumentHelp(
      "The item's id (`outpost items`), or the account's name for an action on the account.", valueName: "id"))
  var target: String

  @Option(
    name: .customLong("param"), help: ArgumentHelp("A parameter, as NAME=VALUE (repeatable).", valueName: "name=value"))
  var params: [String] = []

  @Flag(help: "Return at once instead of waiting for the first attempt.")
  var noWait = false

  func validate() throws {
    for param in params where !param.contains("=") || param.hasPrefix("=") {
      throw ValidationError(localized(.paramMalformed, param))
    }
  }

  func run() throws {
    try reportingFailures {
      var values: [String: JSONValue] = [:]
      for param in params {
        let parts = param.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        values[String(parts[0])] = .string(String(parts[1]))
      }
      if let item = Int64(target) {
        try Self.perform(action, on: item, params: values, wait: !noWait, global: global)
      } else {
        try Self.perform(action, onAccount: target, params: values, wait: !noWait, global: global)
      }
    }
  }

  /// Performs a declared action through `actions.perform` and prints what became of it: the
  /// one path every command that acts takes (`outpost do`, `outpost tasks complete`, …).
  static func perform(_ action: String, on item: Int64, params: [String: JSONValue], wait: Bool, global: GlobalOptions)
    throws
  {
    let result = try global.connect().call(
      ActionsPerform.self,
      .init(action: action, item: item, params: params.isEmpty ? nil : .object(params), wait: wait))
    if global.json { Terminal.printJSON(result) } else { print(ActionOutput.queued(result.action)) }
    if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
  }

  /// The same for an action on the account itself (a booking).
  static func perform(
    _ action: String, onAccount account: String, params: [String: JSONValue], wait: Bool, global: GlobalOptions
  ) throws {
    let result = try global.connect().call(
      ActionsPerform.self,
      .init(action: action, account: account, params: params.isEmpty ? nil : .object(params), wait: wait))
    if global.json { Terminal.printJSON(result) } else { print(ActionOutput.queued(result.action)) }
    if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
  }
}

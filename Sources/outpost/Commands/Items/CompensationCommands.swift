import ArgumentParser
import OutpostModel
import OutpostRPC

struct CompensationsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compensations", abstract: "Your game fees and travel expenses, paid and unpaid.")

  @OptionGroup var global: GlobalOptions
  @Flag(help: "Only those not paid yet.") var unpaid = false

  func run() throws {
    try reportingFailures {
      var result = try global.connect().call(ItemsList.self, .init(kinds: ["compensation"]))
      if unpaid { result.items.removeAll { $0.item.details["paid"] == .bool(true) } }
      if global.json {
        Terminal.printJSON(result)
        return
      }
      FreshnessBanner.show(result.freshness)
      for listed in result.items {
        // The line carries the amount, as the connector declares where it is.
        let paid = localized(listed.item.details["paid"] == .bool(true) ? .compensationPaid : .compensationUnpaid)
        print(ItemText.line(listed, showDay: true) + "\n      \(paid)")
      }
    }
  }
}

struct CompensationCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compensation", abstract: "Change a compensation (queued like every action).",
    subcommands: [Edit.self])

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Correct the travel distance and/or give a reason.",
      discussion: "Not possible once paid, or when the association pays on site (locked).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The compensation's number (`outpost compensations`).", valueName: "id"))
    var id: Int64
    @Option(help: ArgumentHelp("The distance in kilometres.", valueName: "km")) var distance: Double?
    @Option(help: ArgumentHelp("Why, for the association.", valueName: "text")) var reason: String?

    func validate() throws {
      if distance == nil && reason == nil { throw ValidationError("give --distance, --reason or both") }
      if let distance, !(0...2000).contains(distance) { throw ValidationError("--distance takes 0 to 2000 km") }
    }

    func run() throws {
      try reportingFailures {
        var params: [String: JSONValue] = [:]
        if let distance { params["distanceKm"] = .double(distance) }
        if let reason { params["reason"] = .string(reason) }
        try queueAction(global, type: .compensationEdit, item: id, params: .object(params))
      }
    }
  }
}

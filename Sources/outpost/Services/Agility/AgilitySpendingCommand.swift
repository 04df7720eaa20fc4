import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost agility spending [--month M] [--months N] [--output F.svg]`: FR-005's breakdown,
/// computed from the store by the connector's view (offline too), shown as bars here and, with
/// --output, drawn as an SVG (`ChartFile`).
struct AgilitySpendingCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spending",
    abstract: "A month's business expenses by category and the income/expense trend, as bars (and an SVG).",
    discussion: """
      Business expenses count in full, as in `outpost agility` (the deductible share is for \
      tax only); income is what income categories received; transfers, owner draws and tax \
      payments are neither. Money out without a category counts nowhere until you file it \
      (`outpost agility recategorise N CATEGORY`): the total says how much that is. Months \
      are your local ones (the account's timeZone option).

      --output writes the same as a standalone SVG file a browser opens: a bar per category, \
      then income and expenses month by month, in your language. --json gives every figure \
      as exact decimal text (the drawing itself only in the file).

      Examples:
        outpost agility spending
        outpost agility spending --month 2026-11 --months 12
        outpost agility spending --output spending.svg
        outpost agility spending --json
      """)
  @OptionGroup var global: GlobalOptions
  @Option(help: ArgumentHelp("The month, as YYYY-MM (default this month).", valueName: "month")) var month: String?
  @Option(help: ArgumentHelp("How many months the trend shows, up to this one (1–24).", valueName: "count"))
  var months = 6
  @Option(name: .shortAndLong, help: ArgumentHelp("Also write the chart to this SVG file.", valueName: "file"))
  var output: String?
  @Option(help: ArgumentHelp("The Agility account (when you have several).", valueName: "name")) var account: String?

  func validate() throws {
    if let month, month.wholeMatch(of: /\d{4}-(0[1-9]|1[0-2])/) == nil {
      throw ValidationError(localized(.agilityMonthFormat))
    }
    if !(1...24).contains(months) { throw ValidationError(localized(.agilitySpendingMonthsRange)) }
  }

  func run() throws {
    try reportingFailures {
      var params: [String: JSONValue] = [
        "months": .int(Int64(months)), "language": .string(localized.language.rawValue),
      ]
      if let month { params["month"] = .string(month) }
      if let region = NumberStyle.preferredRegion(environment: ProcessEnvironment.current()) {
        params["region"] = .string(region)
      }
      let answer = try global.connect().call(
        QueriesRun.self, .init(query: "agility.spending", account: account, params: .object(params)))
      if let output { try ChartFile.write(answer.result, to: output) }
      if global.json {
        Terminal.printJSON(
          FreshnessBanner.json(ChartFile.withoutDrawing(answer.result, file: output), answer.freshness))
        return
      }
      FreshnessBanner.show(answer.freshness)
      print(AgilitySpendingText.lines(answer.result).joined(separator: "\n"))
      if let output {
        let asked = ItemText.month(iso: answer.result["month"]?.stringValue ?? "")
        print(localized(.agilitySpendingWritten, output, asked, "\(answer.result["months"]?.int64Value ?? 0)"))
      }
    }
  }
}

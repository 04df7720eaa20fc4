import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost agility import FILE --account A`.
struct AgilityImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import a bank or card CSV export into one of your Agility accounts.",
    discussion: """
      Reads the exports banks give (Chase, Bank of America, Amex and the like: one signed \
      amount or Debit/Credit columns, a summary before the header, $1,234.56 and (12.34) \
      amounts, semicolons with decimal commas, Windows-1252). The column mapping is saved \
      with the account and reused next time.

      Nothing is imported twice: rows already there (by the bank's id or by the row's \
      fingerprint) are skipped, so the same file or an overlapping one adds only what is new; \
      two identical coffees on one day stay two. A row that looks like one already synced \
      from the bank (same amount, within 3 days, a similar description) is NOT uploaded: it \
      is listed for review; run again with --keep LINE,… (or --keep-flagged) to import it \
      anyway. Rows that cannot be read are listed with their line number; the rest imports.

      The new rows show at once (offline too) and go to Agility as one queued upload that \
      survives a restart halfway. --dry-run shows all of this and changes nothing.

      Exit status: 0 imported (or nothing new); 64 refused (not a bank export, a missing file, \
      no such account, bad usage); 69 the daemon is not running.
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The CSV export.", valueName: "file")) var file: String
  @Option(
    help: ArgumentHelp("The Agility account it belongs to: its name, or the last 4 digits.", valueName: "bank-account"))
  var account: String
  @Flag(help: "Show what would be imported, skipped and flagged; store and send nothing.") var dryRun = false
  @Flag(help: "The file lists purchases as positive amounts (Amex-style card exports): flip every sign.")
  var invertSign = false
  @Option(help: ArgumentHelp("Import these flagged lines anyway (comma-separated line numbers).", valueName: "lines"))
  var keep: String?
  @Flag(help: "Import every flagged row anyway.") var keepFlagged = false
  @Option(
    name: .customLong("as"), help: ArgumentHelp("The Agility login (when you have several).", valueName: "name"))
  var login: String?

  func validate() throws {
    if let keep, keep.split(separator: ",").contains(where: { Int($0.filter { $0 != " " }) == nil }) {
      throw ValidationError(localized(.agilityImportKeepFormat))
    }
  }

  func run() throws {
    try reportingFailures {
      let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
      var params: [String: JSONValue] = ["bankAccount": .string(account)]
      if invertSign { params["invertSign"] = true }
      if let keep { params["keep"] = .string(keep) }
      if keepFlagged { params["keepFlagged"] = true }
      if !global.json, let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 1 << 20
      {
        Terminal.progress(localized(.agilityImportReading, file, "\(size >> 20)"))
      }
      let result = try global.connect().call(
        ImportsRun.self,
        .init(kind: "agility.bank-csv", files: [path], account: login, params: .object(params), dryRun: dryRun))
      if global.json {
        Terminal.printJSON(result)
        return
      }
      print(AgilityImportText.summary(result, dryRun: dryRun).joined(separator: "\n"))
    }
  }
}

enum AgilityImportText {
  static func summary(_ result: ImportsRun.Result, dryRun: Bool) -> [String] {
    let summary = result.summary
    let inserted = summary["inserted"]?.int64Value ?? 0
    var lines = [
      localized(
        .agilityImportCounts, summary["file"]?.stringValue ?? "?", summary["bank_account"]?.stringValue ?? "?",
        "\(inserted)", "\(summary["already_present"]?.int64Value ?? 0)")
    ]
    if case .array(let flagged)? = summary["needs_review"], !flagged.isEmpty {
      lines.append(localized(.agilityImportFlagged, "\(flagged.count)"))
      for row in flagged.prefix(20) {
        let match = row["match"]
        lines.append(
          "  "
            + localized(
              .agilityImportFlaggedLine, "\(row["line"]?.int64Value ?? 0)", row["date"]?.stringValue ?? "",
              AgilityText.signed(row["amount"]), row["description"]?.stringValue ?? "",
              match?["merchant"]?.stringValue ?? "?",
              "\(match?["date"]?.stringValue ?? "?"), \(match?["source"]?.stringValue ?? "?")"))
      }
      let numbers = flagged.compactMap { $0["line"]?.int64Value }.prefix(20).map(String.init).joined(separator: ",")
      lines.append(localized(.agilityImportKeepHint, numbers))
    }
    if let kept = summary["kept"]?.int64Value, kept > 0 { lines.append(localized(.agilityImportKept, "\(kept)")) }
    let rejected = summary["rejected_count"]?.int64Value ?? 0
    if rejected > 0, case .array(let rows)? = summary["rejected"] {
      lines.append(localized(.agilityImportRejected, "\(rejected)"))
      for row in rows.prefix(10) {
        lines.append(
          "  "
            + localized(
              .agilityImportRejectedLine, "\(row["line"]?.int64Value ?? 0)", row["reason"]?.stringValue ?? "?"))
      }
    }
    if case .array(let warnings)? = summary["balance_warnings"] {
      for warning in warnings.prefix(10) {
        lines.append(localized(.agilityImportBalance, warning["message"]?.stringValue ?? warning.stringValue ?? "?"))
      }
    }
    if dryRun {
      lines.append(localized(.agilityImportDryRun, "\(inserted)"))
    } else if inserted == 0 {
      lines.append(localized(.agilityImportNothingNew))
    } else {
      lines.append(localized(.agilityImportQueued, "\(inserted)", "\(result.action ?? 0)"))
    }
    return lines
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost viiraa import FILE...` (viiraa.md §4): LibreView and Clarity exports read in the
/// profile's time zone, checked against the readings the store has (a re-import adds nothing,
/// overlapping files merge), the new ones stored now and uploaded later as one queued action
/// with the import's batch id. A file that is not a CGM export is refused as a whole; a bad row
/// is listed and the rest imports.
extension ViiRaaConnector: ImportingConnector {
  public static let imports: [ImportDeclaration] = [
    ImportDeclaration(
      name: "viiraa.cgm", service: descriptor.kind,
      summary: "CGM exports: Abbott LibreView and Dexcom Clarity CSV (mg/dL or mmol/L)",
      maxBytes: CGMImport.Options().maxBytes,
      parameters: [
        ActionParameter(
          "dateOrder", .enum, summary: "LibreView dates when every one is ambiguous: month-first or day-first",
          choices: ["month-first", "day-first"])
      ], dedupKinds: [.glucoseReading], contextKinds: [.healthProfile])
  ]

  public static func importFiles(_ name: String, files: [ImportFile], context: ImportContext) throws(ActionRefusal)
    -> ImportPlan
  {
    guard name == "viiraa.cgm" else { throw .notAllowed("ViiRaa imports no \(name)") }
    let profile = context.items.first { $0.kind == .healthProfile }
    let zone = timeZone(option: context.options["timeZone"], profile: profile?.details["timeZone"]?.stringValue)
    var options = CGMImport.Options()
    switch context.params["dateOrder"]?.stringValue {
    case "month-first": options.libreViewDateOrder = .monthFirst
    case "day-first": options.libreViewDateOrder = .dayFirst
    default: break
    }
    var known = context.existing[.glucoseReading] ?? []
    var fresh: [GlucoseReading] = []
    var fileSummaries: [JSONValue] = []
    var totals = (imported: 0, present: 0, rejected: 0, skipped: 0)
    for file in files {
      let result: CGMImport.Result
      do {
        result = try CGMImport.parse(file.bytes, fileName: file.name, timeZone: zone, options: options)
      } catch {
        throw .invalidParams("\(file.name): not imported: \(error.description)")
      }
      let summary = CGMImport.summarize(result, existingKeys: known)
      for reading in summary.newReadings { known.insert(reading.dedupKey) }
      fresh += summary.newReadings
      totals.imported += summary.imported
      totals.present += summary.alreadyPresent
      totals.rejected += summary.rejected.count
      totals.skipped += summary.skippedTypes.values.reduce(0, +)
      var entry: [String: JSONValue] = [
        "file": .string(file.name), "format": .string(result.format.rawValue),
        "imported": .int(Int64(summary.imported)),
        "already_present": .int(Int64(summary.alreadyPresent)),
        "duplicates_in_file": .int(Int64(summary.duplicatesInFile)),
        "skipped_types": .object(summary.skippedTypes.mapValues { .int(Int64($0)) }),
        // The first hundred, with line numbers: enough to find the problem, not a second file.
        "rejected": .array(
          summary.rejected.prefix(100).map { ["line": .int(Int64($0.line)), "reason": .string($0.reason)] }),
        "rejected_count": .int(Int64(summary.rejected.count)),
      ]
      if let assumption = summary.dateOrderAssumption { entry["date_order_assumed"] = .string(assumption) }
      fileSummaries.append(.object(entry))
    }
    let batch = UUID().uuidString.lowercased()
    let summary: JSONValue = [
      "files": .array(fileSummaries), "imported": .int(Int64(totals.imported)),
      "already_present": .int(Int64(totals.present)), "skipped_types": .int(Int64(totals.skipped)),
      "rejected": .int(Int64(totals.rejected)), "time_zone": .string(zone.identifier),
      "batch": fresh.isEmpty ? .null : .string(batch),
    ]
    guard !fresh.isEmpty else { return ImportPlan(items: [], action: nil, summary: summary) }
    let upload = PreparedAction(target: batch, params: ViiRaaImportRows.params(fresh, batch: batch))
    return ImportPlan(
      items: [], points: ViiRaaItems.points(fresh, batch: batch), action: (.viiraaUploadImport, upload),
      summary: summary)
  }
}

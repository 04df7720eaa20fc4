import Foundation
import FuzzSupport
import OutpostConnectors

/// A bank or card CSV export as `outpost agility import` reads it (agility.md §5): encodings,
/// the header search, amounts with either decimal mark, signs, and the duplicate check.
@_cdecl("fuzz_bank_csv_main")
public func fuzzBankCSV(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let (selector, body) = FuzzInput.split(bytes) else { return }
    let invert: Bool? = [nil, true, false][Int(selector) % 3]
    guard let file = try? BankCSVParser.parse(body, accountID: "acct-1", invertSign: invert) else { return }
    let plan = BankCSVDeduplicator.plan(file, accountID: "acct-1", existing: [])
    _ = plan
    for row in file.rows { _ = BankCSVNormaliser.normalise(row.description) }
  }
}

import Foundation
import FuzzSupport
import OutpostConnectors

/// A glucose export from a CGM app (LibreView, Dexcom Clarity) as `outpost viiraa import`
/// reads it: encodings, headers, date orders, units, and the summary of what is new.
@_cdecl("fuzz_cgm_csv_main")
public func fuzzCGMCSV(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let (selector, body) = FuzzInput.split(bytes) else { return }
    let orders: [CGMImport.DateOrder?] = [nil, .monthFirst, .dayFirst]
    let options = CGMImport.Options(libreViewDateOrder: orders[Int(selector) % orders.count], maxRows: 20_000)
    let names = ["export.csv", "Clarity_Export.csv", "LibreView.txt"]
    guard
      let result = try? CGMImport.parse(
        body, fileName: names[Int(selector >> 4) % names.count], timeZone: CGMFuzzing.zone, options: options)
    else { return }
    _ = CGMImport.summarize(result, existingKeys: [])
  }
}

enum CGMFuzzing {
  static let zone = TimeZone(identifier: "Europe/Zurich")!
}

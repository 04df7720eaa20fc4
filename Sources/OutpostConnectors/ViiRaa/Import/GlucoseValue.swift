import Foundation

/// Units and numbers as the exports write them (the unit is the dashboard's `GlucoseUnit`).
extension GlucoseUnit {
  /// From a column name such as `Historic Glucose mmol/L` or `Glucose Value (mg/dL)`.
  init(columnName: String) { self = columnName.lowercased().contains("mmol") ? .mmol : .mgdl }

  func mgdl(_ value: Double) -> Double {
    switch self {
    case .mgdl: (value * 10).rounded() / 10
    case .mmol: GlucoseReading.mgdl(fromMmol: value)
    }
  }
}

enum GlucoseValue {
  /// §2.2: stored values lie within 20.0–600.0 mg/dL.
  static let storable = 20.0...600.0

  /// A decimal number; a decimal comma only where the delimiter is not a comma.
  static func number(_ text: String, decimalComma: Bool) -> Double? {
    guard !text.isEmpty else { return nil }
    let normalised = decimalComma ? text.replacingOccurrences(of: ",", with: ".") : text
    guard let value = Double(normalised), value.isFinite else { return nil }
    return value
  }

  static func outOfRange(_ mgdl: Double) -> String {
    "glucose \(mgdl) mg/dL is outside 20–600"
  }
}

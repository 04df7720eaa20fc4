import OutpostModel

/// Values typed in by the user: glucose in mg/dL or mmol/L, weight in kg or lb, with a decimal
/// point or comma, in the ranges the service accepts (viiraa.md §2.2, §2.3).
enum ViiRaaEntry {
  /// "112", "112 mg/dL", "6.2mmol", "6,2 mmol/L" → mg/dL (one decimal).
  static func glucose(_ text: String) throws(ActionRefusal) -> Double {
    let (number, unit) = try split(text, what: "glucose value")
    let mgdl: Double
    switch unit {
    case "", "mg/dl", "mgdl", "mg": mgdl = (number * 10).rounded() / 10
    case "mmol/l", "mmol", "mmoll": mgdl = GlucoseReading.mgdl(fromMmol: number)
    default: throw .invalidParams("\"\(unit)\" is not a glucose unit; use mg/dL or mmol/L")
    }
    guard (20...600).contains(mgdl) else {
      throw .invalidParams("a glucose value is between 20 and 600 mg/dL (1.1 and 33.3 mmol/L)")
    }
    return mgdl
  }

  /// "81.4", "81.4kg", "179.5 lb" → kg (two decimals).
  static func weight(_ text: String) throws(ActionRefusal) -> Double {
    let (number, unit) = try split(text, what: "weight")
    let kg: Double
    switch unit {
    case "", "kg": kg = number
    case "lb", "lbs": kg = number * 0.453_592_37
    default: throw .invalidParams("\"\(unit)\" is not a weight unit; use kg or lb")
    }
    let rounded = (kg * 100).rounded() / 100
    guard (20...400).contains(rounded) else { throw .invalidParams("a weight is between 20 and 400 kg") }
    return rounded
  }

  private static func split(_ text: String, what: String) throws(ActionRefusal) -> (Double, String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let digits = trimmed.prefix { $0.isNumber || $0 == "." || $0 == "," }
    let unit = trimmed.dropFirst(digits.count).replacingOccurrences(of: " ", with: "")
    guard !digits.isEmpty, let number = Double(digits.replacingOccurrences(of: ",", with: ".")), number.isFinite
    else {
      throw .invalidParams("\"\(text)\" is not a \(what)")
    }
    return (number, unit)
  }
}

/// Display rounding and units (§5.2: "every figure rounds half-up to 0.1 for display"; §2: the
/// display converts mg/dL to `profiles.glucose_unit` with ÷ 18.0156).
public enum GlucoseDisplay {
  /// Half-up to 0.1 (toward +∞ on a tie): 3.125 → 3.1, 71.25 → 71.3, 6.9458 → 6.9. A tiny epsilon
  /// absorbs binary representation (6.95 is stored as 6.9499…).
  public static func tenths(_ value: Double) -> Double {
    ((value * 10) + 0.5 + 1e-9).rounded(.down) / 10
  }

  /// Half-up to a whole number.
  public static func whole(_ value: Double) -> Int {
    Int((value + 0.5 + 1e-9).rounded(.down))
  }

  /// "71.2", "1.0", "-0.3".
  public static func tenthsText(_ value: Double) -> String {
    let scaled = Int(((value * 10) + 0.5 + 1e-9).rounded(.down))
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    return "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}

/// How a glucose value is shown. Values are kept and computed in mg/dL; mmol/L is display only.
public enum GlucoseUnit: String, Sendable, CaseIterable {
  case mgdl = "mg/dL"
  case mmol = "mmol/L"

  /// The divisor of §2 (glucose molar mass 180.156 g/mol).
  public static let mgdlPerMmol = 18.0156

  /// `profiles.glucose_unit`'s text; anything else is mg/dL.
  public init(profileValue: String?) {
    self = profileValue?.lowercased() == "mmol/l" ? .mmol : .mgdl
  }

  /// The number shown: mg/dL to a whole number, mmol/L to one decimal (both half-up).
  public func text(mgdl value: Double) -> String {
    switch self {
    case .mgdl: return "\(GlucoseDisplay.whole(value))"
    case .mmol: return GlucoseDisplay.tenthsText(value / Self.mgdlPerMmol)
    }
  }
}

/// Amounts in integer minor units (cents) as exact decimal text, per ISO 4217: what services
/// that count money in cents send (`{"amountMinor": 24900, "currency": "USD"}`), shown and
/// stored without ever passing through binary floating point.
public enum MinorUnits {
  /// "249.00" for 24900 USD, "1500" for 1500 JPY, "1.500" for 1500 KWD.
  public static func decimal(_ minor: Int64, currency: String) -> String {
    let digits = digits(currency)
    let sign = minor < 0 ? "-" : ""
    let magnitude = minor.magnitude
    guard digits > 0 else { return sign + String(magnitude) }
    var scale: UInt64 = 1
    for _ in 0..<digits { scale *= 10 }
    let fraction = String(magnitude % scale)
    return "\(sign)\(magnitude / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
  }

  /// The currency's minor-unit digits: two, except the ISO 4217 currencies with none or three.
  public static func digits(_ currency: String) -> Int {
    switch currency.uppercased() {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF":
      0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
    default: 2
    }
  }
}

/// Open Location Code ("plus code") encoding, so the halls' `plusCode` values are real codes for
/// their coordinates: clients turn them into map links, and a made-up code would point elsewhere.
enum SandboxPlusCode {
  private static let alphabet = Array("23456789CFGHJMPQRVWX")

  /// The standard 10-digit code (about 14 m × 14 m), e.g. `8FVC9G8F+6X`.
  static func encode(latitude: Double, longitude: Double) -> String {
    // Work in units of the finest pair resolution (1/8000 degree) so every digit is an integer.
    let clippedLatitude = min(max(latitude, -90), 90 - 1e-9)
    var normalizedLongitude = longitude.truncatingRemainder(dividingBy: 360)
    if normalizedLongitude >= 180 { normalizedLongitude -= 360 }
    if normalizedLongitude < -180 { normalizedLongitude += 360 }
    var latitudeUnits = Int(((clippedLatitude + 90) * 8000).rounded(.down))
    var longitudeUnits = Int(((normalizedLongitude + 180) * 8000).rounded(.down))
    var pairs: [(Character, Character)] = []
    for _ in 0..<5 {
      pairs.append((alphabet[latitudeUnits % 20], alphabet[longitudeUnits % 20]))
      latitudeUnits /= 20
      longitudeUnits /= 20
    }
    var code = ""
    for (index, pair) in pairs.reversed().enumerated() {
      if index == 4 { code.append("+") }
      code.append(pair.0)
      code.append(pair.1)
    }
    return code
  }
}

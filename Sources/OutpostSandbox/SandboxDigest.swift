import OutpostCalendar

/// The sandbox's one SHA-256 (the PKCE S256 check): the calendar writer's implementation
/// today, checked against the FIPS vectors there; when swift-crypto joins the package, this
/// line is the only one to change.
enum SandboxDigest {
  static func sha256(_ bytes: [UInt8]) -> [UInt8] { SHA256.hash(bytes) }
}

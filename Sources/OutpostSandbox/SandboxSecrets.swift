import Crypto

/// The keys a sandbox signs with (VolleyManager's form HMACs, the tasks project's JWT secret),
/// derived from its seed with HKDF-SHA256, one per purpose: a sandbox restarted with the same
/// seed accepts what it signed before, as a real installation keeps its keys across restarts.
enum SandboxSecrets {
  static func key(_ purpose: String, seed: UInt64) -> SymmetricKey {
    HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: withUnsafeBytes(of: seed.bigEndian) { Array($0) }),
      salt: Array("outpost-sandbox".utf8), info: Array(purpose.utf8), outputByteCount: 32)
  }
}

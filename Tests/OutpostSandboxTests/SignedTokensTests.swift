import Crypto
import Foundation
import Testing

@testable import OutpostSandbox

/// What the sandbox signs is really signed: Flow's form HMACs (HMAC-SHA1), checked here with
/// swift-crypto directly rather than through the code that made them.
@Suite struct SignedTokensTests {
  @Test func theLoginFormCarriesFlowsHMACOfItsValues() async throws {
    for seed: UInt64 in [1, 2] {
      try await withSandbox(SandboxConfiguration(seed: seed, services: [.volleymanager])) { _, client in
        let fields = Dictionary(try await client.loginPage().hidden, uniquingKeysWith: { first, _ in first })
        let key = SandboxSecrets.key("volleymanager-flow-encryption-key", seed: seed)
        for (name, value) in [("__trustedProperties", "a:0:{}"), ("__referrer[arguments]", "YTowOnt9")] {
          let hmac = HMAC<Insecure.SHA1>.authenticationCode(for: Array(value.utf8), using: key)
          #expect(fields[name] == value + hex(hmac), "\(name) with seed \(seed)")
        }
      }
    }
  }

  private func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
  }
}

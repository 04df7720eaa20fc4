import Foundation
import FuzzSupport
import OutpostModel

@testable import OutpostConnectors

/// What an OpenID provider sends (agile-network.md, RFC 8414/7517/6749/8628): the discovery
/// document, the key set, token and device-authorization replies and their errors, and the
/// JWTs' headers and claims as read before the signature check.
@_cdecl("fuzz_oidc_main")
public func fuzzOIDC(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let (selector, body) = FuzzInput.split(bytes) else { return }
    let text = String(decoding: body, as: UTF8.self)
    let reply = HTTPResponse(
      status: FuzzInput.status(selector), headers: ["content-type": "application/json"], body: body)
    _ = OIDCProvider.errorCode(reply)
    _ = OIDCProvider.classify(reply, during: "fuzzing")
    if let tokens = try? OIDCTokenSet(reply: reply) {
      _ = try? tokens.checkIDToken(issuer: "https://id.example.com/realms/agile", clientID: "outpost", nonce: "n")
    }
    _ = try? DeviceAuthorization(reply: reply)
    _ = OIDCTokenSet.claims(text)
    _ = OIDCProvider.keyID(of: text)
    _ = Base64URL.decode(text)
    if let json = try? JSONParser.parse(body) {
      _ = try? OIDCEndpoints(discovery: json)
    }
    if selector & 0x20 != 0 {
      _ = FuzzHarness.wait { try? await OIDCProvider.signingKeys(fromJWKS: body) }
    }
  }
}

import Foundation
import FuzzSupport
import OutpostModel

@testable import OutpostConnectors

/// RPP's replies (rpp.md): Identity Toolkit and securetoken error bodies, the API's replies and
/// error envelopes (policy codes, validation fields), orders, conversations, messages and RPP's
/// own notifications turned into items, the ID token's claims and the secret kept in the keyring.
@_cdecl("fuzz_rpp_main")
public func fuzzRPP(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let (selector, body) = FuzzInput.split(bytes) else { return }
    let text = String(decoding: body, as: UTF8.self)
    let reply = HTTPResponse(
      status: FuzzInput.status(selector), headers: ["content-type": "application/json", "retry-after": "7"], body: body)
    _ = RPPFirebaseAuth.errorCode(reply)
    _ = RPPFirebaseAuth.classify(reply, signingIn: selector & 0x10 == 0)
    _ = RPPAPI.envelope(reply)
    _ = RPPAPI.classify(reply, during: "fuzzing")
    _ = try? RPPAPI.reply(reply, activity: "fuzzing")
    _ = RPPTokenClaims(SecretString(text))
    _ = RPPStoredSecret(SecretString("rpp-secret:v1:" + text))
    _ = RPPProgress.parse(text)
    guard let json = try? JSONParser.parse(body) else { return }
    for record in FuzzInput.records(json) {
      if let order = RPPItems.order(record) {
        _ = RPPItems.stage(record)
        _ = RPPConnector.lateFee(order, at: Date(timeIntervalSince1970: 1_795_000_000))
      }
      _ = RPPItems.conversation(record)
      _ = RPPItems.message(record, userID: "u-1", names: ["u-2": "Photographer"])
      _ = RPPItems.amount(record)
      // RPP's own notifications, and how they pair with what Outpost told (NotificationMirror).
      if let notice = RPPItems.notice(record), let mirror = RPPConnector.noticeDeclaration.mirrorsNotifications,
        let order = RPPItems.order(record)
      {
        for category in ["booking-changed", "new-message", "reminder"] {
          _ = mirror.readAtService([notice], item: order, category: category)
        }
      }
    }
  }
}

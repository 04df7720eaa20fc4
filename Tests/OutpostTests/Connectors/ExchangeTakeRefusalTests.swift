import Foundation
import OutpostConnectors
import OutpostModel
import Testing

/// `exchange take` on an entry the user already applied for says so, rather than "no longer
/// open" (a fresh-eyes tester, after a replayed take: `outpost show` said applied and `take`
/// said the entry was gone).
@Suite struct ExchangeTakeRefusalTests {
  static func entry(_ status: ItemStatus) -> Item {
    Item(
      kind: .exchange, upstreamID: "x1", title: "VC Lac – SC Berg",
      startsAt: Date().addingTimeInterval(86_400 * 3), status: status, details: ["mine": false])
  }

  @Test(arguments: [
    (ItemStatus.applied, "you have already applied for it"), (ItemStatus.closed, "the entry is no longer open"),
  ])
  func takingAnEntryThatIsNotOpenSaysWhy(status: ItemStatus, reason: String) {
    #expect {
      _ = try VolleyManagerConnector.prepare(.exchangeTake, on: Self.entry(status), params: [:], now: Date())
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}

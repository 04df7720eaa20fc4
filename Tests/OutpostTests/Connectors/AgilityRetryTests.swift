import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// "Retry" after a conflict is made over the service's copy the user was shown (issue 46, a
/// fresh-eyes finding): sent again as queued, the stale version only conflicts again.
extension AgilityConnectorTests {
  @Test(arguments: [false, true])
  func aRetryAfterAConflictIsMadeOverTheServicesCopy(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let first = try await fetch(world, nil)
      let invoice = try #require(
        first.items.first {
          $0.kind == .invoice && ($0.details["status"] == "sent" || $0.details["status"] == "viewed")
            && $0.details["amountPaid"] == "0.00"
        })
      let queued = try AgilityConnector.prepare(
        .agilityMarkPaid, on: invoice, params: [:], now: world.sandbox.currentDate())
      await world.sandbox.recordPayment(email: Self.email, invoiceID: invoice.upstreamID, amountCents: 1000)
      guard case .conflict(_, let serverState?) = try await perform(world, .agilityMarkPaid, queued, item: invoice)
      else {
        Issue.record("expected a conflict with Agility's copy")
        return
      }
      // As queued: the same conflict again.
      guard case .conflict = try await perform(world, .agilityMarkPaid, queued, item: invoice) else {
        Issue.record("the stale version went through")
        return
      }
      let kind = try #require(ConnectorRegistry.kind(AgilityConnector.descriptor.kind))
      let rebased = try #require(kind.rebase(.agilityMarkPaid, params: queued.params, over: serverState))
      #expect(rebased["version"] == serverState["version"])
      let retried = PreparedAction(target: queued.target, params: rebased)
      guard case .done = try await perform(world, .agilityMarkPaid, retried, item: invoice) else {
        Issue.record("the retry over the service's copy was not made")
        return
      }
      let server = await world.sandbox.invoice(email: Self.email, id: invoice.upstreamID)
      #expect(server?.status == "paid")
      // A connector that does not rebase leaves the action as it was.
      #expect(
        ConnectorRegistry.kind("volleymanager")?.rebase(.agilityMarkPaid, params: rebased, over: serverState) == nil)
    }
  }
}

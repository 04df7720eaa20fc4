import Foundation
import OutpostModel
import Testing

@testable import OutpostConnectors

/// The write contract covers every declared action: a new action without a write case fails
/// here, and a connector without actions (the iCal feed) declares none and performs none.
struct WriteCoverageTests {
  @Test func everyDeclaredActionHasAWriteCaseOfItsOwnConnector() {
    let declared = ConnectorRegistry.actions.map(\.name.rawValue)
    let covered = WriteCases.all.map(\.action.rawValue)
    #expect(Set(covered).count == covered.count, "an action has two write cases")
    #expect(
      Set(declared).subtracting(covered).isEmpty,
      "declared without a write case: \(Set(declared).subtracting(covered).sorted())")
    #expect(Set(covered).subtracting(declared).isEmpty)
    for testCase in WriteCases.all {
      #expect(ConnectorRegistry.action(testCase.action)?.kind.descriptor.kind == testCase.connector, "\(testCase)")
    }
  }

  /// The seven connectors of the read contract: each has write cases, or declares no action.
  @Test func everyContractConnectorIsCoveredOrDeclaresNoAction() throws {
    let kinds = ["volleymanager", "ical", "tasks", "rpp", "viiraa", "agility", "agilenetwork"]
    for name in kinds {
      let kind = try #require(ConnectorRegistry.kind(name))
      let cases = WriteCases.all.filter { $0.connector == name }
      #expect(cases.count == kind.actions.count, "\(name)")
    }
  }

  /// The iCal feed is read-only: nothing declared, nothing prepared, and its session is no
  /// action sink, so the daemon registers no performer for it (AccountService).
  @Test func theICalFeedDeclaresNoActionAndRefusesAPerform() throws {
    let kind = try #require(ConnectorRegistry.kind("ical"))
    #expect(kind.actions.isEmpty)
    let session = kind.makeKeeper(
      ConnectorAccount(id: "i", username: nil, baseURL: "http://127.0.0.1:1"), TestHTTP.transport,
      SessionKeeperTests.MemoryVault(), nil
    ) { _ in }
    #expect(session as? any ActionSink == nil)
    let made = ActionDeclaration(
      name: ActionType("ical.hide"), service: "ical", summary: "not a real action", targets: [.event])
    let event = Item(kind: .event, upstreamID: "e-1", title: "An event")
    #expect(throws: ActionRefusal.self) { try kind.prepare(made, on: event, params: nil, now: Date()) }
  }
}

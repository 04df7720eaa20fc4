import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// A custom category added from here (FR-002, issue 53), on both engines: made once however
/// often it is sent, a name taken meanwhile (in other letters) a conflict, and past Agility's
/// limit of 20 custom categories a refusal that no retry cures; the view counts them.
extension AgilityConnectorTests {
  func category(_ world: World, _ name: String, kind: String? = nil) throws -> PreparedAction {
    var params: [String: JSONValue] = ["name": .string(name)]
    if let kind { params["kind"] = .string(kind) }
    return try AgilityConnector.prepare(.agilityAddCategory, params: params, now: world.sandbox.currentDate())
  }

  @Test(arguments: [false, true])
  func aCustomCategoryIsAddedOnceAndTheTwentyFirstIsRefused(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let fees = try AgilityConnector.prepare(
        .agilityAddCategory, params: ["name": "  Conference fees ", "scheduleCLine": "27b"],
        now: world.sandbox.currentDate())
      let first = try await perform(world, .agilityAddCategory, fees)
      guard case .done(let row?) = first else {
        Issue.record("expected the new row, got \(first)")
        return
      }
      #expect(row["name"] == "Conference fees")
      #expect(row["kind"] == "expense")
      #expect(row["schedule_c_line"] == "27b")
      #expect(row["is_system"] == .bool(false))
      // Sent again (a crash before the answer was kept): there already, nothing added twice.
      #expect(try await perform(world, .agilityAddCategory, fees) == .alreadyDone)
      // The same name in other letters, made elsewhere meanwhile: for the user to settle.
      let clash = try await perform(world, .agilityAddCategory, try category(world, "CONFERENCE FEES"))
      guard case .conflict = clash else {
        Issue.record("expected a conflict, got \(clash)")
        return
      }
      // Two are seeded and one was added: 17 more reach the 20, the next is refused for good.
      for index in 1...17 {
        let made = try await perform(world, .agilityAddCategory, try category(world, "Custom \(index)"))
        guard case .done = made else {
          Issue.record("custom \(index): \(made)")
          return
        }
      }
      do {
        let outcome = try await perform(world, .agilityAddCategory, try category(world, "One too many"))
        Issue.record("expected a refusal, got \(outcome)")
      } catch let error as SessionError {
        guard case .connector(.refused(let reason)) = error else {
          Issue.record("expected a refusal, got \(error)")
          return
        }
        #expect(reason.contains("custom category limit reached (20)"), "\(reason)")
      }
      // The view says where the account stands: 20 of 20, the built-in ones apart.
      let items = try await fetch(world, nil).items
      let listed = try AgilityConnector.answer(
        "agility.categories", params: [:], items: items, points: [], options: [:], now: world.sandbox.currentDate())
      #expect(listed["custom"] == .int(20))
      #expect(listed["limit"] == .int(20))
      guard case .array(let categories)? = listed["categories"] else {
        Issue.record("no categories in \(listed)")
        return
      }
      #expect(categories.first?["system"] == .bool(true))
      #expect(categories.contains { $0["name"] == "Conference fees" && $0["scheduleCLine"] == "27b" })
      #expect(!categories.contains { $0["name"] == "One too many" })
    }
  }

  @Test func aCategoryNeedsANameAndAKnownKind() throws {
    #expect(throws: ActionRefusal.self) {
      try AgilityConnector.prepare(.agilityAddCategory, params: ["name": "   "], now: Date())
    }
    let declaration = try #require(AgilityConnector.declaration(.agilityAddCategory))
    #expect(throws: ActionRefusal.self) { try declaration.validate(["name": "Fees", "kind": "luxury"]) }
    #expect(throws: ActionRefusal.self) { try declaration.validate(["name": "Fees", "scheduleCLine": "27"]) }
    #expect(throws: ActionRefusal.self) { try declaration.validate(["kind": "expense"]) }
  }
}

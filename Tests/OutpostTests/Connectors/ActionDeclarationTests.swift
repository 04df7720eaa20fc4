import OutpostConnectors
import OutpostModel
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Declared actions: the registry's promises, and the typed parameter checks every action gets
/// before anything is queued.
@Suite struct ActionDeclarationTests {
  @Test func everyDeclaredActionIsUniqueAndBelongsToARegisteredKind() {
    let names = ConnectorRegistry.actions.map(\.name.rawValue)
    #expect(Set(names).count == names.count, "duplicate action names: \(names)")
    for action in ConnectorRegistry.actions {
      #expect(ConnectorRegistry.kind(action.service) != nil, "\(action.name) names unknown service \(action.service)")
      // No targets: done to the account (a booking), prepared by the connector without an item.
      #expect(!action.summary.isEmpty)
      #expect(action.name.rawValue.wholeMatch(of: /[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+/) != nil)
      #expect(ConnectorRegistry.action(action.name)?.declaration == action)
    }
    #expect(names.contains("exchange.take") && names.contains("compensation.edit"))
  }

  /// A queued action sent later is told in words ("rescheduled #4 Pay rent"), in every
  /// language, never as its id: a fresh-eyes tester read "Queued action sent: tasks.reschedule".
  @Test func everyDeclaredActionSaysInWordsWhatWasSent() {
    for action in ConnectorRegistry.actions {
      guard let sent = action.sent else {
        Issue.record("\(action.name) has no words for a sent notification")
        continue
      }
      for text in [sent.en, sent.de, sent.fr, sent.it] {
        #expect(text.contains("{0}") && !text.contains(action.name.rawValue), "\(action.name): \(text)")
      }
    }
  }

  static let sample = ActionDeclaration(
    name: ActionType("test.sample"), service: "test", summary: "a sample", targets: [.event],
    parameters: [
      ActionParameter("count", .int, required: true, summary: "how many", minimum: 1, maximum: 10),
      ActionParameter("amount", .decimal, summary: "money", minimum: 0),
      ActionParameter("day", .date, summary: "a day"),
      ActionParameter("at", .dateTime, summary: "an instant"),
      ActionParameter("colour", .enum, summary: "a colour", choices: ["red", "green"]),
      ActionParameter("urgent", .bool, summary: "a flag"),
      ActionParameter("note", .string, summary: "a note", maxLength: 5),
    ])

  @Test func textFromACommandLineBecomesTheDeclaredTypes() throws {
    let values = try Self.sample.validate(
      .object([
        "count": "3", "amount": "12.50", "day": "2026-12-05", "at": "2026-12-05T18:00:00+01:00", "colour": "red",
        "urgent": "yes", "note": "hi",
      ]))
    #expect(values["count"] == .int(3))
    // Decimals keep their exact text: money never passes through a binary fraction.
    #expect(values["amount"] == .string("12.50"))
    #expect(values["day"] == .string("2026-12-05"))
    #expect(values["at"] == .string("2026-12-05T17:00:00Z"))
    #expect(values["colour"] == .string("red"))
    #expect(values["urgent"] == .bool(true))
    #expect(values["note"] == .string("hi"))
    #expect(try Self.sample.validate(.object(["count": .int(10), "amount": .int(0)])) == ["count": 10, "amount": "0"])
  }

  /// A time typed as the refusal's example shows it, without seconds, is taken (a fresh-eyes
  /// tester's `rpp book --slot 2030-12-10T10:00Z` was refused with a message naming that form).
  @Test(arguments: [
    ("2030-12-10T10:00Z", "2030-12-10T10:00:00Z"), ("2030-12-10T10:00+01:00", "2030-12-10T09:00:00Z"),
    ("2030-12-10T10:00-05:00", "2030-12-10T15:00:00Z"), ("2030-12-10T10:00:30Z", "2030-12-10T10:00:30Z"),
  ])
  func aTimeWithoutSecondsIsTaken(typed: String, stored: String) throws {
    let values = try Self.sample.validate(.object(["count": "1", "at": .string(typed)]))
    #expect(values["at"] == .string(stored))
  }

  @Test func wrongParametersAreRefusedWithWhatWouldBeRight() {
    let cases: [(JSONValue?, String)] = [
      (nil, "needs count"),
      (.object(["count": "3", "colour": "blue"]), "colour must be one of red, green"),
      (.object(["count": "0"]), "count must be at least 1"),
      (.object(["count": "11"]), "count must be at most 10"),
      (.object(["count": "three"]), "count must be a whole number"),
      (.object(["count": "1", "amount": "1e5"]), "amount must be a decimal number"),
      (.object(["count": "1", "amount": "-1"]), "amount must be at least 0"),
      (.object(["count": "1", "day": "2026-13-01"]), "day must be a date"),
      (.object(["count": "1", "at": "tomorrow"]), "at must be a date and time"),
      (.object(["count": "1", "at": "2030-12-10T10Z"]), "at must be a date and time"),
      (.object(["count": "1", "urgent": "perhaps"]), "urgent must be true or false"),
      (.object(["count": "1", "note": "too long"]), "note must be a text of at most 5"),
      (.object(["count": "1", "size": "2"]), "has no parameter \"size\""),
      (.array([]), "params must be an object"),
    ]
    for (params, expected) in cases {
      #expect(throws: ActionRefusal.self, "\(String(describing: params))") { try Self.sample.validate(params) }
      do {
        _ = try Self.sample.validate(params)
      } catch {
        #expect(error.description.contains(expected), "\(error.description) lacks \(expected)")
      }
    }
  }

  @Test func aConnectorsPreconditionRunsAfterTheTypeChecks() throws {
    let kind = try #require(ConnectorRegistry.kind("volleymanager"))
    let edit = try #require(ConnectorRegistry.action(ActionType("compensation.edit"))?.declaration)
    let compensation = Item(
      kind: .compensation, upstreamID: "c1", title: "Fee",
      details: ["compensationID": "comp-1", "editable": true])
    let prepared = try kind.prepare(edit, on: compensation, params: ["distanceKm": "42.5"], now: Date())
    #expect(prepared == PreparedAction(target: "comp-1", params: ["distanceInMetres": .int(42_500)]))
    // Said in every language: "distanceKm muss höchstens 2000 sein".
    do {
      _ = try kind.prepare(edit, on: compensation, params: ["distanceKm": "2001"], now: Date())
      Issue.record("2001 km was accepted")
    } catch {
      guard case .invalid(let reason) = error else { throw error }
      #expect(reason.english == "distanceKm must be at most 2000")
      #expect(reason.text(.de) == "distanceKm muss höchstens 2000 sein")
    }
    var locked = compensation
    locked.details = ["compensationID": "comp-1", "editable": false]
    // Refused in every language (a phrase), English for logs and older clients.
    do {
      _ = try kind.prepare(edit, on: locked, params: ["reason": "x"], now: Date())
      Issue.record("a locked compensation was accepted")
    } catch {
      guard case .refused(let reason) = error else { throw error }
      #expect(reason.english == "the compensation is paid or locked by the association")
      #expect(reason.text(.de) == "die Entschädigung ist bezahlt oder vom Verband gesperrt")
    }
    let event = Item(kind: .event, upstreamID: "e", title: "Dentist")
    #expect(throws: ActionRefusal.self) { try kind.prepare(edit, on: event, params: nil, now: Date()) }
  }
}

import Foundation
import OutpostModel
import OutpostSnapshot
import OutpostTestSupport
import Testing

/// snapshot.json, in several states, against rpc-schema/snapshot.schema.json, checked by an
/// independent validator (python3-jsonschema, draft 2020-12).
@Suite(.offThePool) struct SchemaTests {
  static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../rpc-schema/snapshot.schema.json").standardized.path

  static let validator = """
    import json, sys
    from jsonschema import Draft202012Validator, FormatChecker
    schema = json.load(open(sys.argv[1]))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema, format_checker=FormatChecker())
    failed = 0
    for path in sys.argv[2:]:
        for error in validator.iter_errors(json.load(open(path))):
            failed += 1
            print(f"{path}: {list(error.absolute_path)}: {error.message}")
    sys.exit(1 if failed else 0)
    """

  /// Runs the validator on `files`; returns its output when it fails.
  static func validate(_ files: [String]) throws -> String? {
    Prerequisites.ensure()
    let result = try runCommand("/usr/bin/python3", ["-c", validator, schemaPath] + files)
    return result.status == 0 ? nil : result.stdout + result.stderr
  }

  @Test func snapshotsInEveryStateMatchTheSchema() async throws {
    let fixture = try StoreFixture()
    var snapshots: [String: Snapshot] = [:]
    snapshots["no-account"] = try await fixture.snapshot()
    let volley = try await fixture.addAccount("volley")
    snapshots["never-synced"] = try await fixture.snapshot()
    try await fixture.sync(
      volley,
      [
        assignment("a", "Biel/Bienne & Co <x>", at: Clock.local(2026, 11, 18, 19, 30)),
        assignment("b", "Called off", at: Clock.local(2026, 11, 19, 19, 30), venue: nil, status: .cancelled),
        assignment("c", "Later", at: Clock.local(2026, 12, 2, 20, 0)),
      ])
    snapshots["upcoming"] = try await fixture.snapshot(lastSync: [volley: Clock.now], unread: 2)
    snapshots["stale"] = try await fixture.snapshot(lastSync: [volley: Clock.now - Clock.hours(26)])
    try await fixture.setState(volley, .offline, reason: "no network")
    let feed = try await fixture.addAccount("feed", kind: "ical")
    try await fixture.setState(feed, .needsLogin)
    let action = try await fixture.store.enqueueAction(
      accountID: volley, type: ActionType("exchange.take"), itemNumber: nil, target: "e1", params: [:])
    try await fixture.store.setActionState(number: action.number, state: .conflict)
    snapshots["offline-needs-login"] = try await fixture.snapshot(lastSync: [volley: Clock.now - 3600])
    snapshots["nothing-upcoming"] = try await fixture.snapshot(at: Clock.local(2026, 12, 3, 0, 0))

    let directory = TemporaryDirectory()
    var files: [String] = []
    for (name, snapshot) in snapshots.sorted(by: { $0.key < $1.key }) {
      let path = directory.file(name + ".json")
      try Data(SnapshotFormat.json.render(snapshot)).write(to: URL(fileURLWithPath: path))
      files.append(path)
    }
    #expect(snapshots["nothing-upcoming"]?.classes.contains("none") == true)
    #expect(snapshots["offline-needs-login"]?.classes == ["needs-login", "offline", "upcoming", "conflicts"])
    #expect(try Self.validate(files) == nil)
  }

  @Test func theSchemaRejectsWhatIsNotASnapshot() throws {
    let directory = TemporaryDirectory()
    let bad = directory.file("bad.json")
    try Data(#"{"version": 2, "state": "fine"}"#.utf8).write(to: URL(fileURLWithPath: bad))
    #expect(try Self.validate([bad]) != nil)
  }
}

import Foundation
import GRDB
import Logging
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon
@testable import OutpostStore

/// `imports.run` stores the file's new items and the queued action that uploads them in one
/// transaction. Apart, a daemon killed between the two writes (the soak's kill -9 did it) left
/// the items without the upload: the next import of the same file found every row "already
/// present", queued nothing, and the rows never reached the service.
@Suite struct ImportStoredWithItsUploadTests {
  final class Peer: RPCPeer {
    let connectionID: UInt64 = 1
    func push(_ line: [UInt8]) -> Bool { true }
  }

  static let accountID = "00000000-0000-4000-8000-0000000000a9"
  static let at = Date(timeIntervalSince1970: 1_795_000_000)
  static let csv = """
    Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #
    DEBIT,11/21/2026,"SOAK FILE ROW 1",-901.11,DEBIT_CARD,,,
    DEBIT,11/22/2026,"SOAK FILE ROW 2",-901.12,DEBIT_CARD,,,
    DEBIT,11/23/2026,"SOAK FILE ROW 3",-901.13,DEBIT_CARD,,,

    """

  static func world() async throws -> (Store, RPCDispatcher) {
    let store = try Store.inMemory()
    try await store.addAccount(
      Account(
        id: accountID, name: "Books", kind: "agility", username: "u", baseURL: "https://x", state: .ok,
        stateChangedAt: at, createdAt: at))
    _ = try await store.applySync(
      accountID: accountID,
      items: [
        Item(
          kind: .bankAccount, upstreamID: "acct-checking", title: "Business Checking",
          details: ["type": "checking", "mask": "1234", "balance": "100.00"])
      ], complete: [], window: SyncWindow(from: .distantPast, to: .distantFuture), cursor: nil, at: at)
    let services = DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 10, logger: Logger(label: "t")), logger: Logger(label: "t"),
      transport: TestHTTP.transport)
    return (store, RPCDispatcher(registry: Handlers.registry(services: services)))
  }

  static func importFile(_ path: String, _ dispatcher: RPCDispatcher) async throws -> JSONValue {
    let params = ImportsRun.Params(
      kind: "agility.bank-csv", files: [path], account: "Books", params: ["bankAccount": "Business Checking"])
    let request: JSONValue = [
      "jsonrpc": "2.0", "id": 1, "method": .string(ImportsRun.name), "params": try JSONTreeEncoder.encode(params),
    ]
    let reply = try #require(await dispatcher.reply(to: request.serialized, context: RPCContext(peer: Peer())))
    return try JSONParser.parse(reply)
  }

  @Test func anUploadThatCannotBeQueuedStoresNoneOfItsRowsAndTheNextImportQueuesThemAll() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("bank.csv")
    try Self.csv.write(toFile: file, atomically: true, encoding: .utf8)
    let (store, dispatcher) = try await Self.world()
    // The second write of an import refused, as a kill -9 (or a full disk) between the two would
    // leave it: the action table takes nothing.
    try await store.writer.write { db in
      try db.execute(
        sql: "CREATE TRIGGER no_actions BEFORE INSERT ON action BEGIN SELECT RAISE(ABORT, 'refused for the test'); END"
      )
    }
    let refused = try await Self.importFile(file, dispatcher)
    #expect(refused["error"] != nil, "\(refused)")
    #expect(try await store.items(accountID: Self.accountID, kinds: [.moneyTransaction]).isEmpty)
    #expect(try await store.actions(accountID: Self.accountID).isEmpty)

    try await store.writer.write { db in try db.execute(sql: "DROP TRIGGER no_actions") }
    let reply = try await Self.importFile(file, dispatcher)
    let result = try #require(reply["result"], "\(reply)")
    #expect(result["stored"] == .int(3), "\(result)")
    #expect(result["summary"]?["inserted"] == .int(3), "\(result)")
    #expect(result["summary"]?["already_present"] == .int(0), "\(result)")
    let actions = try await store.actions(accountID: Self.accountID)
    #expect(actions.map(\.type) == [.agilityUploadImport])
    #expect(actions.first?.number == result["action"]?.int64Value)
    guard case .array(let rows)? = actions.first?.params["rows"] else {
      Issue.record("the queued upload holds no rows: \(actions)")
      return
    }
    #expect(rows.count == 3)
    #expect(try await store.items(accountID: Self.accountID, kinds: [.moneyTransaction]).count == 3)
  }
}

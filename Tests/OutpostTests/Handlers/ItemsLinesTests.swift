import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon

/// `items.lines` (what `outpost agenda` shows): the items `items.list` selects with the same
/// params, in the same order, each as the line its `ListedItem` makes, and nothing more.
@Suite struct ItemsLinesTests {
  final class Peer: RPCPeer {
    let connectionID: UInt64 = 1
    func push(_ line: [UInt8]) -> Bool { true }
  }

  static let accountID = "00000000-0000-4000-8000-0000000000c1"
  static let at = Date(timeIntervalSince1970: 1_795_000_000)

  /// A store with one account's appointments (timed, all-day, cancelled, with a subtitle) and
  /// one item that is not an appointment.
  static func dispatcher() async throws -> RPCDispatcher {
    let store = try Store.inMemory()
    try await store.addAccount(
      Account(
        id: accountID, name: "Referee", kind: "volleymanager", username: "u", baseURL: "https://x", state: .ok,
        stateChangedAt: at, createdAt: at))
    let items = [
      Item(
        kind: .assignment, upstreamID: "a1", title: "VBC Seeland – Volley Aarau", startsAt: at,
        endsAt: at.addingTimeInterval(7200), location: "Biel",
        details: ["league": "2L", "positionLabel": "1st referee", "description": "long text no line shows"]),
      Item(
        kind: .assignment, upstreamID: "a2", title: "Cup final", startsAt: at.addingTimeInterval(86_400),
        status: .cancelled, details: ["league": "Cup"]),
      Item(
        kind: .assignment, upstreamID: "a3", title: "Course day", startsAt: at.addingTimeInterval(2 * 86_400),
        details: ["allDay": true]),
      Item(kind: .compensation, upstreamID: "c1", title: "Fee", startsAt: at, details: ["league": "2L"]),
    ]
    _ = try await store.applySync(
      accountID: accountID, items: items, complete: [.assignment, .compensation],
      window: SyncWindow(from: at.addingTimeInterval(-86_400), to: at.addingTimeInterval(7 * 86_400)), cursor: nil,
      at: at)
    let services = DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 10, logger: Logger(label: "t")), logger: Logger(label: "t"),
      transport: TestHTTP.transport)
    return RPCDispatcher(registry: Handlers.registry(services: services))
  }

  static func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params, _ dispatcher: RPCDispatcher) async throws
    -> JSONValue
  {
    let request: JSONValue = [
      "jsonrpc": "2.0", "id": 1, "method": .string(M.name), "params": try JSONTreeEncoder.encode(params),
    ]
    let reply = try #require(await dispatcher.reply(to: request.serialized, context: RPCContext(peer: Peer())))
    return try JSONParser.parse(reply)
  }

  @Test func theLinesAreItemsListsItemsAsLines() async throws {
    let dispatcher = try await Self.dispatcher()
    let range = (from: Self.at.addingTimeInterval(-60), to: Self.at.addingTimeInterval(7 * 86_400))
    for params in [
      ItemsList.Params(from: range.from, to: range.to, appointments: true),
      ItemsList.Params(account: "referee", from: range.from, to: range.to),
      ItemsList.Params(statuses: [.cancelled]), ItemsList.Params(text: "CUP", details: true),
    ] {
      let listed = try JSONCoding.convert(
        try #require(try await Self.call(ItemsList.self, params, dispatcher)["result"]), to: ItemsList.Result.self)
      let lines = try JSONCoding.convert(
        try #require(try await Self.call(ItemsLines.self, params, dispatcher)["result"]), to: ItemsLines.Result.self)
      #expect(!lines.lines.isEmpty)
      #expect(lines.lines == listed.items.map(ItemLine.init), "\(params)")
    }
  }

  @Test func aLineCarriesWhatTheAgendaShowsAndNothingElse() async throws {
    let dispatcher = try await Self.dispatcher()
    let reply = try await Self.call(ItemsLines.self, .init(appointments: true), dispatcher)
    let lines = try JSONCoding.convert(try #require(reply["result"]), to: ItemsLines.Result.self).lines
    #expect(lines.map(\.title) == ["VBC Seeland – Volley Aarau", "Cup final", "Course day"])
    #expect(lines[0].subtitle == "2L, 1st referee" && lines[0].location == "Biel" && lines[0].allDay == nil)
    #expect(lines[0].endsAt == Self.at.addingTimeInterval(7200) && lines[0].status == .active)
    #expect(lines[1].status == .cancelled && lines[1].subtitle == "Cup")
    #expect(lines[2].allDay == true)
    // Only a line's members cross the socket: no details, link, account or upstream id.
    guard case .array(let raw)? = reply["result"]?["lines"], case .object(let first)? = raw.first else {
      Issue.record("no lines in \(reply)")
      return
    }
    #expect(Set(first.keys) == ["endsAt", "location", "number", "startsAt", "status", "subtitle", "title"])
  }

  @Test func itRefusesWhatItemsListRefuses() async throws {
    let dispatcher = try await Self.dispatcher()
    let unknown = try await Self.call(ItemsLines.self, .init(account: "nobody"), dispatcher)
    #expect(unknown["error"]?["code"] == .int(Int64(RPCError.accountNotFoundCode)))
    let backwards = try await Self.call(
      ItemsLines.self, .init(from: Self.at, to: Self.at.addingTimeInterval(-1)), dispatcher)
    #expect(backwards["error"]?["code"] == -32602)
  }
}

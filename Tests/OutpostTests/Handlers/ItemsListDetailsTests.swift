import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon

/// `items.list` with `details: false` (what `outpost agenda` and `outpost items` ask for): the
/// details are left out, and what a one-line view needs from them is in `display` first.
@Suite struct ItemsListDetailsTests {
  static let dueDay = Item(
    kind: ItemKind(rawValue: "event"), upstreamID: "due-1", title: "Invoice 17 due",
    startsAt: Date(timeIntervalSince1970: 1_795_000_000), location: "Bern",
    details: ["allDay": true, "description": "A long text the agenda does not show"])
  static let stored = StoredItem(
    number: 7, accountID: "a1", item: dueDay, firstSeenAt: .distantPast, updatedAt: .distantPast, removedAt: nil)

  @Test func withoutDetailsTheItemKeepsItsDisplayAndSaysItIsADay() throws {
    let full = ItemHandlers.listed(Self.stored, [:])
    let brief = ItemHandlers.listed(Self.stored, [:], details: false)
    #expect(full.item.details == Self.dueDay.details)
    #expect(brief.item.details == [:])
    let display = try #require(brief.display)
    #expect(display == full.display)
    #expect(display.allDay == true)
    #expect(brief.item.title == full.item.title && brief.item.startsAt == full.item.startsAt)
    #expect(brief.item.location == full.item.location && brief.number == full.number)
  }

  @Test func aTimedItemHasNoAllDayMark() throws {
    var timed = Self.stored
    timed.item.details = ["allDay": false]
    #expect(try #require(ItemHandlers.listed(timed, [:]).display).allDay == nil)
  }
}

/// What `items.list` reads of the details when it leaves them out (`displayDetailKeys`, the
/// store reading only those members) is all that any kind's display needs.
@Suite struct DisplayDetailKeysTests {
  @Test func everyKindShowsTheSameFromTheKeysItsDisplayReads() throws {
    // Every key any declaration names, and some no display reads, each with a value.
    var details: [String: JSONValue] = ["description": "long text", "uid": "x@y", "allDay": true]
    for declaration in ConnectorRegistry.itemKinds {
      for key in declaration.subtitle { details[key] = .string("\(key) text") }
      if let amount = declaration.amount {
        details[amount.valueKey] = "12.50"
        if let currencyKey = amount.currencyKey { details[currencyKey] = "EUR" }
      }
    }
    let shown = details.filter { ItemHandlers.displayDetailKeys.contains($0.key) }
    #expect(shown.count < details.count)
    for declaration in ConnectorRegistry.itemKinds {
      let full = Item(kind: declaration.kind, upstreamID: "1", title: "t", details: .object(details))
      var brief = full
      brief.details = .object(shown)
      let display = try #require(ItemHandlers.display(full))
      #expect(ItemHandlers.display(brief) == display, "\(declaration.kind)")
      #expect(display.allDay == true)
      if !declaration.subtitle.isEmpty { #expect(display.subtitle != nil, "\(declaration.kind)") }
      if declaration.amount != nil { #expect(display.amount == "12.50", "\(declaration.kind)") }
    }
  }
}

/// `items.list` with `appointments` (what an agenda asks for): only the kinds the connectors
/// declare as appointments, left to SQLite, and of the kinds asked for only those; the others
/// (content, transactions) are not listed.
@Suite struct ItemsListAppointmentsTests {
  final class Peer: RPCPeer {
    let connectionID: UInt64 = 1
    func push(_ line: [UInt8]) -> Bool { true }
  }

  @Test func anAgendaListsOnlyAppointmentsOfTheKindsAskedFor() async throws {
    let appointment = try #require(ConnectorRegistry.itemKinds.first(where: \.appointment)?.kind)
    let other = try #require(ConnectorRegistry.itemKinds.first(where: { !$0.appointment })?.kind)
    let store = try Store.inMemory()
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    try await store.addAccount(
      Account(
        id: "00000000-0000-4000-8000-0000000000b1", name: "mixed", kind: "ical", username: "u",
        baseURL: "https://x", state: .ok, stateChangedAt: at, createdAt: at))
    let items = (0..<6).map { index in
      Item(
        kind: index.isMultiple(of: 2) ? appointment : other, upstreamID: "i\(index)", title: "Item \(index)",
        startsAt: at.addingTimeInterval(Double(index) * 3600))
    }
    _ = try await store.applySync(
      accountID: "00000000-0000-4000-8000-0000000000b1", items: items, complete: [appointment, other],
      window: SyncWindow(from: at.addingTimeInterval(-86_400), to: at.addingTimeInterval(86_400)), cursor: nil, at: at)
    let services = DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 10, logger: Logger(label: "t")), logger: Logger(label: "t"),
      transport: TestHTTP.transport)
    let dispatcher = RPCDispatcher(registry: Handlers.registry(services: services))
    func titles(_ params: ItemsList.Params) async throws -> [String] {
      let request: JSONValue = [
        "jsonrpc": "2.0", "id": 1, "method": .string(ItemsList.name), "params": try JSONTreeEncoder.encode(params),
      ]
      let reply = try #require(await dispatcher.reply(to: request.serialized, context: RPCContext(peer: Peer())))
      let result = try #require(try JSONParser.parse(reply)["result"], "\(String(decoding: reply, as: UTF8.self))")
      return try JSONCoding.convert(result, to: ItemsList.Result.self).items.map(\.item.title)
    }
    let range = (from: at.addingTimeInterval(-60), to: at.addingTimeInterval(86_000))
    #expect(try await titles(.init(from: range.from, to: range.to)).count == 6)
    #expect(
      try await titles(.init(from: range.from, to: range.to, appointments: true)) == ["Item 0", "Item 2", "Item 4"])
    #expect(
      try await titles(.init(account: "mixed", from: range.from, to: range.to, appointments: true, details: false))
        == ["Item 0", "Item 2", "Item 4"])
    #expect(try await titles(.init(kinds: [other.rawValue], appointments: true)).isEmpty)
    #expect(try await titles(.init(kinds: [other.rawValue])) == ["Item 1", "Item 3", "Item 5"])
    #expect(try await titles(.init(kinds: [appointment.rawValue, other.rawValue], appointments: true)).count == 3)
  }
}

import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
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

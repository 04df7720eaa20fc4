import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost rpp …`: property photo shoots booked with an RPP partner. A thin front for the
/// generic RPC: orders and conversations are items (`items.list`), booking and changes are the
/// connector's declared actions (`actions.perform`), the catalogue and free slots its declared
/// live queries (`queries.run`).
struct RPPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rpp",
    abstract: "RPP photo shoots: orders, booking, reschedule and cancel, messages.",
    discussion: """
      Add an account with `outpost account add rpp --name work --username EMAIL --password-stdin \
      --base-url URL --option firebase_api_key=KEY`: --base-url is your RPP deployment's API \
      address (RPP has no public one), and --option firebase_auth_base=…, \
      --option firebase_token_base=… point Firebase sign-in elsewhere than Google's.

      Booking needs the network: a slot is live data, so a booking is made at once or refused \
      (exit status 75 offline), never queued to be made later. It is still safe to retry: the booking \
      is recorded with its idempotency key before it is sent, so a timeout or a crash never \
      books twice. Rescheduling, cancelling and messages work offline: they are queued, and a \
      change that no longer fits when the service is back (the partner's deadline passed, the \
      order changed) becomes a conflict for you to look at (`outpost conflicts`), never a \
      silent retry or a fee you did not accept.

      Examples:
        outpost rpp orders --upcoming
        outpost rpp services
        outpost rpp addresses
        outpost rpp availability svc_photo25 --date 2026-12-03
        outpost rpp book svc_photo25 --slot 2026-12-03T09:00:00-08:00 \\
            --address "12 Ocean Ave, San Francisco, CA 94112, US" --access "Lockbox on side gate"
        outpost rpp reschedule RPP-7K3Q9D --slot 2026-12-04T13:00:00-08:00
        outpost rpp cancel RPP-7K3Q9D --accept-fee
        outpost rpp messages RPP-7K3Q9D
        outpost rpp send RPP-7K3Q9D "Please include the backyard."
      """,
    subcommands: [
      Orders.self, Services.self, Addresses.self, Availability.self, Book.self, RPPReschedule.self, RPPCancel.self,
      RPPMessages.self, RPPSend.self, SignOutEverywhere.self,
    ], defaultSubcommand: Orders.self)

  struct SignOutEverywhere: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sign-out-everywhere",
      abstract: "Sign out of RPP on every device (the phone app too), then here.",
      discussion: """
        RPP revokes every session of the account; Outpost then forgets its own (the password \
        and tokens leave the keyring). The same as `outpost account logout NAME --everywhere`; \
        `outpost account login NAME` signs this one in again.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The RPP account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let connection = try global.connect()
        let name = try account ?? RPPLookup.onlyAccount(connection)
        let loggedOut = try connection.call(AccountsLogout.self, .init(name: name, everywhere: true))
        if global.json {
          Terminal.printJSON(loggedOut)
        } else {
          print(localized(.rppSignedOutEverywhere, name))
        }
      }
    }
  }

  struct Orders: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "orders",
      abstract: "Your orders, newest shoot first (every status; --status, --upcoming, --from and --to narrow it).",
      discussion: """
        --upcoming lists the shoots still to come, soonest first, without the cancelled ones
        (--status cancelled shows those). --from and --to are days in your time zone,
        YYYY-MM-DD, both included: `outpost rpp orders --from 2026-12-01 --to 2026-12-31`.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(
      help: ArgumentHelp(
        "Only orders in this status: pending, scheduled, in_progress, completed, delivered, cancelled.",
        valueName: "status"))
    var status: String?
    @Flag(help: "Only shoots still to come, soonest first, not cancelled.") var upcoming = false
    @Option(help: ArgumentHelp("Only shoots on or after this day (YYYY-MM-DD, your time zone).", valueName: "day"))
    var from: String?
    @Option(help: ArgumentHelp("Only shoots on or before this day (YYYY-MM-DD, your time zone).", valueName: "day"))
    var to: String?

    static let statuses = ["pending", "scheduled", "in_progress", "completed", "delivered", "cancelled"]

    func validate() throws {
      // A misspelt status would list nothing and exit 0, as if there were no such orders.
      if let status, !Self.statuses.contains(status) {
        throw ValidationError(localized(.rppStatusChoices, status, Self.statuses.joined(separator: ", ")))
      }
      let days = try window()
      if let from, let to, let start = days.start, let end = days.end, end <= start {
        throw ValidationError(localized(.rppFromAfterTo, from, to))
      }
    }

    /// From the local midnight starting --from to the one ending --to.
    func window() throws -> (start: Date?, end: Date?) {
      func midnight(_ text: String?, option: String, after: Bool) throws -> Date? {
        guard let text else { return nil }
        guard let day = ItemText.localMidnight(text, daysLater: after ? 1 : 0) else {
          throw ValidationError(localized(.rppDayFormat, option, text))
        }
        return day
      }
      return (try midnight(from, option: "--from", after: false), try midnight(to, option: "--to", after: true))
    }

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(ItemsList.self, .init(kinds: ["order"], service: "rpp"))
        var orders = RPPLookup.newestFirst(answer.items)
        if let status { orders = orders.filter { $0.item.details["status"]?.stringValue == status } }
        let days = try window()
        if days.start != nil || days.end != nil {
          orders = orders.filter { order in
            guard let start = order.item.startsAt else { return false }
            return (days.start.map { start >= $0 } ?? true) && (days.end.map { start < $0 } ?? true)
          }
        }
        if upcoming {
          let now = Date()
          // A cancelled shoot is not to come, whatever its date; --status cancelled asks for them.
          orders = orders.filter {
            ($0.item.endsAt ?? $0.item.startsAt ?? .distantPast) > now
              && (status == "cancelled" || $0.item.details["status"]?.stringValue != "cancelled")
          }
          .sorted { ($0.item.startsAt ?? .distantPast) < ($1.item.startsAt ?? .distantPast) }
        }
        if global.json {
          Terminal.printJSON(ItemsList.Result(items: orders, freshness: answer.freshness))
          return
        }
        FreshnessBanner.show(answer.freshness)
        guard !orders.isEmpty else {
          print(localized(.itemsEmpty))
          return
        }
        for order in orders {
          var line = ItemText.line(order, showDay: true)
          if let url = order.item.details["deliveryURL"]?.stringValue {
            line += "\n      " + localized(.rppPhotos, url)
          }
          print(line)
        }
      }
    }
  }

  struct Services: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "services", abstract: "What your partner offers, with prices (live).")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The RPP account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(QueriesRun.self, .init(query: "rpp.services", account: account))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        for service in RPPText.array(answer.result["items"]) where service["active"] != .bool(false) {
          let id = service["id"]?.stringValue ?? "?"
          let name = service["name"]?.stringValue ?? "?"
          let minutes = service["durationMinutes"]?.int64Value.map { Terminal.duration(Double($0) * 60) } ?? ""
          print("\(id)  \(name)  \(minutes)  \(RPPText.money(service["price"]))")
        }
      }
    }
  }

  struct Addresses: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "addresses",
      abstract: "Your saved addresses (live), to book with `outpost rpp book … --address adr_…`.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The RPP account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let answer = try global.connect().call(QueriesRun.self, .init(query: "rpp.addresses", account: account))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        let saved = RPPText.array(answer.result["items"])
        guard !saved.isEmpty else {
          print(localized(.rppNoSavedAddresses))
          return
        }
        for address in saved {
          var line = (address["id"]?.stringValue ?? "?") + "  " + RPPText.address(address)
          if let access = address["accessInstructions"]?.stringValue, !access.isEmpty { line += "\n      " + access }
          print(line)
        }
      }
    }
  }

  struct Availability: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "availability",
      abstract: "Free slots for a service (live), in the partner's time zone and yours.")
    @OptionGroup var global: GlobalOptions
    @Argument(
      help: ArgumentHelp("The service's id (`outpost rpp services`); several comma-separated.", valueName: "service"))
    var service: String
    @Option(help: ArgumentHelp("The first day, YYYY-MM-DD, in the partner's time zone.", valueName: "date"))
    var date: String
    @Option(help: ArgumentHelp("How many days from --date (1–14).", valueName: "days")) var days: Int?
    @Flag(help: "Also the slots already taken.") var all = false
    @Option(help: ArgumentHelp("The RPP account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        var params: [String: JSONValue] = ["service": .string(service), "date": .string(date)]
        if let days { params["days"] = .int(Int64(days)) }
        let answer = try global.connect().call(
          QueriesRun.self, .init(query: "rpp.availability", account: account, params: .object(params)))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        let zone = answer.result["timeZone"]?.stringValue ?? localized(.rppPartnerTimeZone)
        var shown = 0
        for day in RPPText.array(answer.result["days"]) {
          let slots = RPPText.array(day["slots"]).filter { all || $0["available"] == .bool(true) }
          guard !slots.isEmpty else { continue }
          print(day["date"]?.stringValue.map { ItemText.day(iso: $0) } ?? "?")
          for slot in slots {
            guard let start = slot["start"]?.stringValue else { continue }
            let end = slot["end"]?.stringValue.map { "–" + RPPText.wallClock($0) } ?? ""
            var line = "  \(RPPText.wallClock(start))\(end) (\(zone))"
            if let instant = UTCTimestamp.parse(start) {
              line += "  " + localized(.rppSlotYours, Terminal.localTime(instant))
            }
            if slot["available"] != .bool(true) { line += "  [\(localized(.rppSlotTaken))]" }
            line += "\n      --slot \(start)"
            print(line)
            shown += 1
          }
        }
        if shown == 0 { print(localized(.rppNoFreeSlot)) }
      }
    }
  }

  struct Book: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "book",
      abstract: "Book a shoot in a free slot (needs the network; never books twice).",
      discussion: """
        Prints the confirmation number. A slot taken meanwhile is refused with the nearest \
        free ones. A partner that confirms by hand leaves the order pending until it does. \
        Offline the booking is refused with exit status 75 and nothing is queued: book again \
        when the service is back.
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(
      help: ArgumentHelp("The service's id (`outpost rpp services`); several comma-separated.", valueName: "service"))
    var service: String
    @Option(help: ArgumentHelp("The slot's start as `outpost rpp availability` lists it.", valueName: "date-time"))
    var slot: String
    @Option(
      help: ArgumentHelp(
        "A saved address (adr_…, `outpost rpp addresses`) or \"street, city, [region] postal code, country code\".",
        valueName: "address"))
    var address: String?
    @Option(help: ArgumentHelp("How the photographer gets in.", valueName: "text")) var access: String?
    @Option(help: ArgumentHelp("Anything the photographer should know.", valueName: "text")) var notes: String?
    @Option(help: ArgumentHelp("The RPP account (when you have several).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let connection = try global.connect()
        let name = try account ?? RPPLookup.onlyAccount(connection)
        guard let address else {
          // Asked where, with the saved addresses to choose from.
          let saved = (try? RPPText.savedAddresses(global, account: name)) ?? []
          let choices = saved.map { ($0["id"]?.stringValue ?? "?") + " " + RPPText.address($0) }
          let offered = choices.isEmpty ? "adr_…" : choices.joined(separator: "; ")
          throw CLIFailure(.usage, localized(.rppAddressNeeded, offered))
        }
        var params: [String: JSONValue] = [
          "service": .string(service), "slot": .string(slot), "address": .string(address),
        ]
        if let access { params["access"] = .string(access) }
        if let notes { params["notes"] = .string(notes) }
        let result = try connection.call(
          ActionsPerform.self, .init(action: "rpp.book", account: name, params: .object(params), wait: true))
        if global.json {
          Terminal.printJSON(result)
        } else if result.action.state == .done, let order = result.action.serverState {
          let number = order["orderNumber"]?.stringValue ?? "?"
          let status = order["status"]?.stringValue ?? "?"
          print(localized(.rppBooked, number, status == "pending" ? localized(.rppBookedPending) : status))
          if let start = order["appointment"]?["start"]?.stringValue { print("  \(start)") }
        } else {
          print(ActionOutput.queued(result.action))
        }
        if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
      }
    }
  }
}

/// Finding RPP items by what people type: an item number, an order number (RPP-…), an id.
enum RPPLookup {
  static func orders(_ global: GlobalOptions) throws -> [ListedItem] {
    newestFirst(try global.connect().call(ItemsList.self, .init(kinds: ["order"], service: "rpp")).items)
  }

  static func newestFirst(_ orders: [ListedItem]) -> [ListedItem] {
    orders.sorted { ($0.item.startsAt ?? .distantPast) > ($1.item.startsAt ?? .distantPast) }
  }

  static func order(_ reference: String, _ global: GlobalOptions) throws -> ListedItem {
    let orders = try global.connect().call(ItemsList.self, .init(kinds: ["order"], service: "rpp")).items
    let wanted = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    if let found = orders.first(where: { matches($0, wanted) }) { return found }
    throw CLIFailure(.daemonError, localized(.rppNoOrder, reference))
  }

  private static func matches(_ order: ListedItem, _ wanted: String) -> Bool {
    if String(order.number) == wanted || order.item.upstreamID == wanted { return true }
    guard let number = order.item.details["orderNumber"]?.stringValue else { return false }
    return number.uppercased() == wanted.uppercased()
  }

  static func onlyAccount(_ connection: DaemonConnection) throws -> String {
    let accounts = try connection.call(AccountsList.self, .init()).accounts.filter { $0.kind == "rpp" }
    switch accounts.count {
    case 1: return accounts[0].name
    case 0: throw CLIFailure(.daemonError, localized(.rppNoAccount))
    default:
      throw CLIFailure(.usage, localized(.rppSeveralAccounts, accounts.map(\.name).joined(separator: ", ")))
    }
  }
}

/// RPP's JSON in words.
enum RPPText {
  static func array(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let values)? = value { return values }
    return []
  }

  /// `{"amountMinor": 24900, "currency": "USD"}` → "USD 249.00".
  static func money(_ value: JSONValue?) -> String {
    guard let minor = value?["amountMinor"]?.int64Value, let currency = value?["currency"]?.stringValue else {
      return ""
    }
    return numberStyle.money(decimal: MinorUnits.decimal(minor, currency: currency), currency: currency)
  }

  /// The client's saved addresses, as the service lists them now.
  static func savedAddresses(_ global: GlobalOptions, account: String?) throws -> [JSONValue] {
    array(try global.connect().call(QueriesRun.self, .init(query: "rpp.addresses", account: account)).result["items"])
  }

  /// An address in one line: "12 Ocean Ave, Apt 4, San Francisco, CA 94112, US".
  static func address(_ value: JSONValue) -> String {
    let street = [value["line1"], value["line2"]].compactMap { $0?.stringValue }.filter { !$0.isEmpty }
    let place = [value["region"], value["postalCode"]].compactMap { $0?.stringValue }.filter { !$0.isEmpty }
      .joined(separator: " ")
    let parts = street + [value["city"]?.stringValue, place, value["country"]?.stringValue].compactMap { $0 }
    return parts.filter { !$0.isEmpty }.joined(separator: ", ")
  }

  /// The wall-clock time a timestamp with an offset names ("2026-12-03T09:00:00-08:00" → "09:00").
  static func wallClock(_ text: String) -> String {
    let characters = Array(text)
    guard characters.count >= 16 else { return text }
    return String(characters[11..<16])
  }
}

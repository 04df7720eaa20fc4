import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost rpp reschedule ORDER --slot …`: says until when the partner allows it, then queues
/// `rpp.reschedule` (offline too) with the order's version.
struct RPPReschedule: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reschedule", abstract: "Move a shoot to another free slot (queued offline too).")
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The order: its number in `outpost rpp orders`, RPP-… or ord_….", valueName: "order"))
  var order: String
  @Option(help: ArgumentHelp("The new slot's start (`outpost rpp availability`).", valueName: "date-time"))
  var slot: String
  @Option(help: ArgumentHelp("Why, for the partner.", valueName: "text")) var reason: String?
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      let listed = try RPPLookup.order(order, global)
      let rule = listed.item.details["allowedActions"]?["reschedule"]
      if !global.json, let until = rule?["until"]?.stringValue {
        Terminal.note(localized(.rppRescheduleUntil, RPPText.shown(until)))
      }
      var params: [String: JSONValue] = ["slot": .string(slot)]
      if let reason { params["reason"] = .string(reason) }
      try DoCommand.perform("rpp.reschedule", on: listed.number, params: params, wait: !noWait, global: global)
    }
  }
}

/// `outpost rpp cancel ORDER`: shows the free-cancellation deadline and any late fee first; a
/// fee must be accepted with --accept-fee, and only the fee shown is ever paid.
struct RPPCancel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel", abstract: "Cancel a shoot; a late fee must be accepted with --accept-fee.",
    discussion: """
      Free until the partner's deadline; after it a late fee applies, which this command shows \
      and which you accept with --accept-fee. Queued offline too: if the deadline passes \
      before the cancellation reaches RPP, it becomes a conflict instead of a fee you did \
      not see.
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The order: its number in `outpost rpp orders`, RPP-… or ord_….", valueName: "order"))
  var order: String
  @Option(help: ArgumentHelp("Why, for the partner.", valueName: "text")) var reason: String?
  @Flag(help: "Accept the late fee shown.") var acceptFee = false
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      let listed = try RPPLookup.order(order, global)
      let rule = listed.item.details["allowedActions"]?["cancel"]
      let freeUntil = rule?["freeUntil"]?.stringValue
      let fee = rule?["lateFee"].flatMap { $0 == .null ? nil : $0 }
      let late = freeUntil.flatMap(UTCTimestamp.parse).map { Date() >= $0 } ?? (fee != nil)
      if late, let fee {
        guard acceptFee else {
          let message =
            if let freeUntil {
              localized(.rppLateFeeSince, RPPText.money(fee), RPPText.shown(freeUntil), order)
            } else {
              localized(.rppLateFee, RPPText.money(fee), order)
            }
          throw CLIFailure(.daemonError, message)
        }
        if !global.json { Terminal.note(localized(.rppCancellingWithFee, RPPText.money(fee))) }
      } else if !global.json, let freeUntil {
        Terminal.note(localized(.rppFreeCancellationUntil, RPPText.shown(freeUntil)))
      }
      var params: [String: JSONValue] = [:]
      if let reason { params["reason"] = .string(reason) }
      if acceptFee { params["acceptFee"] = .bool(true) }
      try DoCommand.perform("rpp.cancel", on: listed.number, params: params, wait: !noWait, global: global)
    }
  }
}

extension RPPText {
  /// A service timestamp in the partner's wall-clock time and the user's.
  static func shown(_ text: String) -> String {
    guard let instant = UTCTimestamp.parse(text) else { return text }
    // The partner's day in the order of the user's language, as their own time beside it is.
    return localized(
      .rppPartnerTime, ItemText.day(iso: String(text.prefix(10))), wallClock(text), Terminal.localTime(instant))
  }
}

import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost rpp messages [ORDER|CONVERSATION]`: conversations with their unread counts, or one
/// conversation's messages, oldest first; showing them marks them read (queued, so offline too)
/// unless --no-mark-read.
struct RPPMessages: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "messages", abstract: "Your conversations, or one conversation's messages (marks them read).")
  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp(
      "An order (number, RPP-…, ord_…) or a conversation (number, cnv_…); without it, every conversation.",
      valueName: "order-or-conversation"))
  var reference: String?
  @Flag(help: "Show without marking read.") var noMarkRead = false

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let conversations = try connection.call(ItemsList.self, .init(kinds: ["conversation"], service: "rpp")).items
      guard let reference else {
        if global.json {
          Terminal.printJSON(ItemsList.Result(items: conversations))
          return
        }
        if conversations.isEmpty { print(localized(.itemsEmpty)) }
        for conversation in conversations {
          let unread = conversation.item.details["unreadCount"]?.int64Value ?? 0
          var line =
            "#\(conversation.number)  \(conversation.item.title)"
            + (unread > 0 ? "  [\(localized(.rppUnread, "\(unread)"))]" : "")
          if let last = conversation.item.details["lastMessage"]?.stringValue { line += "\n      \(last.prefix(100))" }
          print(line)
        }
        return
      }
      let conversation = try Self.find(reference, in: conversations, global)
      let id = conversation.item.upstreamID
      let messages = try connection.call(ItemsList.self, .init(kinds: ["message"], service: "rpp")).items
        .filter { $0.item.details["conversationId"]?.stringValue == id }
        .sorted {
          ($0.item.details["createdAt"]?.stringValue ?? "") < ($1.item.details["createdAt"]?.stringValue ?? "")
        }
      if global.json {
        Terminal.printJSON(ItemsList.Result(items: messages))
      } else {
        print("#\(conversation.number)  \(conversation.item.title)")
        for message in messages {
          let details = message.item.details
          let when = details["createdAt"]?.stringValue.flatMap(UTCTimestamp.parse).map(Terminal.localTime) ?? ""
          let receipt = details["fromMe"] == .bool(true) && details["readAt"] != nil ? "  (\(localized(.rppRead)))" : ""
          print("\(when)  \(details["sender"]?.stringValue ?? "?")\(receipt)")
          for line in (details["body"]?.stringValue ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            print("    \(line)")
          }
        }
        if messages.isEmpty { print("    (\(localized(.rppNoMessages)))") }
      }
      let unread = conversation.item.details["unreadCount"]?.int64Value ?? 0
      if unread > 0 && !noMarkRead {
        _ = try connection.call(ActionsPerform.self, .init(action: "rpp.read", item: conversation.number, wait: false))
      }
    }
  }

  /// The conversation named, or the one of the order named.
  static func find(_ reference: String, in conversations: [ListedItem], _ global: GlobalOptions) throws -> ListedItem {
    let wanted = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    if let found = conversations.first(where: { String($0.number) == wanted || $0.item.upstreamID == wanted }) {
      return found
    }
    let order = try RPPLookup.order(reference, global)
    let id = order.item.details["conversationId"]?.stringValue ?? ""
    guard let found = conversations.first(where: { $0.item.upstreamID == id }) else {
      throw CLIFailure(.daemonError, localized(.rppNoConversation, reference))
    }
    return found
  }
}

/// `outpost rpp send CONVERSATION TEXT`: queued with its idempotency key (offline too), sent
/// exactly once.
struct RPPSend: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "send", abstract: "Send a message (queued offline too; sent exactly once).")
  @OptionGroup var global: GlobalOptions
  @Argument(
    help: ArgumentHelp("An order (number, RPP-…, ord_…) or a conversation (number, cnv_…).", valueName: "to"))
  var reference: String
  @Argument(help: ArgumentHelp("The message (up to 4000 characters).", valueName: "text")) var text: String
  @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

  func run() throws {
    try reportingFailures {
      let conversations = try global.connect().call(ItemsList.self, .init(kinds: ["conversation"], service: "rpp"))
        .items
      let conversation = try RPPMessages.find(reference, in: conversations, global)
      try DoCommand.perform(
        "rpp.send", on: conversation.number, params: ["text": .string(text)], wait: !noWait, global: global)
    }
  }
}

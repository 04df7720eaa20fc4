import ArgumentParser
import OutpostModel
import OutpostRPC
import OutpostRPCClient

struct EventsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "events",
    abstract: "Follow the daemon's events as they happen (Ctrl-C to stop).",
    discussion: """
      Each event has a sequence number. Pass the last one you saw with --since to get what you \
      missed first; if the daemon no longer has all of it, a note says so and the stream goes on \
      from now.
      """)

  @OptionGroup var global: GlobalOptions

  @Option(help: ArgumentHelp("Replay the events after this sequence number first.", valueName: "seq"))
  var since: Int64?

  @Option(
    name: .customLong("type"),
    help: ArgumentHelp("Only events whose type starts with this (repeatable), e.g. daemon.", valueName: "prefix"))
  var types: [String] = []

  func validate() throws {
    if let since, since < 0 { throw ValidationError("--since takes a sequence number (0 or more)") }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let result = try connection.call(
        EventsSubscribe.self, .init(since: since, types: types.isEmpty ? nil : types))
      if result.resyncNeeded, let since {
        Terminal.note(
          localized(.eventsResync, "\(since)", result.oldestSeq.map(String.init) ?? "–", "\(result.currentSeq)"))
      }
      while true {
        let message: JSONValue
        do {
          message = try connection.client.nextNotification()
        } catch let error as RPCClientError {
          throw DaemonConnection.failure(error, socketPath: connection.socketPath)
        }
        guard message["method"] == .string(EventNotification.name), let params = message["params"] else { continue }
        guard let event = try? JSONCoding.convert(params, to: OutpostEvent.self) else {
          throw CLIFailure(.protocolError, "the daemon sent an event this client cannot read")
        }
        if global.json {
          Terminal.printJSON(event)
        } else {
          Terminal.printLine(Self.describe(event))
        }
      }
    }
  }

  /// "seq 12  …": the number `--since` takes, not an item's "#12".
  static func describe(_ event: OutpostEvent) -> String {
    var line = "seq \(event.seq)  \(Terminal.localTime(event.time))  \(event.type)"
    if case .object(let members) = event.data {
      for key in members.keys.sorted() {
        let value = members[key]!
        let text: String =
          switch value {
          case .string(let string): string
          // A long list (a sync's changes) reads as its size; --json has it all.
          case .array(let elements) where elements.count > 3: "[\(elements.count) entries]"
          default: (try? JSONCoding.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
          }
        line += "  \(key)=\(text)"
      }
    }
    return line
  }
}

import OutpostModel

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Output helpers without Foundation's heavier parts (start-up time matters for a CLI).
enum Terminal {
  /// Whether the command line asks for `--json` (before a `--`): failures are then JSON too.
  static let jsonRequested: Bool = {
    let arguments = CommandLine.arguments.dropFirst()
    return arguments.prefix { $0 != "--" }.contains("--json")
  }()

  static func error(_ message: String) {
    writeStderr("outpost: " + message + "\n")
  }

  static func note(_ message: String) {
    writeStderr(message + "\n")
  }

  /// A status line on stderr that the next one replaces (for a terminal).
  static func progress(_ message: String) {
    writeStderr("\r\u{1B}[K" + message)
  }

  private static func writeStderr(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
  }

  /// A line on stdout, flushed at once (a follower such as `outpost events | grep` sees it now).
  static func printLine(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    _ = write(1, &bytes, bytes.count)
  }

  /// One line of compact JSON on stdout.
  static func printJSON(_ value: some Encodable) {
    guard let bytes = try? JSONCoding.encode(value) else { return }
    printLine(String(decoding: bytes, as: UTF8.self))
  }

  /// Indented JSON on stdout, for people.
  static func printPrettyJSON(_ value: some Encodable) {
    let encoder = JSONCoding.encoder()
    encoder.outputFormatting.insert(.prettyPrinted)
    guard let data = try? encoder.encode(value) else { return }
    print(String(decoding: data, as: UTF8.self))
  }

  /// What the daemon said, in the user's language: its phrase when this CLI knows every key in
  /// it, else the English `text` the daemon sent beside it (a newer daemon's words).
  static func say(_ phrase: Phrase?, or text: String) -> String {
    phrase?.text(localized.language, time: localTime) ?? text
  }

  /// The same as a sentence (an error message): capitalised.
  static func sayAsSentence(_ phrase: Phrase?, or text: String) -> String {
    phrase?.sentence(localized.language, time: localTime) ?? text
  }

  /// A date in the user's time zone in the order of their language, "2026-11-22 14:05" or
  /// "22.11.2026 14:05", as item days are written (a person reads no seconds).
  static func localTime(_ date: Date) -> String { ItemText.date(date) + " " + ItemText.time(date) }

  /// How long, "3 h 12 min", "10 min" or "55 s": units every language here reads. Seconds
  /// only under a minute: a person reads "9 min", not "9 min 59 s" (issue 48 §2).
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds)
    let (days, hours, minutes, secs) = (total / 86400, total % 86400 / 3600, total % 3600 / 60, total % 60)
    if days > 0 { return "\(days) d \(hours) h" }
    if hours > 0 { return "\(hours) h \(minutes) min" }
    if minutes > 0 { return "\(minutes) min" }
    return "\(secs) s"
  }
}

/// The CLI's messages in the user's language (OUTPOST_LANG, LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
let localized = Localizer(environment: ProcessEnvironment.current())

/// How the user writes decimals (a comma in French, in German outside Switzerland).
let numberStyle = NumberStyle.preferred(environment: ProcessEnvironment.current())

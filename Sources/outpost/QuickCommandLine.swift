#if canImport(Glibc)
  import Glibc
#endif

/// The command lines that scripts and status bars run again and again (`outpost status`,
/// `outpost sync NAME --wait`, `outpost agenda --days N`), read without ArgumentParser. Its
/// parse was the largest part of those commands' time (43 % of `outpost status`'s samples: the
/// Swift runtime instantiating its generic types and checking their conformances on first use,
/// and the completion-script check's two extra passes; docs/performance.md, "`outpost
/// status`"), as it was of an argument-less `outpostd`'s start before that skipped it.
///
/// Only the plainest spellings are read here: every word one of the command's own flags or
/// options, each given once, an option's value a separate word that does not start with `-`,
/// numbers as plain digits within what the command takes. Anything else (help, `--opt=value`,
/// a repeated flag, an unknown word, a value out of range) is nil, and ArgumentParser parses
/// the line as always, with its messages and errors. So a line read here means what
/// ArgumentParser would have read: `QuickCommandLineTests` runs each spelling both ways
/// (`OUTPOST_QUICK_PARSE=0` turns this off) and compares what is printed and the exit status.
enum QuickCommandLine {
  case status(json: Bool, socket: String?)
  case sync(account: String?, wait: Bool, json: Bool, socket: String?)
  case agenda(days: Int, account: String?, json: Bool, socket: String?)

  /// `arguments` without the program's name.
  static func parse(_ arguments: some Collection<String>) -> QuickCommandLine? {
    guard let command = arguments.first else { return nil }
    var words = Words(arguments.dropFirst())
    switch command {
    case "status":
      guard words.read(flags: ["--json"], options: ["--socket"], positionals: 0) else { return nil }
      return .status(json: words.flag("--json"), socket: words.option("--socket"))
    case "sync":
      guard words.read(flags: ["--json", "--wait"], options: ["--socket"], positionals: 1) else { return nil }
      return .sync(
        account: words.positionals.first, wait: words.flag("--wait"), json: words.flag("--json"),
        socket: words.option("--socket"))
    case "agenda":
      guard words.read(flags: ["--json"], options: ["--socket", "--days", "--account"], positionals: 0) else {
        return nil
      }
      var days = AgendaCommand.defaultDays
      if let text = words.option("--days") {
        guard let number = plainNumber(text), AgendaCommand.dayRange.contains(number) else { return nil }
        days = number
      }
      return .agenda(
        days: days, account: words.option("--account"), json: words.flag("--json"), socket: words.option("--socket"))
    default:
      return nil
    }
  }

  /// Runs the command as its `run()` would have after ArgumentParser's parse.
  func run() throws {
    switch self {
    case .status(let json, let socket): try StatusCommand.run(json: json, socket: socket)
    case .sync(let account, let wait, let json, let socket):
      try SyncCommand.run(account: account, wait: wait, json: json, socket: socket)
    case .agenda(let days, let account, let json, let socket):
      try AgendaCommand.run(days: days, account: account, json: json, socket: socket)
    }
  }

  /// Whether the quick reading is on: `OUTPOST_QUICK_PARSE=0` turns it off. The tests compare
  /// both readings with it, and it is a way around this file should it ever be wrong.
  static var isEnabled: Bool {
    guard let value = getenv("OUTPOST_QUICK_PARSE") else { return true }
    return String(cString: value) != "0"
  }

  /// A count of 1 to 4 ASCII digits without a leading zero: what `Int(_:)` reads the same way.
  private static func plainNumber(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard (1...4).contains(bytes.count), bytes.allSatisfy({ (0x30...0x39).contains($0) }), bytes[0] != 0x30 else {
      return nil
    }
    return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  /// The words after the command, sorted into flags, options and positionals.
  private struct Words {
    let words: [String]
    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]
    private(set) var positionals: [String] = []

    init(_ words: some Collection<String>) { self.words = Array(words) }

    /// Sorts the words; false when one is not plainly one of these (see the type's comment).
    mutating func read(flags known: Set<String>, options takingValue: Set<String>, positionals allowed: Int) -> Bool {
      var index = 0
      while index < words.count {
        let word = words[index]
        index += 1
        if known.contains(word) {
          guard flags.insert(word).inserted else { return false }
        } else if takingValue.contains(word) {
          guard index < words.count, Self.isPlainValue(words[index]), options[word] == nil else { return false }
          options[word] = words[index]
          index += 1
        } else {
          guard Self.isPlainValue(word), positionals.count < allowed else { return false }
          positionals.append(word)
        }
      }
      return true
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func option(_ name: String) -> String? { options[name] }

    /// Not empty, not starting with `-` (an option's name, `--`, a negative number): such words
    /// are ArgumentParser's to read.
    private static func isPlainValue(_ word: String) -> Bool {
      word.utf8.first.map { $0 != UInt8(ascii: "-") } ?? false
    }
  }
}

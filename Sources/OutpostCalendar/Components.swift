/// A component (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, `VALARM`, …) with its properties and the
/// components nested in it.
struct Component: Sendable {
  var name: String
  var properties: [ContentLine] = []
  var children: [Component] = []
  var line: Int
  /// The input ended before its END (closed by the builder): a download cut short, most often.
  var endedEarly = false

  func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
  func all(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
  func children(_ name: String) -> [Component] { children.filter { $0.name == name } }
}

/// Nests content lines into components by their BEGIN/END lines, forgiving the usual breakage:
/// a missing END closes with its parent (or at the end of the input), a stray END is ignored,
/// and lines outside any component are skipped.
enum ComponentBuilder {
  /// Deeper nesting is garbage, not a calendar; it is flattened rather than followed.
  static let maximumDepth = 16

  /// The top-level components, in order.
  static func build(_ lines: some Sequence<ContentLine>, warnings: inout Warnings) -> [Component] {
    var roots: [Component] = []
    var stack: [Component] = []
    var strayLines = 0

    func close(_ component: Component) {
      if stack.isEmpty {
        roots.append(component)
      } else {
        stack[stack.count - 1].children.append(component)
      }
    }

    for line in lines {
      switch line.name {
      case "BEGIN":
        let name = line.value.trimmingSpaces().uppercased()
        guard !name.isEmpty else {
          warnings.add("line \(line.line): BEGIN without a component name, skipped")
          continue
        }
        if stack.count >= maximumDepth {
          warnings.add("line \(line.line): components nested deeper than \(maximumDepth), skipped")
          continue
        }
        stack.append(Component(name: name, line: line.line))
      case "END":
        let name = line.value.trimmingSpaces().uppercased()
        guard let depth = stack.lastIndex(where: { $0.name == name }) else {
          warnings.add("line \(line.line): END:\(sanitized(name)) without a matching BEGIN, ignored")
          continue
        }
        // Components opened after the one being closed lack their END: close them first.
        while stack.count > depth + 1 {
          let unclosed = stack.removeLast()
          warnings.add(
            "line \(unclosed.line): BEGIN:\(sanitized(unclosed.name)) has no END, closed at line \(line.line)")
          close(unclosed)
        }
        close(stack.removeLast())
      default:
        if stack.isEmpty {
          strayLines += 1
        } else {
          stack[stack.count - 1].properties.append(line)
        }
      }
    }
    while var unclosed = stack.popLast() {
      warnings.add("line \(unclosed.line): BEGIN:\(sanitized(unclosed.name)) has no END before the end of the feed")
      unclosed.endedEarly = true
      close(unclosed)
    }
    if strayLines > 0 { warnings.add("\(strayLines) line(s) outside any component were skipped") }
    return roots
  }

  /// A component name fit for a warning: the standard ones and short X-names as they are,
  /// anything else (garbage can hold anything, and warnings end up in logs) as "?".
  static func sanitized(_ name: String) -> String {
    let standard: Set<String> = [
      "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "STANDARD", "DAYLIGHT", "VALARM",
      "VAVAILABILITY", "AVAILABLE", "VLOCATION", "VRESOURCE", "PARTICIPANT",
    ]
    if standard.contains(name) { return name }
    let isShortXName =
      name.hasPrefix("X-") && name.count <= 30 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
    return isShortXName ? name : "?"
  }
}

/// The warnings of one parse: de-duplicated and capped, so that a feed of ten thousand broken
/// events gives a readable list. Warnings never quote event contents (they may be logged, and
/// feeds hold other people's personal data): only line numbers, property and zone names.
struct Warnings: Sendable, Equatable {
  static let maximumCount = 50
  private(set) var messages: [String] = []
  private var seen: Set<String> = []
  private var dropped = 0

  init() {}

  mutating func add(_ message: String) {
    guard !seen.contains(message) else { return }
    guard messages.count < Self.maximumCount else {
      dropped += 1
      return
    }
    seen.insert(message)
    messages.append(message)
  }

  /// `other`'s warnings after these, as if each had been added here in turn: exact when none of
  /// `other`'s messages is one of these (the content lines' warnings, which name their lines).
  /// The ones `other` left out are left out here too: its kept messages fill the list first.
  mutating func append(_ other: Warnings) {
    for message in other.messages { add(message) }
    dropped += other.dropped
  }

  /// The messages, with a last line counting the ones left out.
  var list: [String] { dropped == 0 ? messages : messages + ["… and \(dropped) more warning(s)"] }
}

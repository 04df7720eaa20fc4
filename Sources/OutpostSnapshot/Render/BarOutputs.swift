import Foundation
import OutpostModel

/// waybar's custom module, `return-type: json`: one object on one line. `text` and `tooltip` are
/// Pango markup there, so they are escaped; `class` is an array (waybar accepts one), so CSS can
/// match any state that applies.
enum WaybarOutput {
  struct Body: Encodable {
    var text: String
    var alt: String
    var tooltip: String
    var `class`: [String]
    var percentage: Int
  }

  static func render(_ snapshot: Snapshot) -> [UInt8] {
    let display = snapshot.display
    let body = Body(
      text: Pango.escape(display.text), alt: display.alt,
      tooltip: display.tooltip.map(Pango.escape).joined(separator: "\n"), class: snapshot.classes,
      percentage: display.percentage)
    return ((try? JSONCoding.encode(body)) ?? Array("{}".utf8)) + [0x0A]
  }
}

/// i3status-rust's custom block, `json = true`. Its default format shows `$text.pango-str()`,
/// which escapes by itself, so the text stays plain here (escaping it too would show "&amp;").
/// `icon` names an icon of the user's icon set; none is forced on them.
enum I3StatusRustOutput {
  struct Body: Encodable {
    var icon: String
    var state: String
    var text: String
    var shortText: String

    enum CodingKeys: String, CodingKey {
      case icon, state, text
      case shortText = "short_text"
    }
  }

  static func render(_ snapshot: Snapshot) -> [UInt8] {
    let body = Body(
      icon: "", state: state(snapshot).rawValue, text: snapshot.display.text,
      shortText: snapshot.display.shortText)
    return ((try? JSONCoding.encode(body)) ?? Array("{}".utf8)) + [0x0A]
  }

  /// i3status-rust's states: Idle, Info, Good, Warning, Critical.
  enum State: String {
    case idle = "Idle"
    case info = "Info"
    case good = "Good"
    case warning = "Warning"
    case critical = "Critical"
  }

  static func state(_ snapshot: Snapshot) -> State {
    switch snapshot.status {
    case .needsLogin, .error: return .critical
    case .keyringLocked, .offline, .stale: return .warning
    case .neverSynced: return .info
    case .ok:
      if snapshot.conflicts > 0 { return .warning }
      if snapshot.display.percentage == 100 { return .good }
      return snapshot.classes.contains("upcoming") ? .info : .idle
    }
  }
}

/// `line.txt`: the bar text and a newline, for polybar and i3blocks (first line: full text).
/// Polybar reads `%{…}` in a module's output as formatting tags, so "%{" is split up: a title
/// must not recolour the bar.
enum LineOutput {
  static func render(_ snapshot: Snapshot) -> [UInt8] {
    Array((snapshot.display.text.replacing("%{", with: "% {") + "\n").utf8)
  }
}

import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(Glibc)
  import Glibc
#endif

/// `outpost snapshot`: what the status-bar files hold, for bars that prefer to run a command.
struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Print what your status bar shows: the next games and anything that needs you.",
    discussion: """
      outpostd keeps the same content in files a bar can read without running anything \
      ($XDG_RUNTIME_DIR/outpost/: snapshot.json, waybar.json, i3status-rust.json, line.txt), \
      rewritten only when it changes. Prefer the files; this command is for bars that can only \
      run a program. Setups for waybar, polybar, i3blocks and i3status-rust: contrib/bars/README.md.

      Formats: json (snapshot.json, documented by rpc-schema/snapshot.schema.json), waybar \
      (return-type json), i3rs (i3status-rust's custom block with json = true), line (one line \
      of text for polybar and i3blocks).

      When outpostd is not running, the bar formats still print one valid line saying so (and \
      the exit status is 69), so the bar shows the problem instead of breaking.
      """)

  @OptionGroup var global: GlobalOptions

  @Option(help: ArgumentHelp("json, waybar, i3rs or line.", valueName: "format"))
  var format = "json"

  static let formats = ["json", "waybar", "i3rs", "line"]

  func validate() throws {
    guard Self.formats.contains(format) else {
      throw ValidationError(localized(.snapshotUnknownFormat, format, Self.formats.joined(separator: ", ")))
    }
  }

  func run() throws {
    do {
      let result = try global.connect().call(
        SnapshotGet.self,
        .init(
          format: format, language: localized.language.rawValue,
          region: NumberStyle.preferredRegion(environment: ProcessEnvironment.current())))
      if global.json {
        Terminal.printJSON(result)
      } else {
        var bytes = Array(result.content.utf8)
        _ = write(1, &bytes, bytes.count)
      }
    } catch let failure as CLIFailure {
      if failure.status == .unavailable, !global.json, let fallback = Self.daemonDown(format) { print(fallback) }
      Terminal.error(failure.message)
      throw ExitCode(failure.status.rawValue)
    }
  }

  /// One valid line in the bar's format saying the daemon is not running, in the user's
  /// language; the JSON keys and the `alt`, `class` and `state` values stay as the bars expect.
  static func daemonDown(_ format: String) -> String? {
    let text = localized(.snapshotDaemonDown)
    switch format {
    case "waybar":
      let tooltip = json(localized(.snapshotStartHint))
      return
        #"{"text":"\#(json(text))","alt":"error","tooltip":"\#(tooltip)","class":["error"],"percentage":0}"#
    case "i3rs":
      return #"{"icon":"","state":"Critical","text":"\#(json(text))","short_text":"\#(json(localized(.snapshotOff)))"}"#
    case "line": return text
    default: return nil
    }
  }

  /// Text made safe inside a JSON string (the messages hold no control characters).
  static func json(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
  }
}

/// The output formats, one file each; `outpost snapshot --format` uses the same renderers.
public enum SnapshotFormat: String, CaseIterable, Sendable {
  /// `snapshot.json`: everything, versioned, described by `rpc-schema/snapshot.schema.json`.
  case json
  /// `waybar.json`: a custom module's `return-type: json` object.
  case waybar
  /// `i3status-rust.json`: a custom block's `json = true` object.
  case i3rs
  /// `line.txt`: one plain line, for polybar and i3blocks.
  case line

  /// The file's name in the snapshot directory.
  public var fileName: String {
    switch self {
    case .json: "snapshot.json"
    case .waybar: "waybar.json"
    case .i3rs: "i3status-rust.json"
    case .line: "line.txt"
    }
  }

  /// The file's bytes, ending in a newline.
  public func render(_ snapshot: Snapshot) -> [UInt8] {
    switch self {
    case .json: SnapshotJSON.render(snapshot)
    case .waybar: WaybarOutput.render(snapshot)
    case .i3rs: I3StatusRustOutput.render(snapshot)
    case .line: LineOutput.render(snapshot)
    }
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `snapshot.get`: what the status-bar files hold now, in one of their formats, for bars that
/// prefer to run a command (`outpost snapshot --format waybar`).
public enum SnapshotGet: RPCMethod {
  public static let name = "snapshot.get"

  public struct Params: Codable, Sendable, Equatable {
    /// `json` (snapshot.json, the default), `waybar`, `i3rs` (i3status-rust) or `line`.
    public var format: String?
    /// The reader's language (`de`): the words and the dates written for the one who asked (a
    /// bar running `outpost snapshot` in the user's session); absent, the daemon's language,
    /// as in the files.
    public var language: String?
    /// The reader's region (`CH`), for how numbers and money are written ("$ 19’169.95").
    public var region: String?
    public init(format: String? = nil, language: String? = nil, region: String? = nil) {
      self.format = format
      self.language = language
      self.region = region
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var format: String
    /// The file's exact content (JSON documents and line.txt end with a newline).
    public var content: String
    /// When the content next changes by itself; absent when only new data changes it.
    public var validUntil: Date?

    public init(format: String, content: String, validUntil: Date?) {
      self.format = format
      self.content = content
      self.validUntil = validUntil
    }
  }
}

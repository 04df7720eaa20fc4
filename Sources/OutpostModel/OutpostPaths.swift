/// Where Outpost keeps its files, from the environment alone, so that the daemon and every thin
/// client agree without talking. Each location has an `OUTPOST_*` override (tests rely on them);
/// otherwise the XDG base directories apply, with their specified fallbacks.
public struct OutpostPaths: Sendable, Equatable {
  /// Holds the socket, the instance lock and (later) status-bar snapshots. Not persistent.
  public var runtimeDirectory: String
  /// Holds `outpost.sqlite` and generated calendars.
  public var dataDirectory: String
  /// Holds `config.toml`.
  public var configDirectory: String
  public var socketPath: String

  public var databasePath: String { dataDirectory + "/outpost.sqlite" }
  public var configFilePath: String { configDirectory + "/config.toml" }
  public var lockPath: String { runtimeDirectory + "/outpostd.lock" }

  public init(runtimeDirectory: String, dataDirectory: String, configDirectory: String, socketPath: String? = nil) {
    self.runtimeDirectory = runtimeDirectory
    self.dataDirectory = dataDirectory
    self.configDirectory = configDirectory
    self.socketPath = socketPath ?? runtimeDirectory + "/outpost.sock"
  }

  /// Resolves every path from `environment` (usually the process environment).
  /// Throws when no runtime directory can be found: without `XDG_RUNTIME_DIR` there is no safe
  /// per-user place for the socket, and guessing one under /tmp would invite other users in.
  public static func resolve(environment: [String: String], socketOverride: String? = nil) throws(PathError)
    -> OutpostPaths
  {
    func nonEmpty(_ key: String) -> String? {
      guard let value = environment[key], !value.isEmpty else { return nil }
      return value
    }
    let home = nonEmpty("HOME")
    let runtime: String
    if let value = nonEmpty("OUTPOST_RUNTIME_DIR") {
      runtime = value
    } else if let base = nonEmpty("XDG_RUNTIME_DIR") {
      runtime = base + "/outpost"
    } else if let socketOverride {
      runtime = parentDirectory(of: socketOverride)
    } else {
      throw .noRuntimeDirectory
    }
    guard
      let data = nonEmpty("OUTPOST_DATA_DIR") ?? nonEmpty("XDG_DATA_HOME").map({ $0 + "/outpost" })
        ?? home.map({ $0 + "/.local/share/outpost" })
    else { throw .noHome }
    guard
      let config = nonEmpty("OUTPOST_CONFIG_DIR") ?? nonEmpty("XDG_CONFIG_HOME").map({ $0 + "/outpost" })
        ?? home.map({ $0 + "/.config/outpost" })
    else { throw .noHome }
    let socket = socketOverride ?? nonEmpty("OUTPOST_SOCKET")
    return OutpostPaths(runtimeDirectory: runtime, dataDirectory: data, configDirectory: config, socketPath: socket)
  }

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  public enum PathError: Error, Equatable, CustomStringConvertible {
    case noRuntimeDirectory
    case noHome

    public var description: String {
      switch self {
      case .noRuntimeDirectory:
        "XDG_RUNTIME_DIR is not set, so there is no private place for Outpost's socket. "
          + "Log in through a session manager (systemd-logind sets it), or set OUTPOST_RUNTIME_DIR "
          + "to a directory only you can read."
      case .noHome:
        "Neither HOME nor XDG_DATA_HOME/XDG_CONFIG_HOME is set; set OUTPOST_DATA_DIR and OUTPOST_CONFIG_DIR."
      }
    }
  }
}

import Logging
import OutpostDesktop
import OutpostModel

/// A parsed `--log-level`, so that the executable need not import swift-log.
public struct DaemonLogLevel: Sendable {
  let level: Logger.Level

  public init?(_ name: String) {
    guard let level = OutpostLogHandler.level(named: name) else { return nil }
    self.level = level
  }
}

extension Daemon.Options {
  public init(paths: OutpostPaths, logLevel: DaemonLogLevel?, environment: [String: String]) {
    self.init(paths: paths, logLevel: logLevel?.level, environment: environment)
  }
}

public enum DaemonConfigurationDocs {
  /// Every key of config.toml at its default, commented.
  public static var defaultFile: String { ConfigurationKeys.documentedDefaults() }
}

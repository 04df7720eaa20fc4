import Foundation
import FuzzSupport
import OutpostDaemon

/// config.toml as the daemon reads it at start and on reload: TOML, every known key's checks,
/// and the service presets in it. Any text is a configuration or problems with lines.
@_cdecl("fuzz_config_main")
public func fuzzConfig(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    do throws(ConfigurationError) {
      _ = try DaemonConfiguration.parse(text, path: "config.toml")
    } catch {
      precondition(!error.problems.isEmpty, "a refusal without a problem")
      for problem in error.problems {
        if let line = problem.line { precondition(line >= 0 && line <= lines, "problem on line \(line) of \(lines)") }
      }
    }
  }
}

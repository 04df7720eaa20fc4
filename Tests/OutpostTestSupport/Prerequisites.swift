import Foundation

/// The suite's one check that the machine was set up: `contrib/setup.sh --check`, run once per
/// test process by the first test that needs a peer (the keyring, a private D-Bus, Radicale,
/// khal, Python's icalendar or jsonschema). When something is missing the whole run stops at
/// once with one message naming the script, instead of failing fifteen tests in fifteen ways.
public enum Prerequisites {
  public static func ensure() { _ = verified }

  /// The repository root, from this file's place in it.
  public static let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  private static let verified: Bool = {
    let script = repositoryRoot + "/contrib/setup.sh"
    let result: CommandResult
    do {
      result = try runCommand("/bin/bash", [script, "--check"])
    } catch {
      stop("cannot run \(script): \(error)")
    }
    if result.status != 0 {
      stop((result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return true
  }()

  private static func stop(_ detail: String) -> Never {
    let message = """

      ✘ Outpost's tests need packages this machine does not have:
      \(detail)
      Run contrib/setup.sh once (it installs them with apt and pip), then run swift test again.

      """
    FileHandle.standardError.write(Data(message.utf8))
    exit(70)
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The presets Outpost ships (`share/outpost/presets.toml`: the Agile Network's five brands),
/// found the way a relocatable install and a source checkout both work, so that no brand value
/// has to live in code:
///
/// 1. `$OUTPOST_PRESETS`, a file path (packagers, tests);
/// 2. `PREFIX/share/outpost/presets.toml` for an executable in `PREFIX/bin` (`contrib/install.sh`);
/// 3. `share/outpost/presets.toml` in a directory above the executable (a checkout's `.build/…`);
/// 4. `outpost/presets.toml` under each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
public enum ShippedPresets {
  public static let relativePath = "share/outpost/presets.toml"

  /// The tables of presets any connector reads (`agile.brands`); others in the file are ignored.
  public struct Loaded: Sendable {
    public var presets: ServicePresets
    /// The file they came from; nil when none was found (then there are no presets).
    public var path: String?
    public var problems: [ServicePresetReader.Problem]
  }

  public static func candidates(executable: String?, environment: [String: String]) -> [String] {
    var paths: [String] = []
    if let explicit = environment["OUTPOST_PRESETS"], !explicit.isEmpty { return [explicit] }
    if let executable {
      var directory = parent(of: executable)
      for _ in 0..<6 {
        let parent = parent(of: directory)
        paths.append((parent == "/" ? "" : parent) + "/" + relativePath)
        if parent == directory { break }
        directory = parent
      }
    }
    let dataDirectories =
      (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    paths += dataDirectories.map { $0 + "/outpost/presets.toml" }
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted }
  }

  /// `/a/b/c` → `/a/b`; `/a` → `/`.
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// The running program's own path (through `/proc/self/exe`, so a relative `argv[0]` or a
  /// symlink in `PATH` still finds the install's `share`).
  public static var executablePath: String? {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
  }

  /// Reads the first candidate that exists. A file that cannot be parsed gives its problems and
  /// no presets, never a crash.
  public static func load(
    tables: Set<String>, executable: String? = executablePath,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Loaded {
    guard
      let path = candidates(executable: executable, environment: environment).first(where: {
        FileManager.default.fileExists(atPath: $0)
      })
    else { return Loaded(presets: ServicePresets(), path: nil, problems: []) }
    return load(path: path, tables: tables)
  }

  public static func load(path: String, tables: Set<String>) -> Loaded {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
    else {
      return Loaded(presets: ServicePresets(), path: path, problems: [.init(line: 0, message: "cannot be read")])
    }
    do {
      let (presets, problems) = ServicePresetReader.read(try TOMLParser.parse(text), tables: tables)
      return Loaded(presets: presets, path: path, problems: problems)
    } catch {
      return Loaded(
        presets: ServicePresets(), path: path,
        problems: [.init(line: error.line, message: "not valid TOML: \(error.message)")])
    }
  }
}

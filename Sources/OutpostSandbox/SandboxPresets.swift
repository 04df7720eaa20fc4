import OutpostModel

/// What Outpost needs to reach this sandbox (`outpost-sandbox --print-presets`): no connector
/// carries the sandbox's address or keys as a default, so the demo, the scripts and a user
/// trying Outpost take them from here. Two parts, as Outpost takes them: `account add` flags for
/// the services an account names by address and key, and `[[agile.brands]]` entries for
/// config.toml, which overlay the shipped brands key by key.
public struct SandboxPresets: Sendable, Equatable {
  /// The sandbox's base address, without a trailing slash (`http://127.0.0.1:8080`).
  public var baseURL: String
  public var tasksAPIKey: String
  public var rppAPIKey: String
  /// The brands the sandbox serves (their ids; agile-network.md §1).
  public var brands: [String]

  public init(
    baseURL: String, tasksAPIKey: String = SandboxTasksConfiguration.defaultAPIKey,
    rppAPIKey: String = SandboxRPPConfiguration.defaultAPIKey, brands: [String] = Self.shippedBrands
  ) {
    var base = baseURL
    while base.hasSuffix("/") { base.removeLast() }
    self.baseURL = base
    self.tasksAPIKey = tasksAPIKey
    self.rppAPIKey = rppAPIKey
    self.brands = brands
  }

  /// The brand ids of the shipped presets file; none when it is not found.
  public static var shippedBrands: [String] {
    let table = SandboxKeycloakRealm.brandTable
    return ShippedPresets.load(tables: [table]).presets.presets(in: table).map(\.id)
  }

  /// The `outpost account add KIND` flags (besides name, username and password) that point an
  /// account of each kind at this sandbox, in a stable order.
  public var accountFlags: [(kind: String, flags: [String])] {
    [
      ("volleymanager", ["--base-url", baseURL]),
      ("tasks", ["--base-url", "\(baseURL)/tasks", "--option", "apiKey=\(tasksAPIKey)"]),
      (
        "rpp",
        [
          "--base-url", "\(baseURL)/rpp/v1", "--option", "firebase_api_key=\(rppAPIKey)",
          "--option", "firebase_auth_base=\(baseURL)/identitytoolkit.googleapis.com",
          "--option", "firebase_token_base=\(baseURL)/securetoken.googleapis.com",
        ]
      ),
      (
        "viiraa",
        ["--base-url", "\(baseURL)/viiraa", "--option", "apiKey=\(SandboxViiRaaConfiguration.defaultAPIKey)"]
      ),
      (
        "agility",
        [
          "--base-url", "\(baseURL)/agility", "--option", "apiKey=\(SandboxAgilityConfiguration.defaultAPIKey)",
          "--option", "webBaseURL=\(baseURL)/agility/app",
        ]
      ),
    ]
  }

  /// The flags for one kind; nil for a kind not configured by flags (the Agile Network: brands).
  public func flags(for kind: String) -> [String]? {
    accountFlags.first { $0.kind == kind }?.flags
  }

  /// The whole text `--print-presets` prints: TOML a user appends to config.toml, the flags in
  /// comments above it. The keys are the public, publishable ones every app of the service ships.
  public var text: String {
    var lines = [
      "# Outpost's settings for the sandbox at \(baseURL) (outpost-sandbox --print-presets).",
      "#",
      "# Accounts: outpost account add KIND --name NAME --username USER, then these flags:",
    ]
    for (kind, flags) in accountFlags {
      lines.append("#   \(kind): \(flags.map(Self.shellQuoted).joined(separator: " "))")
    }
    if brands.isEmpty {
      // Said, not left blank: the sandbox found no presets file, so it serves no brand either.
      lines += [
        "#   agilenetwork: no brands: Outpost's share/outpost/presets.toml was not found beside this",
        "#   program; set OUTPOST_PRESETS=/path/to/presets.toml (the sandbox serves no brand without it)",
        "",
      ]
    } else {
      lines += [
        "#   agilenetwork: --brand BRAND (one of the brands below; append them to config.toml)",
        "",
      ]
    }
    for brand in brands {
      lines += [
        "[[agile.brands]]",
        "id = \"\(brand)\"",
        "keycloak = { base_url = \"\(baseURL)/keycloak\" }",
        "api = { graphql_url = \"\(baseURL)/agile/\(brand)/graphql\","
          + " magic_link_url = \"\(baseURL)/agile/\(brand)/auth/magic-link\" }",
        "",
      ]
    }
    return lines.joined(separator: "\n")
  }

  /// A flag as a shell reads it back: quoted only when it holds something the shell would split.
  static func shellQuoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_=./:@,".contains($0) }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

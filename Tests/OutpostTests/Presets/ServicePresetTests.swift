import Foundation
import OutpostConnectors
import OutpostModel
import Testing

@testable import OutpostDaemon

/// Presets (the Agile Network's brands) come from configuration only: the shipped file, laid
/// under the user's `config.toml`, read with line-numbered problems.
@Suite struct ServicePresetTests {
  /// The repository's shipped file, found from this source file.
  static let shippedPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/outpost/presets.toml").path

  static func shipped() -> ServicePresets {
    ShippedPresets.load(path: shippedPath, tables: ["agile.brands"]).presets
  }

  @Test func theShippedFileListsFiveBrandsWithEverythingTheConnectorReads() throws {
    let loaded = ShippedPresets.load(path: Self.shippedPath, tables: ["agile.brands"])
    #expect(loaded.problems.isEmpty, "\(loaded.problems)")
    let brands = loaded.presets.presets(in: "agile.brands")
    #expect(brands.count == 5)
    for brand in brands {
      for key in [
        "name", "deep_link.scheme", "deep_link.universal_link_domain", "keycloak.base_url", "keycloak.realm",
        "keycloak.client_id", "api.graphql_url", "api.magic_link_url", "web_base_url", "colors.primary",
        "colors.accent",
      ] {
        #expect(brand[key]?.isEmpty == false, "\(brand.id) lacks \(key)")
      }
    }
    #expect(Set(brands.map(\.id)).count == 5)
    #expect(Set(brands.compactMap { $0["deep_link.scheme"] }).count == 5, "each brand has its own scheme (PD risk R6)")
  }

  @Test func nestedTablesBecomeDottedKeysAndProblemsNameTheirLine() throws {
    let text = """
      [[agile.brands]]
      id = "one"
      name = "One"
      keycloak = { realm = "r1", port = 8443, tls = true }

      [[agile.brands]]
      name = "no id"

      [[agile.brands]]
      id = "one"

      [[agile.brands]]
      id = "two"
      aliases = ["a", "b"]
      """
    let (presets, problems) = ServicePresetReader.read(try TOMLParser.parse(text), tables: ["agile.brands"])
    let one = try #require(presets.preset("one", in: "agile.brands"))
    #expect(
      one.values == [
        "id": "one", "name": "One", "keycloak.realm": "r1", "keycloak.port": "8443", "keycloak.tls": "true",
      ])
    #expect(problems.map(\.line) == [6, 9, 14])
    #expect(problems[0].message.contains("needs id"))
    #expect(problems[1].message.contains("listed twice"))
    #expect(problems[2].message.contains("aliases is a list"))
  }

  @Test func theUsersEntryOverlaysTheShippedOneKeyByKeyAndNewOnesFollow() throws {
    let shipped = Self.shipped()
    let first = try #require(shipped.presets(in: "agile.brands").first)
    let user = ServicePresets(tables: [
      "agile.brands": [
        ServicePreset(id: first.id, values: ["id": first.id, "keycloak.base_url": "http://127.0.0.1:9/keycloak"]),
        ServicePreset(id: "sixth", values: ["id": "sixth", "name": "Sixth"]),
      ]
    ])
    let merged = shipped.overlaid(with: user).presets(in: "agile.brands")
    #expect(merged.count == 6)
    #expect(merged[0]["keycloak.base_url"] == "http://127.0.0.1:9/keycloak")
    #expect(merged[0]["name"] == first["name"], "values the user did not give stay the shipped ones")
    #expect(merged[5].id == "sixth")
  }

  @Test func configTomlTakesBrandsBesideItsKeysAndRefusesABrokenOne() throws {
    let configuration = try DaemonConfiguration.parse(
      """
      [daemon]
      log_level = "debug"

      [[agile.brands]]
      id = "mine"
      name = "Mine"
      deep_link = { scheme = "mineapp" }
      """, path: "config.toml")
    #expect(configuration.presets.presets(in: "agile.brands").map(\.id) == ["mine"])
    #expect(ConnectorRegistry.linkSchemes(presets: configuration.presets).contains { $0.name == "mineapp" })
    #expect(throws: ConfigurationError.self) {
      try DaemonConfiguration.parse("[[agile.brands]]\nname = \"no id\"\n", path: "config.toml")
    }
  }

  @Test func everyShippedBrandBringsItsOwnLinkScheme() throws {
    let schemes = ConnectorRegistry.linkSchemes(presets: Self.shipped())
    for brand in Self.shipped().presets(in: "agile.brands") {
      let scheme = try #require(schemes.first { $0.name == brand["deep_link.scheme"] })
      #expect(scheme.appName == brand["name"])
      let parsed = DeepLink.parse("\(scheme.name)://expert/some-slug", schemes: schemes)
      #expect(parsed == .success(.service("\(scheme.name)://expert/some-slug")))
    }
  }

  @Test func theFileIsFoundBesideAnInstallOrAboveACheckoutsBuild() {
    let install = ShippedPresets.candidates(executable: "/opt/outpost/bin/outpostd", environment: [:])
    #expect(install.first == "/opt/outpost/share/outpost/presets.toml")
    #expect(install.contains("/usr/share/outpost/presets.toml"))
    let explicit = ShippedPresets.candidates(executable: "/x/bin/y", environment: ["OUTPOST_PRESETS": "/tmp/p.toml"])
    #expect(explicit == ["/tmp/p.toml"])
    let checkout = ShippedPresets.candidates(
      executable: "/src/outpost/.build/x86_64-unknown-linux-gnu/debug/outpostd", environment: [:])
    #expect(checkout.contains("/src/outpost/share/outpost/presets.toml"))
  }

  /// agile-network.md §1 and the PD: no brand value in code. Every value of every shipped brand
  /// (id, name, colours, scheme, domain, realm, client, addresses) is searched for in every
  /// Swift file under Sources/.
  @Test func noShippedBrandValueAppearsInSwiftSources() throws {
    let root = URL(fileURLWithPath: Self.shippedPath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let sources = root.appendingPathComponent("Sources")
    var texts: [(String, String)] = []
    let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
    for case let path as String in walker where path.hasSuffix(".swift") {
      texts.append((path, try String(contentsOfFile: sources.appendingPathComponent(path).path, encoding: .utf8)))
    }
    #expect(texts.count > 100)
    var hits: [String] = []
    for brand in Self.shipped().presets(in: "agile.brands") {
      for value in Set(brand.values.values) where value.count >= 4 {
        for (path, text) in texts where text.contains(value) { hits.append("\(path): \(value)") }
      }
    }
    #expect(hits.isEmpty, "brand values in code:\n\(hits.sorted().joined(separator: "\n"))")
  }
}

/// A brand's web addresses name the same things as its scheme's links.
@Suite struct BrandLinkTests {
  @Test func aBrandsWebAddressIsItsOwnLinkAndUnknownOnesOpenItsSite() throws {
    let brand = try #require(ServicePresetTests.shipped().presets(in: "agile.brands").first)
    let schemes = ConnectorRegistry.linkSchemes(presets: ServicePresetTests.shipped())
    let scheme = try #require(brand["deep_link.scheme"])
    let domain = try #require(brand["deep_link.universal_link_domain"])
    for address in ["https://\(domain)/content/abc123", "https://www.\(domain)/content/abc123?utm=x"] {
      #expect(DeepLink.parse(address, schemes: schemes) == .success(.service("\(scheme)://content/abc123")))
    }
    #expect(
      DeepLink.parse("https://\(domain)/expert/john-doe", schemes: schemes)
        == .success(.service("\(scheme)://expert/john-doe")))
    // Another page of the site stays a web address.
    #expect(
      DeepLink.parse("https://\(domain)/about", schemes: schemes)
        == .success(.web(url: "https://\(domain)/about", ids: [])))
    let own = try #require(schemes.first { $0.name == scheme })
    let base = try #require(brand["web_base_url"])
    #expect(own.webPage(for: "\(scheme)://content/abc123") == base + "/content/abc123")
  }
}

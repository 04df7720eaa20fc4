import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostRPCClient
import Testing

/// A user's install never talks to a test server by default (issue 48 §4): no connector names
/// the sandbox's address or keys, an account without them is refused with what to give, and
/// the sandbox prints its own values (`outpost-sandbox --print-presets`) for the demo and tests.
extension EndToEnd {
  @Suite struct NoSandboxDefaults {
    static let loopbackOrSandbox = ["127.0.0.1", "localhost", "sandbox", ":8080"]

    @Test func noConnectorDefaultPointsAtTheSandbox() {
      for descriptor in ConnectorRegistry.descriptors {
        let defaults = [descriptor.defaultBaseURL] + descriptor.options.compactMap(\.defaultValue)
        for value in defaults {
          #expect(
            !Self.loopbackOrSandbox.contains { value.lowercased().contains($0) },
            "\(descriptor.kind) defaults to \(value)")
        }
        // A kind without a public address says what to give instead.
        if descriptor.defaultBaseURL.isEmpty && descriptor.authentication != .secretURL {
          #expect(descriptor.baseURLRequired != nil, "\(descriptor.kind) has no address and no hint")
        }
      }
    }

    @Test func anAccountWithoutAddressOrKeyIsRefusedWithWhatToGive() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      func add(_ arguments: [String]) throws -> CommandResult {
        try runCommand(
          DaemonProcess.binary("outpost"), ["account", "add"] + arguments + ["--password-stdin"],
          environment: daemon.environment, input: "a-password\n")
      }
      for kind in ["viiraa", "agility", "tasks"] {
        let bare = try add([kind, "--username", "me@example.com"])
        #expect(bare.status != 0)
        #expect(bare.stderr.contains("--base-url"), "\(kind): \(bare.stderr)")
        #expect(bare.stderr.contains("supabase.co"), "\(kind): \(bare.stderr)")
        #expect(bare.stderr.contains("--print-presets"), "\(kind): \(bare.stderr)")

        let keyless = try add([kind, "--username", "me@example.com", "--base-url", "https://project.example"])
        #expect(keyless.status != 0)
        #expect(keyless.stderr.contains("--option apiKey="), "\(kind): \(keyless.stderr)")
      }
      // Nothing was tried against any server, and nothing was stored.
      #expect(try daemon.client().call(AccountsList.self, NoParams()).accounts.isEmpty)
    }

    @Test func theSandboxPrintsWhatPointsOutpostAtIt() throws {
      let sandbox = DaemonProcess.binary("outpost-sandbox")
      let printed = try runCommand(sandbox, ["--print-presets", "--port", "18080"])
      #expect(printed.status == 0, "\(printed.stderr)")
      let flags = printed.stdout.split(separator: "\n").filter { $0.hasPrefix("#   viiraa: ") }
      #expect(flags.count == 1)
      #expect(flags.first?.contains("--base-url http://127.0.0.1:18080/viiraa") == true, "\(printed.stdout)")
      #expect(flags.first?.contains("--option apiKey=sandbox-viiraa-anon-key") == true, "\(printed.stdout)")
      for kind in ["volleymanager", "tasks", "rpp", "agility"] {
        #expect(printed.stdout.contains("#   \(kind): --base-url http://127.0.0.1:18080"), "\(kind)")
      }

      // The brands part is config.toml Outpost reads: every shipped brand, pointed at the sandbox.
      let document = try TOMLParser.parse(printed.stdout)
      let (presets, problems) = ServicePresetReader.read(document, tables: ["agile.brands"])
      #expect(problems.isEmpty, "\(problems)")
      let brands = presets.presets(in: "agile.brands")
      let shipped = ShippedPresets.load(tables: ["agile.brands"]).presets.presets(in: "agile.brands").map(\.id)
      #expect(!shipped.isEmpty)
      #expect(brands.map(\.id) == shipped)
      for brand in brands {
        #expect(brand["keycloak.base_url"] == "http://127.0.0.1:18080/keycloak")
        #expect(brand["api.graphql_url"] == "http://127.0.0.1:18080/agile/\(brand.id)/graphql")
      }

      // It needs to know the port: a sandbox on port 0 has none yet.
      let portless = try runCommand(sandbox, ["--print-presets"])
      #expect(portless.status != 0)
      #expect(portless.stderr.contains("--port"), "\(portless.stderr)")
    }
  }
}

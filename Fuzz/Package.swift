// swift-tools-version:6.0
// libFuzzer targets for every parser that reads bytes from outside (issue 19). A package of its
// own so that the main build never compiles them; contrib/fuzz.sh builds one with
// -sanitize=fuzzer,address and runs it. See README.md here.

import Foundation
import PackageDescription

// A path dependency is named after its folder, which is whatever the clone was called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let outpost = root.lastPathComponent.lowercased()

func fuzzTarget(_ name: String, _ modules: [String]) -> Target {
  .executableTarget(
    name: "fuzz-\(name)",
    dependencies: ["FuzzSupport"] + modules.map { .product(name: $0, package: outpost) })
}

let package = Package(
  name: "outpost-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "OutpostModel", package: outpost)]),
    fuzzTarget("json", ["OutpostModel"]),
    fuzzTarget("rpc", ["OutpostModel", "OutpostRPC"]),
    fuzzTarget("ical", ["OutpostCalendar"]),
    fuzzTarget("toml", ["OutpostModel"]),
    fuzzTarget("config", ["OutpostDaemon"]),
    fuzzTarget("volleymanager", ["OutpostModel", "OutpostConnectors"]),
    fuzzTarget("rpp", ["OutpostModel", "OutpostConnectors"]),
    fuzzTarget("graphql", ["OutpostModel", "OutpostConnectors"]),
    fuzzTarget("supabase", ["OutpostModel", "OutpostCalendar", "OutpostConnectors"]),
    fuzzTarget("oidc", ["OutpostModel", "OutpostConnectors"]),
    fuzzTarget("caldav", ["OutpostConnectors"]),
    fuzzTarget("cgm-csv", ["OutpostConnectors"]),
    fuzzTarget("bank-csv", ["OutpostConnectors"]),
  ]
)

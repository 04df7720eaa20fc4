// swift-tools-version:6.1
// Outpost: a local-first desktop daemon. Targets follow the seams of ../shared/DESIGN.md; the
// dependency graph is one-way and `swift build --explicit-target-dependency-import-check error`
// keeps it honest.
import PackageDescription

let package = Package(
  name: "outpost",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "outpostd", targets: ["outpostd"]),
    .executable(name: "outpost", targets: ["outpost"]),
    .executable(name: "outpost-bench", targets: ["outpost-bench"]),
    .executable(name: "outpost-sandbox", targets: ["outpost-sandbox"]),
    .executable(name: "outpost-sync-bench", targets: ["outpost-sync-bench"]),
    // For the libFuzzer targets in Fuzz/ (a package of their own): the modules whose parsers
    // read bytes from outside. Nothing else links them as libraries.
    .library(name: "OutpostModel", targets: ["OutpostModel"]),
    .library(name: "OutpostRPC", targets: ["OutpostRPC"]),
    .library(name: "OutpostCalendar", targets: ["OutpostCalendar"]),
    .library(name: "OutpostConnectors", targets: ["OutpostConnectors"]),
    .library(name: "OutpostDaemon", targets: ["OutpostDaemon"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
    .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
    .package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0"),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    // Property tests (issue 19): random inputs with reproducible seeds, in swift-testing.
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    // The sandbox's Supabase projects run their data on a real PostgreSQL (issue 46).
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
  ],
  targets: [
    .target(name: "OutpostModel"),
    .target(name: "OutpostRPC", dependencies: ["OutpostModel"]),
    // The blocking client of the CLI, the benchmarks and the tests: POSIX calls only, no event
    // loop, so that the CLI does not link NIO (its start is part of every command's time).
    .target(name: "OutpostRPCClient", dependencies: ["OutpostModel", "OutpostRPC"]),
    .target(
      name: "OutpostRPCTransport",
      dependencies: [
        "OutpostRPC",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    .target(
      name: "OutpostStore",
      dependencies: [
        "OutpostModel", .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's own functions, to read a list's columns in place (Store+ItemColumns.swift).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]),
    // Connectors talk to upstream services over HTTP (AsyncHTTPClient on the daemon's event loops;
    // URLSession crashes at teardown on Linux, see PLATFORM.md); they never see the store or RPC.
    .target(
      name: "OutpostConnectors",
      dependencies: [
        "OutpostModel", "OutpostCalendar",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        // SHA-256 for PKCE (S256).
        .product(name: "Crypto", package: "swift-crypto"),
        // ID tokens' signatures against the provider's JWK set (OIDC Core §3.1.3.7).
        .product(name: "JWTKit", package: "jwt-kit"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        // RFC 4180 reading of the CGM export files (viiraa.md §4).
        .product(name: "CSV", package: "CSV.swift"),
      ]),
    // RFC 5545: the parser the iCal-feed connector needs, and the writer of calendars (SHA-256
    // content digests from swift-crypto).
    .target(
      name: "OutpostCalendar", dependencies: ["OutpostModel", .product(name: "Crypto", package: "swift-crypto")]),
    // The fake upstream services, served over real HTTP on loopback, for the demo and the tests.
    // OutpostCalendar only for its SHA-256 (Keycloak's PKCE S256 check), until swift-crypto.
    .target(
      name: "OutpostSandbox",
      dependencies: [
        // The shipped presets (the Agile Network's brands) and their TOML reader.
        "OutpostModel",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        // Real HMACs on VolleyManager's form fields; Supabase's HS256 access tokens.
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "JWTKit", package: "jwt-kit"),
        // RSA for Keycloak's RS256 tokens (jwt-kit builds it anyway; its signing API is async).
        .product(name: "CryptoExtras", package: "swift-crypto"),
        // The Agile Network gateway's parser, validator and executor (agile-network.md §5, §6).
        .product(name: "GraphQL", package: "GraphQL"),
        // GraphQL's `Map` keeps object members in an OrderedDictionary.
        .product(name: "OrderedCollections", package: "swift-collections"),
        // PostgREST's statements on the Supabase projects' PostgreSQL (Postgres/), and the
        // logger its client asks for.
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The sync engine: schedules, fetches through the connectors, records changes in the store.
    .target(
      name: "OutpostSync",
      dependencies: [
        "OutpostModel", "OutpostStore", "OutpostConnectors", .product(name: "Logging", package: "swift-log"),
      ]),
    // systemd's service protocol by hand and sd-bus loaded with dlopen at the first bus call:
    // loading libsystemd and the six libraries it needs was 0.5–0.7 ms of every start. Its header
    // comes from libsystemd-dev (contrib/setup.sh).
    .target(name: "CSystemd", linkerSettings: [.linkedLibrary("dl")]),
    // libsecret, loaded with dlopen at the first keyring call rather than at every start.
    .target(name: "CSecret", linkerSettings: [.linkedLibrary("dl")]),
    // glibc's malloc controls (arenas, trim), which the Glibc module leaves out.
    .systemLibrary(name: "CMemory"),
    .target(
      name: "OutpostDesktop",
      dependencies: ["OutpostModel", "CSystemd", "CSecret", .product(name: "Logging", package: "swift-log")]),
    // Reminders: rules, the reminders they give each item, and when the next one is due.
    .target(name: "OutpostReminders", dependencies: ["OutpostModel", "OutpostStore"]),
    // Status-bar snapshots: what the bars show, built from the store and written as files.
    .target(name: "OutpostSnapshot", dependencies: ["OutpostModel", "OutpostStore"]),
    .target(
      name: "OutpostDaemon",
      dependencies: [
        "OutpostModel", "OutpostRPC", "OutpostRPCTransport", "OutpostStore", "OutpostDesktop",
        "OutpostConnectors", "OutpostSync", "OutpostCalendar", "OutpostSnapshot", "OutpostReminders", "CMemory",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    .executableTarget(
      name: "outpostd",
      dependencies: [
        "OutpostDaemon", "OutpostModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
    ),
    .executableTarget(
      name: "outpost",
      dependencies: [
        "OutpostModel", "OutpostRPC", "OutpostRPCClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
    ),
    .executableTarget(
      name: "outpost-bench",
      dependencies: ["OutpostModel", "OutpostRPC", "OutpostRPCClient"],
    ),
    // The sync figures (ingest, no-change re-sync, queue replay, a first sync against the
    // sandbox). Separate from outpost-bench, which links the Swift runtime statically and so
    // cannot link Foundation-based GRDB.
    .executableTarget(
      name: "outpost-sync-bench",
      dependencies: [
        "OutpostModel", "OutpostStore", "OutpostSync", "OutpostConnectors", "OutpostSandbox", "OutpostCalendar",
        "OutpostRPC", "OutpostRPCClient", "OutpostReminders", .product(name: "Logging", package: "swift-log"),
      ],
    ),
    .executableTarget(
      name: "outpost-sandbox",
      dependencies: ["OutpostSandbox", .product(name: "ArgumentParser", package: "swift-argument-parser")],
    ),
    // What every test target shares: the check that contrib/setup.sh was run.
    .target(name: "OutpostTestSupport", path: "Tests/OutpostTestSupport"),
    .testTarget(
      name: "OutpostSandboxTests",
      dependencies: [
        "OutpostTestSupport", "OutpostSandbox", "OutpostConnectors", .product(name: "Crypto", package: "swift-crypto"),
        // Checks the sandbox Keycloak's RS256 signatures with the JWKS alone.
        .product(name: "CryptoExtras", package: "swift-crypto"),
      ]),
    .testTarget(
      name: "OutpostSnapshotTests",
      dependencies: ["OutpostTestSupport", "OutpostSnapshot", "OutpostStore", "OutpostModel"]),
    .testTarget(
      name: "OutpostRemindersTests",
      dependencies: ["OutpostReminders", "OutpostStore", "OutpostModel"]),
    .testTarget(
      name: "OutpostDesktopTests",
      dependencies: ["OutpostTestSupport", "OutpostDesktop", "OutpostModel"]),
    .testTarget(
      name: "OutpostCalendarTests",
      dependencies: [
        "OutpostTestSupport", "OutpostCalendar", "OutpostConnectors", "OutpostModel",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "OutpostTests",
      dependencies: [
        "OutpostTestSupport",
        "OutpostModel", "OutpostRPC", "OutpostRPCClient", "OutpostRPCTransport", "OutpostStore", "OutpostDesktop",
        "OutpostDaemon", "OutpostConnectors", "OutpostSandbox", "OutpostSync", "OutpostCalendar",
        "OutpostSnapshot", "OutpostReminders",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "GRDB", package: "GRDB.swift"),
        // The store's memory tests read SQLite's own counters.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        // The transport tests serve on an event loop group of their own.
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

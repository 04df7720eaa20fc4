import Foundation
import OutpostModel
import Testing

@Suite struct JSONValueTests {
  @Test func integersStayIntegersAndRoundTripExactly() throws {
    let text = #"{"a":1,"b":1.5,"c":[true,null,"x"],"d":{"e":-9007199254740993}}"#
    let value = try JSONCoding.decode(JSONValue.self, from: text.utf8)
    #expect(value["a"] == .int(1))
    #expect(value["b"] == .double(1.5))
    #expect(value["d"]?["e"] == .int(-9_007_199_254_740_993))
    #expect(String(decoding: try JSONCoding.encode(value), as: UTF8.self) == text)
  }

  @Test func nonASCIIStringsSurvive() throws {
    let value: JSONValue = ["name": "Zürich – Genève ⚽️"]
    let bytes = try JSONCoding.encode(value)
    #expect(try JSONCoding.decode(JSONValue.self, from: bytes) == value)
  }
}

@Suite struct OutpostPathsTests {
  @Test func xdgDefaults() throws {
    let paths = try OutpostPaths.resolve(environment: [
      "HOME": "/home/ref", "XDG_RUNTIME_DIR": "/run/user/1000",
    ])
    #expect(paths.socketPath == "/run/user/1000/outpost/outpost.sock")
    #expect(paths.databasePath == "/home/ref/.local/share/outpost/outpost.sqlite")
    #expect(paths.configFilePath == "/home/ref/.config/outpost/config.toml")
  }

  @Test func overridesWin() throws {
    let paths = try OutpostPaths.resolve(
      environment: [
        "HOME": "/home/ref", "XDG_RUNTIME_DIR": "/run/user/1000", "OUTPOST_RUNTIME_DIR": "/tmp/r",
        "OUTPOST_DATA_DIR": "/tmp/d", "OUTPOST_CONFIG_DIR": "/tmp/c", "XDG_DATA_HOME": "/x",
      ])
    #expect(paths.socketPath == "/tmp/r/outpost.sock")
    #expect(paths.dataDirectory == "/tmp/d")
    #expect(paths.configDirectory == "/tmp/c")
    let explicit = try OutpostPaths.resolve(environment: ["HOME": "/h"], socketOverride: "/tmp/s/o.sock")
    #expect(explicit.socketPath == "/tmp/s/o.sock")
    #expect(explicit.runtimeDirectory == "/tmp/s")
  }

  @Test func noRuntimeDirectoryIsAClearError() {
    #expect(throws: OutpostPaths.PathError.noRuntimeDirectory) {
      try OutpostPaths.resolve(environment: ["HOME": "/home/ref"])
    }
  }
}

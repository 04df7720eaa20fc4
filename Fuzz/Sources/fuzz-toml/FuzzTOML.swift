import FuzzSupport
import OutpostModel

/// The TOML reader behind config.toml and the shipped service presets: any text either parses
/// or names a line inside the file, and presets read from what parsed never trap.
@_cdecl("fuzz_toml_main")
public func fuzzTOML(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    let table: TOMLTable
    do throws(TOMLError) {
      table = try TOMLParser.parse(text)
    } catch {
      precondition(error.line >= 1 && error.line <= lines, "error on line \(error.line) of \(lines)")
      return
    }
    let (_, problems) = ServicePresetReader.read(table, tables: ["agile.brands", "a.b", "services.presets"])
    for problem in problems {
      precondition(problem.line >= 1 && problem.line <= lines, "preset problem on line \(problem.line) of \(lines)")
    }
  }
}

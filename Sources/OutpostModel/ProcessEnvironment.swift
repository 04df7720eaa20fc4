#if canImport(Glibc)
  import Glibc
#endif

/// The process environment read straight from `environ`: thin clients avoid Foundation's
/// ProcessInfo, whose loading costs start-up time.
public enum ProcessEnvironment {
  public static func current() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}

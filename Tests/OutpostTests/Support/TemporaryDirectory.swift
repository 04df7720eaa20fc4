import Foundation

/// A fresh directory under /tmp, removed when the value is deinitialised. Short paths on
/// purpose: Unix socket paths are limited to 107 bytes.
final class TemporaryDirectory: Sendable {
  let path: String

  init(_ prefix: String = "op") {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(result != nil, "mkdtemp failed")
    path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }

  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Replaces one calendar file atomically, and only when its bytes change: a temporary file in
/// the same folder (hidden and not `.ics`, so vdir readers skip it), then a rename, so readers
/// see the old file or the new one and never half of one. Plain POSIX calls: a vdir holds
/// thousands of files, and Foundation's file API costs milliseconds per file here.
enum CalendarFileWriter {
  /// Returns whether it wrote.
  static func replace(_ path: String, with bytes: [UInt8]) throws -> Bool {
    if holds(path, bytes) { return false }
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let temporary = String(path[..<slash]) + "." + String(path[slash...]) + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("create", temporary) }
    var written = 0
    let ok = bytes.withUnsafeBytes { buffer -> Bool in
      while written < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
      }
      return true
    }
    let error = ok ? nil : failure("write", temporary)
    close(descriptor)
    if let error {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = failure("rename", path)
      unlink(temporary)
      throw error
    }
    return true
  }

  /// Whether the file at `path` holds exactly `bytes` (a size check first, then the bytes).
  static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, Int(status.st_size) == bytes.count else { return false }
    var existing = [UInt8](repeating: 0, count: bytes.count)
    var done = 0
    while done < existing.count {
      let count = existing.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      done += count
    }
    return existing == bytes
  }

  private static func failure(_ call: String, _ path: String) -> CocoaError {
    let code = errno
    return CocoaError(
      .fileWriteUnknown,
      userInfo: [
        NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(.init(rawValue: code) ?? .EIO),
        NSLocalizedDescriptionKey: "\(call) \(path): \(String(cString: strerror(code)))",
      ])
  }
}

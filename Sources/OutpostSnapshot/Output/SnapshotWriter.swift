import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the snapshot files into one directory (`$XDG_RUNTIME_DIR/outpost/` by default). Each
/// file is replaced atomically (a temporary file in the same directory, flushed, renamed over
/// the old one), so a bar reading at any moment gets the old file or the new one, never a part;
/// and only when its bytes differ, so an unchanged snapshot touches nothing and signals no bar.
public struct SnapshotWriter: Sendable {
  public let directory: String
  public var formats: [SnapshotFormat]
  /// Run after any file changed; nil for none.
  public var postChangeCommand: PostChangeCommand?

  public init(
    directory: String, formats: [SnapshotFormat] = SnapshotFormat.allCases, postChangeCommand: PostChangeCommand? = nil
  ) {
    self.directory = directory
    self.formats = formats
    self.postChangeCommand = postChangeCommand
  }

  /// What one update did. Nothing in it is thrown: the daemon logs it and carries on.
  public struct Update: Sendable, Equatable {
    /// The files rewritten, in `formats` order.
    public var changed: [SnapshotFormat]
    public var writeError: SnapshotWriteError?
    /// How the post-change command ended, when it ran.
    public var command: PostChangeCommand.Outcome?
  }

  /// Writes what changed, then runs the post-change command if anything did (waiting for it at
  /// most its time limit, without blocking a thread).
  public func update(_ snapshot: Snapshot) async -> Update {
    var update = Update(changed: [], writeError: nil, command: nil)
    do {
      update.changed = try write(snapshot)
    } catch {
      update.writeError = error
    }
    if !update.changed.isEmpty, let postChangeCommand {
      update.command = await postChangeCommand.run()
    }
    return update
  }

  /// Writes each file whose bytes differ from what is on disk; returns those rewritten. Stops at
  /// the first failure (the files written before it stay, each whole).
  public func write(_ snapshot: Snapshot) throws(SnapshotWriteError) -> [SnapshotFormat] {
    try prepareDirectory()
    var changed: [SnapshotFormat] = []
    for format in formats where try replace(format.fileName, with: format.render(snapshot)) {
      changed.append(format)
    }
    return changed
  }

  public func path(of format: SnapshotFormat) -> String { directory + "/" + format.fileName }

  /// Creates the directory and missing parents, 0700: it may be the socket's directory too.
  private func prepareDirectory() throws(SnapshotWriteError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue { return }
    var prefix = directory.hasPrefix("/") ? "" : "."
    for part in directory.split(separator: "/") {
      prefix += "/" + part
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw SnapshotWriteError(path: prefix, call: "mkdir", code: errno)
      }
    }
  }

  /// Returns whether it wrote. The temporary file is created 0600 (mkstemp) and made
  /// close-on-exec (a command spawned meanwhile must not inherit it; mkostemp is hidden behind
  /// _GNU_SOURCE, and the post-change command closes every inherited descriptor anyway).
  private func replace(_ name: String, with bytes: [UInt8]) throws(SnapshotWriteError) -> Bool {
    let path = directory + "/" + name
    if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) { return false }
    var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw SnapshotWriteError(path: directory, call: "mkstemp", code: errno) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var failure: SnapshotWriteError?
    var offset = 0
    while offset < bytes.count, failure == nil {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        failure = SnapshotWriteError(path: temporary, call: "write", code: written < 0 ? errno : EIO)
      }
    }
    // fsync before the rename: on a disk-backed override directory, a crash must not leave an
    // empty file under the real name. (The runtime directory is tmpfs, where this is free.)
    if failure == nil && fsync(descriptor) != 0 {
      failure = SnapshotWriteError(path: temporary, call: "fsync", code: errno)
    }
    close(descriptor)
    if failure == nil && rename(temporary, path) != 0 {
      failure = SnapshotWriteError(path: path, call: "rename", code: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    return true
  }
}

public struct SnapshotWriteError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var call: String
  public var code: CInt

  public var description: String {
    "cannot write the status-bar snapshot \(path): \(call): \(String(cString: strerror(code)))"
  }
}

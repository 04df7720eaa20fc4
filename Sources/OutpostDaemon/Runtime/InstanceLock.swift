#if canImport(Glibc)
  import Glibc
#endif

/// One outpostd per runtime directory: an exclusive `flock` on `outpostd.lock`, held for the
/// process's life (the kernel releases it when the process dies, even by `kill -9`, so a stale
/// lock file never blocks a restart). The file holds the owner's pid for the error message.
final class InstanceLock {
  private let fd: CInt

  enum Failure: Error, Equatable {
    case heldBy(pid: Int32?)
    case cannotOpen(path: String, errno: CInt)
  }

  init(path: String) throws(Failure) {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      var buffer = [UInt8](repeating: 0, count: 32)
      let count = read(fd, &buffer, buffer.count)
      close(fd)
      let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
      throw .heldBy(pid: Int32(text.trimmingCharacters(in: [" ", "\n"])))
    }
    ftruncate(fd, 0)
    let pid = Array("\(getpid())\n".utf8)
    _ = pwrite(fd, pid, pid.count, 0)
    self.fd = fd
  }

  deinit { close(fd) }
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    String(drop(while: set.contains).reversed().drop(while: set.contains).reversed())
  }
}

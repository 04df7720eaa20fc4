import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Prepares the directories outpostd writes to. The runtime directory holds the socket, so it
/// must be private: created 0700, and refused if another user owns it.
enum RuntimeDirectory {
  enum Failure: Error, CustomStringConvertible {
    case cannotCreate(path: String, errno: CInt)
    case notOwned(path: String, owner: UInt32)
    case notADirectory(path: String)
    case notASocket(path: String)
    case socketInUse(path: String)

    var description: String {
      switch self {
      case .cannotCreate(let path, let code): "cannot create \(path): \(String(cString: strerror(code)))"
      case .notOwned(let path, let owner):
        "\(path) belongs to uid \(owner), not to you; refusing to put the socket there"
      case .notADirectory(let path): "\(path) exists and is not a directory"
      case .notASocket(let path): "\(path) exists and is not a socket; move it away and start again"
      case .socketInUse(let path):
        "another process listens on \(path), probably systemd's outpostd.socket, which starts outpostd on demand. "
          + "Use that (`outpost status`), or stop it first (`systemctl --user stop outpostd.socket`) to run outpostd by hand."
      }
    }
  }

  /// Creates `path` and its parents as needed; the last component gets `mode`. An existing
  /// private directory must be owned by us; its mode is tightened to `mode` when `private`.
  static func prepare(_ path: String, mode: mode_t, isPrivate: Bool) throws(Failure) {
    var components: [String] = []
    for part in path.split(separator: "/") {
      components.append(String(part))
      let prefix = (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
      let isLast = components.count == path.split(separator: "/").count
      if mkdir(prefix, isLast ? mode : 0o700) != 0 && errno != EEXIST {
        throw .cannotCreate(path: prefix, errno: errno)
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { throw .cannotCreate(path: path, errno: errno) }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notADirectory(path: path) }
    if isPrivate {
      guard info.st_uid == getuid() else { throw .notOwned(path: path, owner: info.st_uid) }
      if info.st_mode & 0o077 != 0 { chmod(path, mode) }
    }
  }

  /// Removes a socket left behind by a daemon that died; call only while holding the instance
  /// lock. Anything that is not a socket is left alone and reported, and so is a socket that
  /// something still listens on (systemd's socket unit holds it without holding our lock).
  static func removeStaleSocket(_ path: String) throws(Failure) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard (info.st_mode & S_IFMT) == S_IFSOCK else { throw .notASocket(path: path) }
    if isListening(path) { throw .socketInUse(path: path) }
    unlink(path)
  }

  /// Whether a listening Unix socket is bound to `path`, from /proc/net/unix (connecting to
  /// find out would make systemd start a daemon).
  static func isListening(_ path: String) -> Bool {
    guard let table = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) else { return false }
    let acceptingConnections = 0x10000  // __SO_ACCEPTCON
    for line in table.split(separator: "\n").dropFirst() {
      let columns = line.split(separator: " ", omittingEmptySubsequences: true)
      guard columns.count >= 8, columns[7...].joined(separator: " ") == path,
        let flags = Int(columns[3], radix: 16)
      else { continue }
      if flags & acceptingConnections != 0 { return true }
    }
    return false
  }
}

import Foundation
import OutpostModel
import OutpostRPC

/// The line `outpost sync --wait` keeps up to date on the terminal while a long sync runs
/// ("books: page 12, 5,400 rows so far…"): once a second it asks `sync.status` on a connection of
/// its own, the request that waits holding the other. Only on a terminal; erased at the end.
final class SyncProgressLine: @unchecked Sendable {
  private let account: String?
  private let socket: String?
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var stopped = false
  private var shown = false
  private var thread: Thread?

  init(account: String?, socket: String?) {
    self.account = account
    self.socket = socket
  }

  func start() {
    let thread = Thread { [self] in run() }
    self.thread = thread
    thread.start()
  }

  /// Ends the line (idempotent): nothing is written after this returns.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    guard !stopped else { return }
    stopped = true
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    condition.broadcast()
  }

  private func run() {
    // Asked at most once a second; the first after a second, so a quick sync shows nothing.
    var connection: DaemonConnection?
    while true {
      condition.lock()
      _ = condition.wait(until: Date().addingTimeInterval(1))
      let done = stopped
      condition.unlock()
      if done { return }
      if connection == nil { connection = try? GlobalOptions.connect(socket: socket) }
      guard let status = try? connection?.call(SyncStatusMethod.self, NoParams()) else {
        connection = nil
        continue
      }
      let lines = status.accounts.filter { entry in
        entry.progress != nil && (account == nil || entry.account.lowercased() == account?.lowercased())
      }.map { entry in
        localized(.syncProgress, entry.account, "\(entry.progress?.pages ?? 0)", "\(entry.progress?.rows ?? 0)")
      }
      guard !lines.isEmpty else { continue }
      condition.lock()
      if !stopped {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + lines.joined(separator: "; ")).utf8))
        shown = true
      }
      condition.unlock()
    }
  }
}

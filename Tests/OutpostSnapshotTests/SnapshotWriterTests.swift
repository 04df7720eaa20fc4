import Foundation
import OutpostModel
import OutpostSnapshot
import Synchronization
import Testing

@Suite(.offThePool) struct SnapshotWriterTests {
  func snapshot(_ title: String, pending: Int = 0) -> Snapshot {
    let item = StoredItem(
      number: 1, accountID: "a", item: assignment("a", title, at: Clock.local(2026, 11, 21, 19, 30)),
      firstSeenAt: Clock.now, updatedAt: Clock.now, removedAt: nil)
    let account = SnapshotInput.Account(
      id: "a", name: "volley", kind: "volleymanager", state: .ok, lastSuccessfulSync: Clock.now,
      pendingActions: pending)
    return SnapshotBuilder(input: SnapshotInput(accounts: [account], items: [item]), options: Clock.options)
      .snapshot(at: Clock.now)
  }

  @Test func writesEveryFileIntoAPrivateDirectory() throws {
    let root = TemporaryDirectory()
    let writer = SnapshotWriter(directory: root.file("run/outpost"))
    let changed = try writer.write(snapshot("Game"))
    #expect(changed == SnapshotFormat.allCases)
    var info = stat()
    #expect(stat(writer.directory, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o700)
    for format in SnapshotFormat.allCases {
      let bytes = try #require(FileManager.default.contents(atPath: writer.path(of: format)))
      #expect(Array(bytes) == format.render(snapshot("Game")))
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: writer.directory).sorted()
    #expect(names == ["i3status-rust.json", "line.txt", "snapshot.json", "waybar.json"], "no temporary file left")
  }

  @Test func unchangedContentIsNotRewritten() throws {
    let root = TemporaryDirectory()
    let writer = SnapshotWriter(directory: root.path)
    _ = try writer.write(snapshot("Game"))
    func identity(_ format: SnapshotFormat) -> [Int] {
      var info = stat()
      stat(writer.path(of: format), &info)
      return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }
    // Not a sleep so that a rewrite would show a later mtime: the files are dated back to a
    // fixed past time, which any rewrite replaces with now.
    for format in SnapshotFormat.allCases {
      var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, writer.path(of: format), &times, 0) == 0)
    }
    let before = SnapshotFormat.allCases.map(identity)
    #expect(try writer.write(snapshot("Game")).isEmpty)
    #expect(SnapshotFormat.allCases.map(identity) == before)
    // A change that only the tooltip and snapshot.json carry rewrites just those files.
    #expect(try writer.write(snapshot("Game", pending: 2)) == [.json, .waybar])
    #expect(identity(.line) == before[3] && identity(.i3rs) == before[2])
  }

  @Test func aReaderNeverSeesAPartialFile() async throws {
    let root = TemporaryDirectory()
    let writer = SnapshotWriter(directory: root.path)
    // Titles of very different lengths, so a torn read could not go unnoticed.
    let snapshots = (0..<40).map { snapshot(String(repeating: "Game \($0) ", count: 1 + ($0 % 7) * 300)) }
    _ = try writer.write(snapshots[0])
    // A real thread, not a task: a busy loop must not hold one of the few cooperative threads.
    let reader = ReaderThread(paths: [writer.path(of: .waybar), writer.path(of: .json)])
    reader.start()
    for round in 1...150 {
      #expect(try writer.write(snapshots[round % snapshots.count]).contains(.waybar))
    }
    let (reads, failures) = reader.stop()
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    #expect(reads > 0)
  }

  @Test func thePostChangeCommandRunsOnlyAfterAChange() async throws {
    let root = TemporaryDirectory()
    let marker = root.file("signalled")
    let writer = SnapshotWriter(
      directory: root.file("out"), postChangeCommand: PostChangeCommand("echo noise; echo x >> '\(marker)'"))
    let first = await writer.update(snapshot("Game"))
    #expect(first.changed.count == 4 && first.writeError == nil)
    #expect(first.command == .exited(0))
    let second = await writer.update(snapshot("Game"))
    #expect(second.changed.isEmpty && second.command == nil)
    #expect(try String(contentsOfFile: marker, encoding: .utf8) == "x\n")
  }

  @Test func aFailingOrHangingCommandIsReportedNotThrown() async throws {
    #expect(await PostChangeCommand("exit 3").run() == .exited(3))
    // `sleep infinity`, not `sleep 30`: when the test process's threads are all busy (a fresh
    // CI machine once stalled them for 30 s) a command that ends by itself could end first.
    #expect(await PostChangeCommand("sleep infinity", timeout: .milliseconds(300)).run() == .timedOut)
    // A command stopped while it runs (here by cancelling its task, which the daemon does at
    // shutdown; the time limit takes the same path), with a child in the background: both must
    // be gone once the outcome is in: the whole process group is killed, not only the shell.
    // The test waits on the command's own pid file, not on a clock.
    let root = TemporaryDirectory()
    let pids = root.file("pids")
    let command = PostChangeCommand(
      "sleep infinity & echo $! > \(pids).tmp; echo $$ >> \(pids).tmp; mv \(pids).tmp \(pids); wait",
      timeout: .seconds(600))
    // The watch is in place before the command starts; it wakes on the rename into place.
    let watch = try #require(FileWatch(path: root.path))
    let running = Task { await command.run() }
    // A limit no healthy run reaches: in a loaded full run the command's task waited over a
    // minute for a thread of the pool (issue 54); a command that never starts still ends it.
    let appeared = await blocking { watch.wait(limit: .seconds(600)) { FileManager.default.fileExists(atPath: pids) } }
    try #require(appeared, "the command never wrote its pid file")
    running.cancel()
    let outcome = await running.value
    #expect(outcome == .timedOut)
    let started = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
    #expect(started.count == 2)
    for pid in started { #expect(!Self.isRunning(pid), "process \(pid) of the command survived its time limit") }
    #expect(await PostChangeCommand("kill -TERM $$").run() == .signalled(SIGTERM))
  }

  /// Alive and not a zombie (a killed background child may wait for its new parent to reap it).
  /// The kill is asynchronous, so a process still dying is waited for: on its pidfd, which
  /// becomes readable once it has ended, with a deadline that can only fail the test.
  static func isRunning(_ pid: Int32) -> Bool {
    !ChildProcess.waitForEnd(ofProcess: pid, upTo: .seconds(30))
  }

  @Test func aDirectoryThatCannotBeCreatedIsAnError() async throws {
    let root = TemporaryDirectory()
    try Data("a file".utf8).write(to: URL(fileURLWithPath: root.file("blocker")))
    let writer = SnapshotWriter(directory: root.file("blocker/outpost"))
    #expect(throws: SnapshotWriteError.self) { try writer.write(snapshot("Game")) }
    let update = await writer.update(snapshot("Game"))
    #expect(update.writeError != nil && update.changed.isEmpty)
  }
}

/// Reads files in a loop until stopped, recording every read that is not whole JSON.
final class ReaderThread: Sendable {
  let paths: [String]
  let running = Atomic<Bool>(true)
  let result = Mutex<(reads: Int, failures: [String])>((0, []))
  let finished = DispatchSemaphore(value: 0)

  init(paths: [String]) { self.paths = paths }

  func start() {
    let thread = Thread { [self] in
      var reads = 0
      var failures: [String] = []
      while running.load(ordering: .acquiring) {
        for path in paths {
          guard let data = FileManager.default.contents(atPath: path) else {
            failures.append("\(path): missing")
            continue
          }
          reads += 1
          if data.isEmpty || (try? JSONSerialization.jsonObject(with: data)) == nil {
            failures.append("\(path): \(data.count) bytes, not JSON")
          }
        }
      }
      result.withLock { $0 = (reads, failures) }
      finished.signal()
    }
    thread.start()
  }

  func stop() -> (reads: Int, failures: [String]) {
    running.store(false, ordering: .releasing)
    finished.wait()
    return result.withLock { $0 }
  }
}

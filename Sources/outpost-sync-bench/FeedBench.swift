import Foundation
import OutpostRPC
import OutpostRPCClient
import OutpostStore

#if canImport(Glibc)
  import Glibc
#endif

extension SyncBench {
  /// The feed as a calendar program polls it: the real `outpostd` (next to this binary) serving
  /// a store of 10,000 events, one full GET, then 1,000 GETs with `If-None-Match` on one
  /// keep-alive connection, timed from here over loopback TCP.
  static func feed(in directory: URL) async throws {
    let daemonPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("outpostd").path
    guard FileManager.default.isExecutableFile(atPath: daemonPath) else {
      print("  feed: skipped, no outpostd next to this binary (\(daemonPath)); contrib/bench.sh builds it")
      return
    }
    let data = directory.appendingPathComponent("feed-data")
    let runtime = directory.appendingPathComponent("feed-run")
    let config = directory.appendingPathComponent("feed-config")
    for folder in [data, runtime, config] {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let store = try Store.open(path: data.appendingPathComponent("outpost.sqlite").path)
    let id = UUID().uuidString.lowercased()
    try await account(store, id: id)
    let engine = engine(store)
    await engine.register(accountID: id, name: "bench", source: BenchSource(items: (0..<10_000).map(BenchSource.item)))
    _ = await engine.sync(accountID: id)
    // Waiting for a login: the daemon neither syncs it nor watches the keyring for it, so the
    // idle figure below is the reminders' and the feed's alone.
    _ = try await store.setAccountState(id: id, state: .needsLogin, reason: .verbatim("benchmark"), at: Date())
    try store.close()

    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: daemonPath)
    daemon.arguments = ["--log-level", "info"]
    // No session bus: the benchmark must not touch the user's keyring.
    daemon.environment = [
      "PATH": "/usr/bin:/bin", "HOME": directory.path, "OUTPOST_DATA_DIR": data.path,
      "OUTPOST_RUNTIME_DIR": runtime.path, "OUTPOST_CONFIG_DIR": config.path,
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
    ]
    let logPath = directory.appendingPathComponent("outpostd.log").path
    FileManager.default.createFile(atPath: logPath, contents: nil)
    let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    daemon.standardOutput = log
    daemon.standardError = log
    try daemon.run()
    defer {
      daemon.terminate()
      daemon.waitUntilExit()
    }
    let socket = runtime.appendingPathComponent("outpost.sock").path
    var address: String?
    for _ in 0..<200 where address == nil {
      if let client = try? RPCClient(socketPath: socket, timeout: .seconds(5)),
        let feeds = try? client.call(CalendarURL.self, NoParams()).feeds
      {
        address = feeds.first { $0.calendar == "all" }?.http
      }
      if address == nil { try await Task.sleep(for: .milliseconds(50)) }
    }
    guard let address, let url = URL(string: address), let port = url.port else {
      let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
      print("  feed: skipped, outpostd did not serve the feed; its log:\n\(text.suffix(1500))")
      return
    }
    let connection = try LoopbackHTTPConnection(port: port)
    let request = "GET \(url.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    // The calendar is rendered after start-up; the first GET waits for it if need be.
    var full = try connection.exchange(request + "\r\n")
    for _ in 0..<100 where full.status != 200 || full.body < 1_000_000 {
      try await Task.sleep(for: .milliseconds(100))
      full = try connection.exchange(request + "\r\n")
    }
    // Start-up regenerates the calendars (and so empties the feed's cache) once: let it pass.
    try await Task.sleep(for: .seconds(3))
    let first = try await timed { full = try connection.exchange(request + "\r\n") }
    print("  feed, full GET of 10,000 events after start-up: \(ms(first)), \(full.body / 1024) KiB")
    var fullSamples: [Duration] = []
    for _ in 0..<20 { fullSamples.append(try await timed { full = try connection.exchange(request + "\r\n") }) }
    fullSamples.sort()
    print("  feed, full GET again (cached), median of 20: \(ms(fullSamples[10]))")
    guard let etag = full.etag else {
      print("  feed: no ETag in the reply")
      return
    }
    let conditional = request + "If-None-Match: \(etag)\r\n\r\n"
    var statuses: [Int: Int] = [:]
    var samples: [Duration] = []
    let clock = ContinuousClock()
    let total = try await timed {
      for _ in 0..<1_000 {
        let start = clock.now
        statuses[try connection.exchange(conditional).status, default: 0] += 1
        samples.append(clock.now - start)
      }
    }
    samples.sort()
    let daemonLog = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    for line in daemonLog.split(separator: "\n") where line.contains("vdir: wrote") {
      print("  outpostd at start: \(line.split(separator: "calendar: ").last ?? "")")
    }
    print(
      "  feed, 1,000 GETs with If-None-Match on one connection: \(ms(total)) in all, median \(ms(samples[500])), "
        + "p99 \(ms(samples[990])); replies: \(statuses.sorted { $0.key < $1.key })")
    // Idle with thousands of reminders pending: the daemon should sleep until the next one.
    let seconds = Int(ProcessInfo.processInfo.environment["OUTPOST_BENCH_IDLE_SECONDS"] ?? "") ?? 60
    if let client = try? RPCClient(socketPath: socket, timeout: .seconds(10)),
      let pending = try? client.call(RemindersList.self, .init()).reminders
    {
      let next = pending.map { $0.snoozedUntil ?? $0.dueAt }.min()
      try await Task.sleep(for: .seconds(2))
      let before = ContextSwitches.sample(pid: daemon.processIdentifier)
      try await Task.sleep(for: .seconds(seconds))
      let after = ContextSwitches.sample(pid: daemon.processIdentifier)
      // libdispatch's workqueue monitor (Linux) wakes its worker thread once a second in any
      // process that used one: the floor for Swift concurrency here, counted apart.
      let monitor = ContextSwitches.delta(before, after) { $0.hasSuffix("overcommit") }
      let others = ContextSwitches.delta(before, after) { !$0.hasSuffix("overcommit") }
      print(
        "  outpostd idle with \(pending.count) pending reminders (next due \(next.map { "in \(Int($0.timeIntervalSinceNow)) s" } ?? "never")): "
          + "\(others) wakeups in \(seconds) s on its own threads, plus \(monitor) of libdispatch's 1 Hz workqueue monitor"
      )
    }
  }
}

/// A blocking HTTP/1.1 client on one keep-alive TCP connection to 127.0.0.1: just enough to
/// time a server's replies (status, ETag, body length), without a client library's overhead.
final class LoopbackHTTPConnection {
  let descriptor: Int32

  init(port: Int) throws {
    descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot connect to port \(port)"])
    }
  }

  deinit { close(descriptor) }

  struct Reply {
    var status: Int
    var etag: String?
    var body: Int
  }

  func exchange(_ request: String) throws -> Reply {
    var bytes = Array(request.utf8)
    guard send(descriptor, &bytes, bytes.count, 0) == bytes.count else { throw failure("send") }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var received: [UInt8] = []
    var headerEnd: Int?
    while headerEnd == nil {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { throw failure("recv") }
      received += buffer[0..<count]
      headerEnd = Self.find([13, 10, 13, 10], in: received)
    }
    let head = String(decoding: received[0..<headerEnd!], as: UTF8.self).lowercased()
    let lines = head.split(separator: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    func header(_ name: String) -> String? {
      lines.first { $0.hasPrefix(name + ":") }.map {
        String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
      }
    }
    let length = Int(header("content-length") ?? "0") ?? 0
    var body = received.count - headerEnd! - 4
    while body < length {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { throw failure("recv") }
      body += count
    }
    // The ETag as sent (quotes and case matter): read it from the raw bytes.
    let raw = String(decoding: received[0..<headerEnd!], as: UTF8.self).split(separator: "\r\n")
    let etag = raw.first { $0.lowercased().hasPrefix("etag:") }.map {
      String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces)
    }
    return Reply(status: status, etag: etag, body: length)
  }

  private func failure(_ call: String) -> Error {
    CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(call): \(String(cString: strerror(errno)))"])
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in 0...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle)
    {
      return index
    }
    return nil
  }
}

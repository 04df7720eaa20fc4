import Dispatch
import OutpostModel
import OutpostRPC
import OutpostRPCClient
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Measures outpostd and the outpost CLI against a raw socket ping-pong floor, all in one run on
/// the same machine, and prints the figures. Targets (from the foundation issue): `outpost status`
/// median under 10 ms; single-connection p50 within 2x the floor; no idle wakeups without a
/// watchdog; idle RSS under 30 MB. It reports; it does not assert.
///
///   outpost-bench [--bin-dir DIR] [--idle-seconds N] [--iterations N]
@main
struct Bench {
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--pingpong-server", arguments.count == 2 { PingPong.serve(path: arguments[1]) }
    var binDirectory = String(
      CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    )
    var idleSeconds = 30
    var iterations = 5000
    while let flag = arguments.first {
      arguments.removeFirst()
      guard let value = arguments.first else { usage() }
      arguments.removeFirst()
      switch flag {
      case "--bin-dir": binDirectory = value
      case "--idle-seconds": idleSeconds = Int(value) ?? idleSeconds
      case "--iterations": iterations = Int(value) ?? iterations
      default: usage()
      }
    }
    if binDirectory.isEmpty { binDirectory = "." }
    run(binDirectory: binDirectory, idleSeconds: idleSeconds, iterations: iterations)
  }

  static func usage() -> Never {
    print("usage: outpost-bench [--bin-dir DIR] [--idle-seconds N] [--iterations N]")
    exit(64)
  }

  static func run(binDirectory: String, idleSeconds: Int, iterations: Int) {
    var template = Array("/tmp/outpost-bench-XXXXXX".utf8CString)
    let base = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    defer { _ = system("rm -rf '\(base)'") }
    print("outpost-bench: binaries from \(binDirectory), scratch \(base)")

    // 1. The floor.
    let pingPath = base + "/ping.sock"
    let pingServer = spawn(CommandLine.arguments[0], ["--pingpong-server", pingPath], environment: [:])
    let floor = PingPong.measure(path: pingPath, iterations: iterations)
    kill(pingServer, SIGTERM)
    waitForExit(pingServer)
    report("raw socket ping-pong (floor)", floor)

    // 2. The daemon, fresh.
    var environment = ProcessEnvironment.current()
    for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "JOURNAL_STREAM"] {
      environment[key] = nil
    }
    environment["OUTPOST_RUNTIME_DIR"] = base + "/run"
    environment["OUTPOST_DATA_DIR"] = base + "/data"
    environment["OUTPOST_CONFIG_DIR"] = base + "/config"
    let socketPath = base + "/run/outpost.sock"
    let daemon = spawn(binDirectory + "/outpostd", [], environment: environment, output: base + "/outpostd.log")
    defer {
      kill(daemon, SIGTERM)
      waitForExit(daemon)
    }
    guard let probe = waitForDaemon(socketPath) else {
      print("outpostd did not start; see its log:\n" + (readFile(base + "/outpostd.log") ?? ""))
      exit(1)
    }
    _ = probe
    usleep(500_000)
    let fresh = ProcessSample.read(pid: daemon)

    // 3. One connection, sequential calls.
    let client = try! RPCClient(socketPath: socketPath)
    for _ in 0..<500 { _ = try! client.call(DaemonHello.self, .init()) }
    var hello = Samples()
    for _ in 0..<iterations {
      let start = nowNanoseconds()
      _ = try! client.call(DaemonHello.self, .init())
      hello.add(nowNanoseconds() - start)
    }
    report("RPC daemon.hello, one connection", hello)
    var status = Samples()
    for _ in 0..<(iterations / 5) {
      let start = nowNanoseconds()
      _ = try! client.call(DaemonStatus.self, NoParams())
      status.add(nowNanoseconds() - start)
    }
    report("RPC daemon.status, one connection", status)

    // 4. 64 concurrent clients.
    let perClient = max(50, iterations / 10)
    let collected = Mutex(Samples())
    let started = nowNanoseconds()
    DispatchQueue.concurrentPerform(iterations: 64) { _ in
      let client = try! RPCClient(socketPath: socketPath)
      var local = Samples()
      for _ in 0..<perClient {
        let start = nowNanoseconds()
        _ = try! client.call(DaemonHello.self, .init())
        local.add(nowNanoseconds() - start)
      }
      collected.withLock { $0.add(contentsOf: local) }
    }
    let elapsed = Double(nowNanoseconds() - started) / 1e9
    let concurrent = collected.withLock { $0 }
    report("RPC daemon.hello, 64 concurrent clients", concurrent)
    print(
      "    throughput: \(Int(Double(concurrent.count) / elapsed)) requests/s (\(concurrent.count) in \(String(format2: elapsed)) s)"
    )

    // 5. The CLI, end to end: process start to exit.
    var cli = Samples()
    for index in 0..<60 {
      let start = nowNanoseconds()
      let pid = spawn(binDirectory + "/outpost", ["status"], environment: environment)
      let code = waitForExit(pid)
      if code != 0 { print("    outpost status exited \(code)") }
      if index >= 10 { cli.add(nowNanoseconds() - start) }
    }
    print(
      "  outpost status, process start to exit (\(cli.count) runs): median \(formatDuration(cli.percentile(50))), p90 \(formatDuration(cli.percentile(90)))"
    )

    // 6. Idle: no clients, no watchdog.
    withExtendedLifetime(client) {}
    usleep(1_000_000)
    let before = ProcessSample.read(pid: daemon)
    print("  idle for \(idleSeconds) s …")
    sleep(UInt32(idleSeconds))
    let after = ProcessSample.read(pid: daemon)
    func memory(_ sample: ProcessSample) -> String {
      "RSS \(formatKiB(sample.residentKiB)) (of which shared library pages make up most; "
        + "PSS \(formatKiB(sample.proportionalKiB)), private anonymous \(formatKiB(sample.anonymousKiB))), "
        + "\(sample.threads) threads"
    }
    if let fresh { print("  outpostd right after start: \(memory(fresh))") }
    if let before, let after {
      print("  outpostd idle after the load: \(memory(after))")
      print(
        "  outpostd wakeups while idle: \(after.wakeups(since: before)) in \(idleSeconds) s (context switches of all threads)"
      )
    }
    let ratio = hello.percentile(50) / floor.percentile(50)
    print("  single-connection p50 / floor p50 = \(String(format2: ratio))x")
  }

  static func waitForDaemon(_ socketPath: String) -> RPCClient? {
    for _ in 0..<1000 {
      if let client = try? RPCClient(socketPath: socketPath), (try? client.call(DaemonHello.self, .init())) != nil {
        return client
      }
      usleep(10_000)
    }
    return nil
  }

  static func report(_ name: String, _ samples: Samples) {
    print(
      "  \(name) (\(samples.count)): p50 \(formatDuration(samples.percentile(50))), p99 \(formatDuration(samples.percentile(99)))"
    )
  }
}

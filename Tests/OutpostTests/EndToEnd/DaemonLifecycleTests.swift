import Foundation
import OutpostModel
import OutpostRPC
import OutpostRPCClient
import Testing

extension EndToEnd {
  @Suite struct DaemonLifecycle {
    @Test func servesStatusKeepsItsFilesPrivateAndStopsCleanly() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      let status = try daemon.client().call(DaemonStatus.self, NoParams())
      #expect(status.pid == daemon.pid)
      #expect(status.socketPath == daemon.paths.socketPath)
      #expect(status.storePath == daemon.paths.databasePath)
      #expect(status.counts.lastEventSeq >= 1, "daemon.didStart is recorded")
      // The test bus has no notification server: that one component says so (degraded, with
      // what to do); everything else is ok.
      #expect(status.components.filter { $0.name != "notifications" }.allSatisfy { $0.health == .ok })
      if let notifications = status.components.first(where: { $0.name == "notifications" }), notifications.health != .ok
      {
        #expect(notifications.health == .degraded && notifications.detail?.contains("outpost notifications") == true)
      }

      var info = stat()
      stat(daemon.paths.socketPath, &info)
      #expect(info.st_mode & 0o777 == 0o600)
      stat(daemon.paths.runtimeDirectory, &info)
      #expect(info.st_mode & 0o777 == 0o700)

      #expect(try daemon.stop(signal: SIGTERM) == 0)
      #expect(!FileManager.default.fileExists(atPath: daemon.paths.socketPath))
      #expect(daemon.log.contains("stopped"))
      // SIGINT (Ctrl-C in a terminal) is a clean stop too, and the store reopens.
      try daemon.start()
      #expect(try daemon.stop(signal: SIGINT) == 0)
    }

    @Test func aSecondDaemonForTheSameUserExitsWithAClearMessage() throws {
      let first = try DaemonProcess()
      try first.start()
      let second = try DaemonProcess(directory: first.directory)
      let result = try runCommand(DaemonProcess.binary("outpostd"), [], environment: second.environment)
      #expect(result.status == 75)
      #expect(result.stderr.contains("already running (pid \(first.pid))"), "\(result.stderr)")
      // The first one still owns the socket and serves.
      #expect(try first.client().call(DaemonHello.self, .init()).product == "Outpost")
    }

    /// systemd's argument-less start skips ArgumentParser; its errors must read and exit as a
    /// parsed command line's do.
    @Test func anArgumentlessStartFailsAsAParsedOneDoes() throws {
      let daemon = try DaemonProcess()
      var environment = daemon.environment
      for key in ["OUTPOST_RUNTIME_DIR", "OUTPOST_SOCKET", "XDG_RUNTIME_DIR"] { environment[key] = nil }
      let bare = try runCommand(DaemonProcess.binary("outpostd"), [], environment: environment)
      let parsed = try runCommand(DaemonProcess.binary("outpostd"), ["--log-level", "info"], environment: environment)
      #expect(bare.status == 64)
      #expect(bare.stderr.contains("XDG_RUNTIME_DIR is not set"), "\(bare.stderr)")
      #expect(bare.stderr.contains("Usage: outpostd"), "\(bare.stderr)")
      #expect(parsed.status == bare.status)
      #expect(parsed.stderr == bare.stderr)
    }

    @Test func anInvalidConfigurationIsRefusedWithKeyAndLine() throws {
      let daemon = try DaemonProcess(config: "[rpc]\nmax_frame_bytes = \"huge\"\n[bogus]\nx = 1\n")
      let result = try runCommand(DaemonProcess.binary("outpostd"), [], environment: daemon.environment)
      #expect(result.status == 78)
      #expect(result.stderr.contains("config.toml:2: rpc.max_frame_bytes: expected an integer"), "\(result.stderr)")
      #expect(result.stderr.contains("config.toml:4: unknown key bogus.x"), "\(result.stderr)")
      let check = try runCommand(DaemonProcess.binary("outpostd"), ["--check-config"], environment: daemon.environment)
      #expect(check.status == 78)
    }

    @Test func aConfigurationIsApplied() throws {
      let daemon = try DaemonProcess(config: "[rpc]\nmax_connections = 2\n")
      try daemon.start()
      // Wait until the probes of waitUntilServing are gone, so only `first` counts. The daemon
      // emits nothing when a connection closes: wait on the count itself (or the daemon's exit),
      // with a deadline that can only fail the test. A client refused while the probes still
      // counted is dropped and another one tried.
      var first: RPCClient?
      let probesGone = try daemon.waitUntil {
        guard let client = try? daemon.client() else { return false }
        guard (try? client.call(DaemonStatus.self, NoParams()).counts.connections) == 1 else { return false }
        first = client
        return true
      }
      try #require(probesGone == .ready && first != nil, "\(daemon.log)")
      let second = try daemon.client()
      _ = try second.call(DaemonHello.self, .init())
      let third = try daemon.client()
      let line = try third.readMessage()
      #expect(line["error"]?["code"] == .int(Int64(RPCError.tooManyConnectionsCode)))
      withExtendedLifetime(first) {}  // `first` holds its slot until the third is refused
    }

    @Test func aDamagedDatabaseIsReportedAndNeverOverwritten() throws {
      let daemon = try DaemonProcess()
      try FileManager.default.createDirectory(atPath: daemon.paths.dataDirectory, withIntermediateDirectories: true)
      let garbage = Data(repeating: 0x5A, count: 4096)
      try garbage.write(to: URL(fileURLWithPath: daemon.paths.databasePath))
      let result = try runCommand(DaemonProcess.binary("outpostd"), [], environment: daemon.environment)
      #expect(result.status == 65)
      #expect(result.stderr.contains("left untouched"), "\(result.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: daemon.paths.databasePath)) == garbage)
    }

    @Test func tellsSystemdWhenReadyWhatItDoesAndWhenStopping() throws {
      let daemon = try DaemonProcess(environment: [:])
      let listener = try NotifyListener(path: daemon.directory.file("notify"))
      let watched = try DaemonProcess(
        environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "400000"], directory: daemon.directory)
      try watched.start(waitForSocket: false)
      let startup = listener.messages(until: "READY=1")
      #expect(startup.contains { $0.contains("READY=1") && $0.contains("STATUS=Serving on") }, "\(startup)")
      let pings = listener.messages(until: "WATCHDOG=1")
      #expect(pings.contains("WATCHDOG=1"), "\(pings)")
      try watched.waitUntilServing()
      kill(watched.pid, SIGTERM)
      let stopping = listener.messages(until: "STOPPING=1")
      #expect(stopping.contains { $0.contains("STOPPING=1") }, "\(stopping)")
      #expect(try watched.waitForExit() == 0)
    }

    @Test func servesASocketPassedBySystemd() throws {
      let daemon = try DaemonProcess()
      try daemon.startSocketActivated()
      // Until systemd-socket-activate listens and the daemon it starts answers a hello.
      try daemon.waitUntilServing()
      let status = try? daemon.client().call(DaemonStatus.self, NoParams())
      #expect(status != nil, "\(daemon.log)")
      // The line is written once serving began, which may be just after the first answer: wait
      // for it to arrive in the log (every write to it wakes the wait), or the daemon's exit.
      let logged = try daemon.waitForLog { $0.contains("socket passed by systemd") }
      #expect(logged == .ready, "\(daemon.log)")
      let exitStatus = try daemon.stop()
      #expect(exitStatus == 0, "\(daemon.log)")
    }

    @Test func underSocketActivationABrokenConfigIsReportedNotLooped() throws {
      let daemon = try DaemonProcess(config: "[rpc]\nmax_frame_bytes = \"big\"\n")
      try daemon.startSocketActivated()
      let outpost = DaemonProcess.binary("outpost")
      // Until systemd-socket-activate listens: then a connection waits for the daemon it starts.
      let socketPath = daemon.paths.socketPath
      let listening = try daemon.waitUntil { Readiness.acceptsUnix(path: socketPath) }
      #expect(listening == .ready, "\(daemon.log)")
      let status = try runCommand(outpost, ["status"], environment: daemon.environment)
      #expect(status.status == 1, "\(status.stderr)")
      #expect(status.stdout.contains("Health:   config failed"), "\(status.stdout)")
      #expect(status.stdout.contains("config.toml:2: rpc.max_frame_bytes: expected an integer"), "\(status.stdout)")
      #expect {
        try daemon.client().callRaw(method: EventsSubscribe.name, params: [:])
      } throws: { error in
        guard case .remote(let rpcError)? = error as? RPCClientError else { return false }
        return rpcError.code == RPCError.notOperationalCode
      }
      // Stopping it reports the real failure to systemd.
      #expect(try daemon.stop() == 78)
    }
  }
}

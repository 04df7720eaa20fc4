import Dispatch
import Foundation
import OutpostModel
import OutpostRPC
import OutpostRPCTransport
import Synchronization
import Testing

extension EndToEnd {
  @Suite struct SocketRobustness {
    @Test func malformedFramesGetErrorsAndTheConnectionStaysUsable() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      let client = try daemon.client()
      let badLines: [[UInt8]] = [
        Array("not json".utf8), Array("{\"jsonrpc\":\"2.0\"".utf8), [0xFF, 0xFE, 0x00, 0x01, 0x80], Array("[]".utf8),
        Array("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"daemon.nope\"}".utf8),
      ]
      for line in badLines { try client.writeAll(line + [0x0A]) }
      var codes: [Int64] = []
      for _ in badLines { codes.append(try client.readMessage()["error"]?["code"]?.int64Value ?? 0) }
      #expect(
        codes == [-32700, -32700, -32700, -32600, -32601].map(Int64.init))
      // The same connection still answers real requests.
      #expect(try client.call(DaemonHello.self, .init()).apiVersion == ProductInfo.apiVersion)
    }

    @Test func anOversizedFrameIsRefusedAndOnlyItsConnectionCloses() throws {
      let daemon = try DaemonProcess(config: "[rpc]\nmax_frame_bytes = 4096\n")
      try daemon.start()
      let bystander = try daemon.client()
      let client = try daemon.client()
      try client.writeAll(Array(repeating: UInt8(ascii: "a"), count: 10_000))
      let reply = try client.readMessage()
      #expect(reply["error"]?["code"] == .int(Int64(RPCError.frameTooLargeCode)))
      #expect(reply["error"]?["data"]?["limit"] == 4096)
      #expect(throws: RPCClientError.connectionLost) { try client.readLine() }
      #expect(try bystander.call(DaemonHello.self, .init()).product == "Outpost")
    }

    @Test func aClientThatHalfClosesStillGetsItsReply() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      for terminator in ["\n", ""] {
        let client = try daemon.client()
        try client.writeAll(Array(#"{"jsonrpc":"2.0","id":"hc","method":"daemon.hello"}\#(terminator)"#.utf8))
        client.shutdownWrite()
        let reply = try client.readMessage()
        #expect(reply["id"] == "hc")
        #expect(reply["result"]?["product"] == "Outpost")
        #expect(throws: RPCClientError.connectionLost) { try client.readLine() }
      }
    }

    @Test func twoHundredConcurrentClientsAndIdleOnesAreAllServed() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      // Idle and slow clients: connected, some with half a request written, never finishing.
      var idle: [RPCClient] = []
      for index in 0..<100 {
        let client = try daemon.client()
        if index.isMultiple(of: 2) { try client.writeAll(Array(#"{"jsonrpc":"2.0","id":1,"#.utf8)) }
        idle.append(client)
      }
      let failures = Atomic<Int>(0)
      let socketPath = daemon.paths.socketPath
      DispatchQueue.concurrentPerform(iterations: 200) { index in
        do {
          let client = try RPCClient(socketPath: socketPath, timeout: .seconds(20))
          let result = try client.call(DaemonHello.self, .init(client: "load/\(index)"))
          if result.product != "Outpost" { failures.add(1, ordering: .relaxed) }
        } catch {
          failures.add(1, ordering: .relaxed)
        }
      }
      #expect(failures.load(ordering: .relaxed) == 0)
      let status = try daemon.client().call(DaemonStatus.self, NoParams())
      #expect(status.counts.connections >= 101, "the idle clients are still connected")
      withExtendedLifetime(idle) {}
    }

    @Test(.enabled(if: getuid() == 0, "acting as another user needs root (CI runs as root)"))
    func otherUsersAreRefused() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      // Open the directory and socket to everyone, so only the peer-credential check stands.
      chmod(daemon.paths.runtimeDirectory, 0o755)
      chmod(daemon.directory.path, 0o755)
      chmod(daemon.paths.socketPath, 0o666)
      let script = """
        import socket; s = socket.socket(socket.AF_UNIX); s.connect('\(daemon.paths.socketPath)')
        s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"daemon.status"}\\n'); print(s.recv(4096).decode())
        """
      let result = try runCommand(
        "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script],
        environment: [:])
      #expect(result.stdout.contains("\(RPCError.permissionDeniedCode)"), "\(result.stdout) \(result.stderr)")
      #expect(!result.stdout.contains("storePath"))
      #expect(daemon.log.contains("refused a connection from uid 65534"))
    }
  }
}

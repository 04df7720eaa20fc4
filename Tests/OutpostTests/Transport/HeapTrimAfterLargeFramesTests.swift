import Foundation
import Logging
import NIOPosix
import OutpostModel
import OutpostRPC
import OutpostRPCClient
import OutpostRPCTransport
import Synchronization
import Testing

/// The server asks for a heap trim after what leaves megabytes freed: a large reply and a
/// refused oversized frame. The socket fuzz saw refused frames keep the daemon's RSS up.
@Suite struct HeapTrimAfterLargeFramesTests {
  /// Counts the server's trim requests. The server asks on its event loop before it goes on
  /// with the connection (the next reply, the close), so what a client has seen bounds it.
  final class TrimRequests: Sendable {
    private let requests = Mutex(0)
    var count: Int { requests.withLock { $0 } }
    @Sendable func record() { requests.withLock { $0 += 1 } }
  }

  enum Blob: RPCMethod {
    static let name = "test.blob"
    struct Params: Codable, Sendable, Equatable { var bytes: Int }
    struct Result: Codable, Sendable, Equatable { var text: String }
  }

  static func serve(_ trims: TrimRequests, run: (String) async throws -> Void) async throws {
    var registry = RPCHandlerRegistry()
    registry.register(Blob.self) { params, _ in .init(text: String(repeating: "x", count: params.bytes)) }
    var configuration = RPCServerConfiguration(maxFrameBytes: 4096, afterLargeReply: trims.record)
    configuration.largeReplyBytes = 64 << 10
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    // The refusal's warning is expected here.
    var logger = Logger(label: "test")
    logger.logLevel = .error
    let server = RPCServer(
      group: group, dispatcher: RPCDispatcher(registry: registry), configuration: configuration, logger: logger)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trim-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("s").path
    try await server.bind(path: path)
    do {
      try await run(path)
    } catch {
      await server.shutdown()
      try? await group.shutdownGracefully()
      throw error
    }
    await server.shutdown()
    try await group.shutdownGracefully()
  }

  @Test func aRefusedOversizedFrameAsksForATrim() async throws {
    let trims = TrimRequests()
    try await Self.serve(trims) { path in
      let small = try RPCClient(socketPath: path)
      #expect(try small.call(Blob.self, .init(bytes: 10)).text.count == 10)
      #expect(trims.count == 0)
      let client = try RPCClient(socketPath: path)
      try client.writeAll(Array(repeating: UInt8(ascii: "a"), count: 10_000))
      #expect(try client.readMessage()["error"]?["code"] == .int(Int64(RPCError.frameTooLargeCode)))
      // The connection closes after the refusal, and the trim was asked before the close.
      #expect(throws: RPCClientError.connectionLost) { try client.readLine() }
      #expect(trims.count == 1)
    }
  }

  @Test func aLargeReplyAsksForATrimAndASmallOneDoesNot() async throws {
    let trims = TrimRequests()
    try await Self.serve(trims) { path in
      let client = try RPCClient(socketPath: path)
      #expect(try client.call(Blob.self, .init(bytes: 100)).text.count == 100)
      #expect(try client.call(Blob.self, .init(bytes: 100_000)).text.count == 100_000)
      // The next reply on the connection comes after the large one's trim request.
      #expect(try client.call(Blob.self, .init(bytes: 100)).text.count == 100)
      #expect(trims.count == 1)
    }
  }
}

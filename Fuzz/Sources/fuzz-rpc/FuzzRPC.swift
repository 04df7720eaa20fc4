import FuzzSupport
import OutpostModel
import OutpostRPC

/// A frame as the daemon's dispatcher gets it, with every declared method registered: JSON-RPC
/// parsing, batches, ids, and each method's params decoding. A handler checks that the params it
/// got write back to the same params; the reply must be one JSON-RPC 2.0 object or array.
@_cdecl("fuzz_rpc_main")
public func fuzzRPC(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    let reply = RPCFuzzing.reply(to: bytes)
    guard let reply else { return }
    guard let value = try? JSONParser.parse(reply) else {
      fatalError("the reply is not JSON: \(String(decoding: reply, as: UTF8.self))")
    }
    switch value {
    case .object(let members): RPCFuzzing.checkReply(members)
    case .array(let replies) where !replies.isEmpty:
      for case .object(let members) in replies { RPCFuzzing.checkReply(members) }
      precondition(
        replies.allSatisfy { if case .object = $0 { true } else { false } }, "a batch reply holds a non-object")
    default: fatalError("the reply is neither an object nor a non-empty batch")
    }
  }
}

enum RPCFuzzing {
  final class Peer: RPCPeer {
    let connectionID: UInt64 = 1
    func push(_ line: [UInt8]) -> Bool { true }
  }

  struct ParamsDidNotRoundTrip: Error {}

  static let dispatcher: RPCDispatcher = {
    var registry = RPCHandlerRegistry()
    for method in RPCMethods.all { register(method, in: &registry) }
    return RPCDispatcher(registry: registry)
  }()

  static func register<M: RPCMethod>(_ method: M.Type, in registry: inout RPCHandlerRegistry) {
    registry.register(method) { params, _ in
      let written = try JSONCoding.encode(params)
      let again = try JSONCoding.decode(M.Params.self, from: written)
      precondition(again == params, "\(M.name): params changed when written and read back")
      throw RPCError.invalidParams("fuzzing: \(M.name) params decoded")
    }
  }

  /// The dispatcher is async; the fuzzer's thread waits for it.
  static func reply(to line: [UInt8]) -> [UInt8]? {
    let context = RPCContext(peer: Peer())
    return FuzzHarness.wait { await dispatcher.reply(to: line, context: context) }
  }

  static func checkReply(_ members: [String: JSONValue]) {
    precondition(members["jsonrpc"] == .string("2.0"), "a reply without jsonrpc 2.0")
    precondition(members["id"] != nil, "a reply without an id")
    precondition((members["result"] == nil) != (members["error"] == nil), "a reply needs result or error")
  }
}

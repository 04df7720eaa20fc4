import OutpostModel
import OutpostRPC
import PropertyBased
import Testing

/// Property tests (issue 19): any JSON value survives the writer and the parser, and any
/// JSON-RPC request the dispatcher gets is answered with its own id and, through an echo method,
/// with exactly the params it carried; batches answer every request that has an id, once.
@Suite struct RPCRoundTripProperties {
  enum Echo: RPCMethod {
    typealias Params = JSONValue
    typealias Result = JSONValue
    static let name = "test.echo"
  }

  final class Peer: RPCPeer {
    let connectionID: UInt64 = 1
    func push(_ line: [UInt8]) -> Bool { true }
  }

  static let dispatcher: RPCDispatcher = {
    var registry = RPCHandlerRegistry()
    registry.register(Echo.self) { params, _ in params }
    return RPCDispatcher(registry: registry)
  }()

  static let id = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: .int(Int64.random(in: .min ... .max, using: &rng))
    case 1: .null
    default: .string(JSONSampler.string(using: &rng))
    }
  }

  func request(id: JSONValue?, params: JSONValue) -> JSONValue {
    var members: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(Echo.name), "params": params]
    if let id { members["id"] = id }
    return .object(members)
  }

  func reply(to request: JSONValue) async throws -> JSONValue? {
    guard let bytes = await Self.dispatcher.reply(to: request.serialized, context: RPCContext(peer: Peer())) else {
      return nil
    }
    return try JSONParser.parse(bytes)
  }

  @Test func anyJSONValueIsReadBackAsWritten() async {
    await propertyCheck(count: 500, input: JSONSampler.value) { value throws in
      let parsed = try JSONParser.parse(value.serialized)
      #expect(JSONSampler.same(value, parsed), "\(parsed)")
      let decoded = try JSONCoding.decode(JSONValue.self, from: JSONCoding.encode(value))
      #expect(JSONSampler.same(value, decoded), "\(decoded)")
    }
  }

  @Test func anyRequestIsAnsweredWithItsIdAndItsParams() async {
    await propertyCheck(count: 300, input: Self.id, JSONSampler.object) { id, params in
      let answer = try #require(try await reply(to: request(id: id, params: params)))
      #expect(answer["jsonrpc"] == "2.0")
      #expect(answer["id"] == id)
      #expect(answer["error"] == nil, "\(answer)")
      #expect(answer["result"].map { JSONSampler.same(params, $0) } == true, "\(answer)")
    }
  }

  @Test func aNotificationIsNeverAnswered() async {
    await propertyCheck(count: 100, input: JSONSampler.object) { params async throws in
      #expect(try await reply(to: request(id: nil, params: params)) == nil)
    }
  }

  @Test func aBatchAnswersEachRequestWithAnIdOnce() async {
    let batches = Generator<[JSONValue?], Shrink.None<[JSONValue?]>> { rng in
      (0..<Int.random(in: 1...8, using: &rng)).map { index in
        // Distinct ids (or none: a notification), so each answer can be matched to its request.
        Bool.random(using: &rng) ? .string("r\(index)") : (Bool.random(using: &rng) ? .int(Int64(index)) : nil)
      }
    }
    await propertyCheck(count: 200, input: batches, JSONSampler.object) { ids, params in
      let batch = JSONValue.array(ids.map { request(id: $0, params: params) })
      let expected = ids.compactMap { $0 }
      let answer = try await reply(to: batch)
      guard !expected.isEmpty else {
        #expect(answer == nil)
        return
      }
      guard case .array(let answers)? = answer else {
        Issue.record("a batch with ids got \(String(describing: answer))")
        return
      }
      #expect(answers.compactMap { $0["id"] }.sorted { "\($0)" < "\($1)" } == expected.sorted { "\($0)" < "\($1)" })
      #expect(answers.allSatisfy { $0["result"].map { JSONSampler.same(params, $0) } == true })
    }
  }
}

import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// A method used only here, to exercise the dispatcher's error paths.
enum EchoMethod: RPCMethod {
  static let name = "test.echo"
  struct Params: Codable, Sendable, Equatable {
    var text: String
    var count: Int?
  }
  typealias Result = Params
}

enum FailingMethod: RPCMethod {
  static let name = "test.fail"
  typealias Params = NoParams
  typealias Result = NoParams
}

struct SecretLeak: Error, CustomStringConvertible {
  var description: String { "SELECT password FROM accounts -- hunter2" }
}

@Suite struct RPCDispatcherTests {
  let dispatcher: RPCDispatcher
  let context = RPCContext(peer: RecordingPeer(id: 1))

  init() {
    var registry = RPCHandlerRegistry()
    registry.register(EchoMethod.self) { params, _ in params }
    registry.register(FailingMethod.self) { _, _ in throw SecretLeak() }
    dispatcher = RPCDispatcher(registry: registry)
  }

  func reply(_ line: String) async -> JSONValue? {
    guard let bytes = await dispatcher.reply(to: Array(line.utf8), context: context) else { return nil }
    return try! JSONCoding.decode(JSONValue.self, from: bytes)
  }

  func errorCode(_ value: JSONValue?) -> Int64? { value?["error"]?["code"]?.int64Value }

  @Test func answersARequestWithItsId() async {
    let answer = await reply(#"{"jsonrpc":"2.0","id":"abc","method":"test.echo","params":{"text":"hé"}}"#)
    #expect(answer?["id"] == "abc")
    #expect(answer?["result"] == ["text": "hé"])
    #expect(answer?["jsonrpc"] == "2.0")
  }

  @Test func notificationsGetNoReplyEvenWhenTheyFail() async {
    #expect(await reply(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"x"}}"#) == nil)
    #expect(await reply(#"{"jsonrpc":"2.0","method":"no.such"}"#) == nil)
    #expect(await reply(#"{"jsonrpc":"2.0","method":"test.fail"}"#) == nil)
  }

  @Test(arguments: [
    ("{", RPCError.parseErrorCode),
    ("\u{1}\u{2}garbage", RPCError.parseErrorCode),
    ("[]", RPCError.invalidRequestCode),
    ("42", RPCError.invalidRequestCode),
    (#"{"jsonrpc":"1.0","id":1,"method":"test.echo"}"#, RPCError.invalidRequestCode),
    (#"{"jsonrpc":"2.0","id":1}"#, RPCError.invalidRequestCode),
    (#"{"jsonrpc":"2.0","id":1,"method":7}"#, RPCError.invalidRequestCode),
    (#"{"jsonrpc":"2.0","id":{"a":1},"method":"test.echo"}"#, RPCError.invalidRequestCode),
    (#"{"jsonrpc":"2.0","id":1.5,"method":"test.echo"}"#, RPCError.invalidRequestCode),
    (#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":"x"}"#, RPCError.invalidRequestCode),
    (#"{"jsonrpc":"2.0","id":1,"method":"no.such"}"#, RPCError.methodNotFoundCode),
    (#"{"jsonrpc":"2.0","id":1,"method":"test.echo"}"#, RPCError.invalidParamsCode),
    (#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":5}}"#, RPCError.invalidParamsCode),
    (#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":["x"]}"#, RPCError.invalidParamsCode),
  ])
  func badInputGetsTheStandardCode(line: String, code: Int) async {
    #expect(errorCode(await reply(line)) == Int64(code))
  }

  @Test func invalidParamsNameTheField() async {
    let answer = await reply(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"a","count":"many"}}"#)
    #expect(answer?["error"]?["message"]?.stringValue?.contains("count must be an integer") == true)
    let missing = await reply(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{}}"#)
    #expect(missing?["error"]?["message"]?.stringValue?.contains("text is required") == true)
  }

  @Test func internalErrorsDoNotLeakTheirText() async {
    let answer = await reply(#"{"jsonrpc":"2.0","id":9,"method":"test.fail"}"#)
    #expect(errorCode(answer) == Int64(RPCError.internalErrorCode))
    #expect(answer?["id"] == 9)
    let text = String(decoding: try! JSONCoding.encode(answer!), as: UTF8.self)
    #expect(!text.contains("hunter2"))
    #expect(!text.contains("SELECT"))
  }

  @Test func batchesAnswerEachRequestAndSkipNotifications() async {
    let answer = await reply(
      #"[{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"a"}},"#
        + #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"b"}},"#
        + #"{"jsonrpc":"2.0","id":2,"method":"no.such"}, 5]"#)
    guard case .array(let replies)? = answer else {
      Issue.record("expected an array, got \(String(describing: answer))")
      return
    }
    #expect(replies.count == 3)
    #expect(replies[0]["result"] == ["text": "a"])
    #expect(errorCode(replies[1]) == Int64(RPCError.methodNotFoundCode))
    #expect(errorCode(replies[2]) == Int64(RPCError.invalidRequestCode))
  }

  @Test func aBatchOfNotificationsGetsNoReply() async {
    #expect(await reply(#"[{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a"}}]"#) == nil)
  }

  @Test func noParamsAcceptsAbsentEmptyObjectAndEmptyArray() async throws {
    var registry = RPCHandlerRegistry()
    registry.register(FailingMethod.self) { _, _ in NoParams() }
    let dispatcher = RPCDispatcher(registry: registry)
    for params in ["", #","params":{}"#, #","params":[]"#] {
      let line = #"{"jsonrpc":"2.0","id":1,"method":"test.fail"\#(params)}"#
      let bytes = await dispatcher.reply(to: Array(line.utf8), context: context)!
      #expect(try JSONCoding.decode(JSONValue.self, from: bytes)["result"] == [:])
    }
  }
}

import Foundation
import Logging
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon

/// `rpc-schema/openrpc.json`, `RPCMethods.all` and the daemon's registered handlers must be the
/// same set, and every example must survive a trip through the Swift types unchanged. Adding a
/// method without its schema, example or handler fails here.
@Suite struct SchemaTests {
  static let schemaDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("rpc-schema")

  static func load(_ name: String) throws -> JSONValue {
    let data = try Data(contentsOf: schemaDirectory.appendingPathComponent(name))
    return try JSONCoding.decode(JSONValue.self, from: data)
  }

  static func names(_ value: JSONValue?) -> Set<String> {
    guard case .array(let items)? = value else { return [] }
    return Set(items.compactMap { $0["name"]?.stringValue })
  }

  func registeredMethods() async throws -> Set<String> {
    let store = try Store.inMemory()
    let services = DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 10, logger: Logger(label: "t")), logger: Logger(label: "t"),
      transport: TestHTTP.transport)
    return Handlers.registry(services: services).methodNames
  }

  @Test func documentRegistryAndHandlersAgree() async throws {
    let document = try Self.load("openrpc.json")
    let documented = Self.names(document["methods"])
    let declared = Set(RPCMethods.all.map { $0.name })
    let handled = try await registeredMethods()
    #expect(
      documented == declared,
      "in openrpc.json only: \(documented.subtracting(declared)); in RPCMethods.all only: \(declared.subtracting(documented))"
    )
    #expect(
      handled == declared,
      "without handler: \(declared.subtracting(handled)); handler without declaration: \(handled.subtracting(declared))"
    )
    #expect(Self.names(document["x-notifications"]) == Set(RPCMethods.notifications.map { $0.name }))
  }

  @Test func applicationErrorCodesAreDocumented() throws {
    guard case .object(let errors)? = try Self.load("openrpc.json")["components"]?["errors"] else {
      Issue.record("components.errors missing")
      return
    }
    var documented: [Int: String] = [:]
    for (name, error) in errors {
      guard let code = error["code"]?.int64Value.map(Int.init) else { continue }
      if (-32099)...(-32000) ~= code { documented[code] = name }
    }
    #expect(documented == RPCErrorCatalog.applicationCodes)
    for code in [-32700, -32600, -32601, -32602, -32603] {
      #expect(errors.values.contains { $0["code"]?.int64Value == Int64(code) }, "standard code \(code)")
    }
  }

  @Test(arguments: RPCMethods.all.map { $0.name })
  func exampleRoundTripsThroughTheSwiftTypes(method: String) throws {
    let type = try #require(RPCMethods.all.first { $0.name == method })
    try roundTrip(type)
  }

  func roundTrip<M: RPCMethod>(_ method: M.Type) throws {
    let example = try Self.load("examples/\(M.name).json")
    let request = try #require(example["request"])
    let response = try #require(example["response"])
    #expect(request["method"] == .string(M.name))
    #expect(request["jsonrpc"] == "2.0")
    #expect(response["id"] == request["id"])
    let params = request["params"] ?? [:]
    let decodedParams = try JSONCoding.convert(params, to: M.Params.self)
    #expect(try JSONValue(encoding: decodedParams) == params, "params of \(M.name)")
    let result = try #require(response["result"])
    let decodedResult = try JSONCoding.convert(result, to: M.Result.self)
    #expect(try JSONValue(encoding: decodedResult) == result, "result of \(M.name)")
  }

  @Test func notificationExampleRoundTrips() throws {
    let notification = try #require(try Self.load("examples/event.notification.json")["notification"])
    #expect(notification["method"] == .string(EventNotification.name))
    let params = try #require(notification["params"])
    let event = try JSONCoding.convert(params, to: EventNotification.Params.self)
    #expect(try JSONValue(encoding: event) == params)
    // The daemon writes the notification in exactly this shape.
    let line = try RPCDispatcher.notification(EventNotification.self, event)
    #expect(try JSONCoding.decode(JSONValue.self, from: line) == notification)
  }
}

import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns one received line into the reply line (or none), following JSON-RPC 2.0: single
/// requests, notifications (never answered), batches (answered as one array; an empty batch is
/// an invalid request), and the standard error codes. Knows nothing about sockets.
public struct RPCDispatcher: Sendable {
  private let handlers: [String: RPCHandlerRegistry.ErasedHandler]
  /// Told about every error that is not an `RPCError`, which clients only see as "internal error".
  private let onInternalError: @Sendable (_ method: String, _ error: any Error) -> Void

  public init(
    registry: RPCHandlerRegistry,
    onInternalError: @escaping @Sendable (_ method: String, _ error: any Error) -> Void = { _, _ in }
  ) {
    self.handlers = registry.handlers
    self.onInternalError = onInternalError
  }

  /// The reply to `line` (without newline), or nil when nothing is to be sent.
  public func reply(to line: [UInt8], context: RPCContext) async -> [UInt8]? {
    let value: JSONValue
    do {
      value = try JSONParser.parse(line)
    } catch {
      return Self.errorReply(id: .null, error: .parseError("the line is not valid JSON"))
    }
    guard case .array(let batch) = value else {
      return await reply(toSingle: value, context: context)
    }
    if batch.isEmpty {
      return Self.errorReply(id: .null, error: .invalidRequest("an empty batch"))
    }
    var replies: [[UInt8]] = []
    for element in batch {
      if let reply = await reply(toSingle: element, context: context) { replies.append(reply) }
    }
    guard !replies.isEmpty else { return nil }
    var out: [UInt8] = [UInt8(ascii: "[")]
    for (index, reply) in replies.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: reply)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  private func reply(toSingle value: JSONValue, context: RPCContext) async -> [UInt8]? {
    let request: RPCRequest
    switch RPCRequest.parse(value) {
    case .failure(let failure): return Self.errorReply(id: failure.id, error: failure.error)
    case .success(let parsed): request = parsed
    }
    guard let handler = handlers[request.method] else {
      return request.id.map { Self.errorReply(id: $0, error: .methodNotFound(request.method)) }
    }
    do {
      let result = try await handler(request.params, context)
      return request.id.map { Self.resultReply(id: $0, result: result) }
    } catch let error as RPCError {
      return request.id.map { Self.errorReply(id: $0, error: error) }
    } catch {
      onInternalError(request.method, error)
      return request.id.map { Self.errorReply(id: $0, error: .internalError) }
    }
  }

  // Replies are assembled from already-encoded parts, keys in sorted order like every other
  // JSON Outpost writes, so a result is encoded exactly once.
  static func resultReply(id: RPCID, result: [UInt8]) -> [UInt8] {
    // Room for all of it at once: an agenda's result is hundreds of kilobytes.
    var out: [UInt8] = []
    out.reserveCapacity(result.count + 64)
    out += #"{"id":"#.utf8
    out += (try? JSONCoding.encode(id)) ?? Array("null".utf8)
    out += Array(#","jsonrpc":"2.0","result":"#.utf8)
    out += result
    out.append(UInt8(ascii: "}"))
    return out
  }

  public static func errorReply(id: RPCID, error: RPCError) -> [UInt8] {
    var out = Array(#"{"error":"#.utf8)
    out += (try? JSONCoding.encode(error)) ?? Array(#"{"code":-32603,"message":"Internal error"}"#.utf8)
    out += Array(#","id":"#.utf8)
    out += (try? JSONCoding.encode(id)) ?? Array("null".utf8)
    out += Array(#","jsonrpc":"2.0"}"#.utf8)
    return out
  }

  /// One notification line (`{"jsonrpc":"2.0","method":…,"params":…}`).
  public static func notification<N: RPCNotification>(_ type: N.Type, _ params: N.Params) throws -> [UInt8] {
    var out = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    out += try JSONCoding.encode(N.name)
    out += Array(#","params":"#.utf8)
    out += try JSONCoding.encode(params)
    out.append(UInt8(ascii: "}"))
    return out
  }
}

/// A request that passed the envelope checks.
struct RPCRequest {
  /// nil for a notification.
  var id: RPCID?
  var method: String
  var params: JSONValue?

  struct Failure: Error {
    var id: RPCID
    var error: RPCError
  }

  static func parse(_ value: JSONValue) -> Result<RPCRequest, Failure> {
    guard case .object(let members) = value else {
      return .failure(Failure(id: .null, error: .invalidRequest("expected an object, got \(value.typeName)")))
    }
    var id: RPCID?
    if let rawID = members["id"] {
      guard let parsed = RPCID(rawID) else {
        return .failure(Failure(id: .null, error: .invalidRequest("id must be a string, an integer or null")))
      }
      id = parsed
    }
    let replyID = id ?? .null
    guard members["jsonrpc"] == .string("2.0") else {
      return .failure(Failure(id: replyID, error: .invalidRequest(#"jsonrpc must be "2.0""#)))
    }
    guard case .string(let method)? = members["method"], !method.isEmpty else {
      return .failure(Failure(id: replyID, error: .invalidRequest("method must be a non-empty string")))
    }
    let params = members["params"]
    switch params {
    case nil, .object?, .array?: break
    default:
      return .failure(Failure(id: replyID, error: .invalidRequest("params must be an object or an array")))
    }
    return .success(RPCRequest(id: id, method: method, params: params))
  }
}

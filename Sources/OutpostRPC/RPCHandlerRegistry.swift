import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Handlers by method name, registered by method type so that a handler's params and result are
/// checked by the compiler. Built once at start-up, then frozen into an `RPCDispatcher`.
public struct RPCHandlerRegistry: Sendable {
  typealias ErasedHandler = @Sendable (JSONValue?, RPCContext) async throws -> [UInt8]

  var handlers: [String: ErasedHandler] = [:]

  public init() {}

  public var methodNames: Set<String> { Set(handlers.keys) }

  /// Registers the handler of `method`. Registering a method twice is a programming error.
  public mutating func register<M: RPCMethod>(
    _ method: M.Type,
    _ handler: @escaping @Sendable (M.Params, RPCContext) async throws -> M.Result
  ) {
    precondition(handlers[M.name] == nil, "\(M.name) registered twice")
    handlers[M.name] = { rawParams, context in
      let params: M.Params = try RPCParamsDecoding.decode(M.Params.self, from: rawParams)
      let result = try await handler(params, context)
      return try JSONCoding.encode(result)
    }
  }

  /// Answers `method` with `error` whatever its params (for a daemon that cannot do its work).
  public mutating func registerFailing(_ method: any RPCMethod.Type, with error: RPCError) {
    precondition(handlers[method.name] == nil, "\(method.name) registered twice")
    handlers[method.name] = { _, _ in throw error }
  }
}

/// Turns raw params into a method's `Params` type, with messages that name the offending field.
enum RPCParamsDecoding {
  static func decode<P: Decodable>(_ type: P.Type, from raw: JSONValue?) throws(RPCError) -> P {
    let object: JSONValue
    switch raw {
    case nil: object = .object([:])
    case .array(let elements)? where elements.isEmpty: object = .object([:])
    case .object?: object = raw!
    case .array?:
      throw .invalidParams("params must be an object with named members, not a positional array")
    default:
      throw .invalidParams("params must be an object")
    }
    if P.self == NoParams.self { return NoParams() as! P }
    do {
      return try JSONCoding.convert(object, to: P.self)
    } catch let error as DecodingError {
      throw .invalidParams(describe(error))
    } catch {
      throw .invalidParams("\(error)")
    }
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      codingPath.isEmpty
        ? "params"
        : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
          .joined(separator: ".")
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)) must be \(jsonTypeName(type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)) must be \(jsonTypeName(type)), not null"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is required"
    case .dataCorrupted(let context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  static func jsonTypeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is Int.Type, is Int64.Type, is Int32.Type, is UInt64.Type, is UInt32.Type: "an integer"
    case is Double.Type, is Float.Type: "a number"
    case is Date.Type: "an ISO 8601 date-time string"
    default: "of type \(type)"
    }
  }
}

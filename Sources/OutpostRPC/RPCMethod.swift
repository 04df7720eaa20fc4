import OutpostModel

/// One JSON-RPC method, declared once: its wire name and the types of its params and result.
/// Each method lives in its own file under `Methods/` and is listed in `RPCMethods.all`; the
/// daemon registers a handler per type and the schema test checks all three agree with
/// `rpc-schema/openrpc.json`.
public protocol RPCMethod: Sendable {
  associatedtype Params: Codable & Sendable & Equatable
  associatedtype Result: Codable & Sendable & Equatable
  /// `noun.verb`, e.g. `daemon.status`.
  static var name: String { get }
}

/// Params of a method that takes none: accepts an absent `params`, `{}` or `[]`.
public struct NoParams: Codable, Sendable, Equatable {
  public init() {}
}

/// A server-to-client notification (no id, no reply).
public protocol RPCNotification: Sendable {
  associatedtype Params: Codable & Sendable & Equatable
  static var name: String { get }
}

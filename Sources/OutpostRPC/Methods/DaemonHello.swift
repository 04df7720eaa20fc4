import OutpostModel

/// `daemon.hello`: who is serving, and which API it speaks. Clients call it first to check that
/// the daemon's API major version is one they understand.
public enum DaemonHello: RPCMethod {
  public static let name = "daemon.hello"

  public struct Params: Codable, Sendable, Equatable {
    /// The client's name and version, for the daemon's log ("outpost/0.1.0").
    public var client: String?
    public init(client: String? = nil) { self.client = client }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var product: String
    public var version: String
    /// Semantic version of the JSON-RPC API.
    public var apiVersion: String
    /// Feature names the daemon offers (method namespaces and optional behaviours).
    public var capabilities: [String]

    public init(product: String, version: String, apiVersion: String, capabilities: [String]) {
      self.product = product
      self.version = version
      self.apiVersion = apiVersion
      self.capabilities = capabilities
    }
  }
}

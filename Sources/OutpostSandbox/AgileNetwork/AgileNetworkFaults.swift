/// The subgraphs behind the gateway whose failure a test can switch on (agile-network.md §8):
/// their fields then resolve to null with "Subgraph errors redacted" at their path.
public enum AgileSubgraph: String, Sendable, CaseIterable, Codable {
  /// `Expert.offer`.
  case offers
  /// `Viewer.subscriptions`, `Viewer.entitlements`, `Expert.viewerSubscription`,
  /// `ChangeEvent.subscription`, `cancelSubscription`.
  case subscriptions
  /// `Query.content`.
  case content
}

/// The gateway's own faults, on top of the host's (429, 503, latency, truncated or malformed
/// bodies through `POST /__admin/faults`).
public struct AgileNetworkFaults: Sendable, Equatable {
  public var downSubgraphs: Set<AgileSubgraph> = []
  /// Every GraphQL request is answered `504 Gateway Timeout`.
  public var gatewayTimeout = false
  /// Enum values in replies (status, kind, type, …) are replaced by one the schema lacks.
  public var unknownEnumValue = false
  /// Every object in `data` carries a field the schema lacks.
  public var extraField = false

  public init() {}

  static let keys = ["downSubgraphs", "gatewayTimeout", "unknownEnumValue", "extraField"]

  var json: SandboxJSON {
    .object([
      ("downSubgraphs", .array(downSubgraphs.map(\.rawValue).sorted().map { .string($0) })),
      ("gatewayTimeout", .bool(gatewayTimeout)), ("unknownEnumValue", .bool(unknownEnumValue)),
      ("extraField", .bool(extraField)),
    ])
  }
}

import GraphQL
import Synchronization

/// What every resolver of one request sees: the brand's data as of the request's instant (a
/// copy taken after the life simulation ran, so a query reads one consistent state), the
/// viewer from the access token, and the faults in force. Mutations write through to the live
/// state and refresh the copy.
final class AgileRequestContext: Sendable {
  let sandbox: AgileNetworkSandbox
  let brandID: String
  let viewer: AgileViewer
  let now: Int
  let faults: AgileNetworkFaults
  private let snapshot: Mutex<AgileNetworkBrand>

  init(
    sandbox: AgileNetworkSandbox, brand: AgileNetworkBrand, viewer: AgileViewer, now: Int, faults: AgileNetworkFaults
  ) {
    self.sandbox = sandbox
    brandID = brand.id
    self.viewer = viewer
    self.now = now
    self.faults = faults
    snapshot = Mutex(brand)
  }

  var brand: AgileNetworkBrand { snapshot.withLock { $0 } }

  /// Changes the live brand and takes a fresh copy of it.
  func mutate<Result: Sendable>(_ body: (inout AgileNetworkBrand) throws(AgileGraphError) -> Result)
    throws(AgileGraphError) -> Result
  {
    let (result, updated) = try sandbox.mutateBrand(brandID, now: now, body)
    snapshot.withLock { $0 = updated }
    return result
  }

  /// Throws the redacted subgraph error when `subgraph` is switched off by a fault.
  func require(_ subgraph: AgileSubgraph) throws(AgileGraphError) {
    if faults.downSubgraphs.contains(subgraph) { throw .subgraphDown }
  }

  func dateTime(_ seconds: Int) -> String { AgileNetworkFormat.dateTime(seconds) }
}

/// The signed-in fan, from the access token's claims.
struct AgileViewer: Sendable {
  let id: String
  let email: String
  let name: String?
}

/// One object in a reply: answers its fields by name. Lists are `[(any Sendable)?]`, as the
/// executor expects; enum values are their names.
protocol AgileGraphNode: Sendable {
  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)?
}

/// A node whose fields are fixed values (Money, PageInfo, edges, payloads, …).
struct AgileValues: AgileGraphNode {
  let values: [String: any Sendable]

  init(_ values: [String: (any Sendable)?]) { self.values = values.compactMapValues { $0 } }

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    values[name]
  }
}

/// A field's arguments, with defaults from the schema already applied by the executor.
struct AgileArguments: Sendable {
  let map: Map

  init(_ map: Map) { self.map = map }

  private func value(_ name: String) -> Map? {
    guard let value = map.dictionary?[name] else { return nil }
    switch value {
    case .undefined, .null: return nil
    default: return value
    }
  }

  func string(_ name: String) -> String? { value(name).flatMap { $0.string } }
  func int(_ name: String) -> Int? { value(name).flatMap { $0.int } }
  func bool(_ name: String) -> Bool? {
    guard case .bool(let flag) = value(name) else { return nil }
    return flag
  }
  func object(_ name: String) -> AgileArguments? { value(name).map(AgileArguments.init) }
}

enum AgileNetworkFormat {
  /// RFC 3339 with milliseconds and `Z`, as §6's examples: `2026-02-03T17:05:00.000Z`.
  static func dateTime(_ seconds: Int) -> String {
    let civil = SandboxTime.civil(seconds: seconds)
    func pad(_ value: Int, _ width: Int = 2) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(civil.year, 4))-\(pad(civil.month))-\(pad(civil.day))T\(pad(civil.hour)):\(pad(civil.minute)):"
      + "\(pad(civil.second)).000Z"
  }
}

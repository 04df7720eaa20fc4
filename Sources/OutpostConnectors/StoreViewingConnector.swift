import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A connector whose synced items answer questions offline (`QueryDeclaration.fromStore`): a
/// dashboard, a chart. Computed by the connector, read by the daemon from the store; no
/// session, no network, so it answers on a train too.
public protocol StoreViewingConnector: Connector {
  static var storeViews: [QueryDeclaration] { get }

  /// `items` and `points` are the account's items and series points of the kinds the
  /// declaration's `fromStore` names (points oldest first); `params` were already checked
  /// against the declaration.
  static func answer(
    _ name: String, params: [String: JSONValue], items: [Item], points: [SeriesPoint], options: [String: String],
    now: Date
  ) throws(ActionRefusal) -> JSONValue
}

/// A connector that imports files the user has (a CGM export, a bank statement): what the file
/// holds is written to the store at once, so it shows offline, and goes to the service later
/// as one queued action the connector prepares.
public protocol ImportingConnector: Connector {
  static var imports: [ImportDeclaration] { get }

  static func importFiles(_ name: String, files: [ImportFile], context: ImportContext) throws(ActionRefusal)
    -> ImportPlan
}

public struct ImportFile: Sendable {
  /// The file's name as the user gave it (some formats are told by it).
  public var name: String
  public var bytes: [UInt8]

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

public struct ImportContext: Sendable {
  /// The upstream ids (or series keys) the store holds already, per kind the declaration names
  /// in `dedupKinds`.
  public var existing: [ItemKind: Set<String>]
  /// The account's items of the declaration's `contextKinds` (a profile with its time zone).
  public var items: [Item]
  public var options: [String: String]
  /// The declaration's parameters, checked.
  public var params: [String: JSONValue]
  public var now: Date

  public init(
    existing: [ItemKind: Set<String>], items: [Item], options: [String: String], params: [String: JSONValue], now: Date
  ) {
    self.existing = existing
    self.items = items
    self.options = options
    self.params = params
    self.now = now
  }
}

/// What an import does: the new items and series points to store now, the action that sends
/// them to the service (nil when nothing is new), and a summary in the connector's own shape for
/// the user.
public struct ImportPlan: Sendable {
  public var items: [Item]
  public var points: [SeriesPoint]
  public var action: (type: ActionType, prepared: PreparedAction)?
  public var summary: JSONValue

  public init(
    items: [Item], points: [SeriesPoint] = [], action: (type: ActionType, prepared: PreparedAction)?,
    summary: JSONValue
  ) {
    self.items = items
    self.points = points
    self.action = action
    self.summary = summary
  }

  public var isEmpty: Bool { items.isEmpty && points.isEmpty }
}

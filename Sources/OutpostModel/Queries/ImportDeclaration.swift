/// A kind of file a connector imports (`viiraa.cgm`: LibreView and Clarity exports), declared
/// once so the RPC layer and the CLI handle any of them alike.
public struct ImportDeclaration: Codable, Sendable, Equatable {
  /// Unique across every connector.
  public var name: String
  public var service: String
  /// One line, for lists and `--help`.
  public var summary: String
  /// The largest file taken; a larger one is refused before it is read.
  public var maxBytes: Int
  public var parameters: [ActionParameter]
  /// The kinds whose stored upstream ids the import is checked against (what is already there).
  public var dedupKinds: [ItemKind]
  /// The kinds of item the import reads for context (a profile's time zone).
  public var contextKinds: [ItemKind]

  public init(
    name: String, service: String, summary: String, maxBytes: Int, parameters: [ActionParameter] = [],
    dedupKinds: [ItemKind] = [], contextKinds: [ItemKind] = []
  ) {
    self.name = name
    self.service = service
    self.summary = summary
    self.maxBytes = maxBytes
    self.parameters = parameters
    self.dedupKinds = dedupKinds
    self.contextKinds = contextKinds
  }
}

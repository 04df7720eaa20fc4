import OutpostModel

/// `imports.kinds`: every kind of file the compiled-in connectors import.
public enum ImportsKinds: RPCMethod {
  public static let name = "imports.kinds"

  public struct Params: Codable, Sendable, Equatable {
    /// Only this connector kind's imports (`viiraa`).
    public var service: String?
    public init(service: String? = nil) { self.service = service }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var imports: [ImportDeclaration]
    public init(imports: [ImportDeclaration]) { self.imports = imports }
  }
}

/// `imports.run`: reads files the user has (the daemon reads them: it runs as the same user)
/// into an account. What is new is stored at once, so it shows offline, and is queued as one
/// action that sends it to the service; with `dryRun` nothing is stored or queued.
public enum ImportsRun: RPCMethod {
  public static let name = "imports.run"

  public struct Params: Codable, Sendable, Equatable {
    /// A declared import's name (`imports.kinds`), e.g. `viiraa.cgm`.
    public var kind: String
    /// Absolute paths of the files, read in this order.
    public var files: [String]
    /// The account; may be left out when the service has exactly one.
    public var account: String?
    public var params: JSONValue?
    public var dryRun: Bool?

    public init(kind: String, files: [String], account: String? = nil, params: JSONValue? = nil, dryRun: Bool? = nil) {
      self.kind = kind
      self.files = files
      self.account = account
      self.params = params
      self.dryRun = dryRun
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var account: String
    /// What the import found, in the connector's own shape (its CLI group shows it).
    public var summary: JSONValue
    /// The items stored now (0 for a dry run).
    public var stored: Int
    /// The number of the queued action that sends them (`outpost queue`), when there was
    /// anything new and it was not a dry run. Only the number: the action holds every row.
    public var action: Int64?

    public init(account: String, summary: JSONValue, stored: Int, action: Int64?) {
      self.account = account
      self.summary = summary
      self.stored = stored
      self.action = action
    }
  }
}

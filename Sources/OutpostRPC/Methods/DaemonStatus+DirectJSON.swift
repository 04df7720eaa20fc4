import OutpostModel

// `outpost status` reads its reply by hand (JSONDirectlyDecodable): the generic decoder's keyed
// containers, instantiated for each of these types on first use, were 5 % of the command (issue
// 20). The same values and errors as the synthesized Decodable, which Foundation's decoder checks
// in DaemonStatusDecodingProperties. The daemon writes it the generic way: once per request.

extension DaemonStatus.Result: JSONDirectlyDecodable {
  /// In declaration order, as the synthesized `init(from:)` reads, so that the first wrong member
  /// is the one blamed.
  public init(json object: JSONObjectReader) throws {
    self.init(
      version: try object.string("version"), pid: try object.integer(Int32.self, "pid"),
      startedAt: try object.date("startedAt"), uptimeSeconds: try object.double("uptimeSeconds"),
      socketPath: try object.string("socketPath"), storePath: try object.string("storePath"),
      configPath: try object.string("configPath"), counts: try object.object(DaemonStatus.Counts.self, "counts"),
      components: try object.array(of: DaemonStatus.Component.self, "components"))
  }
}

extension DaemonStatus.Counts: JSONDirectlyDecodable {
  public init(json object: JSONObjectReader) throws {
    self.init(
      connections: try object.integer(Int.self, "connections"),
      subscribers: try object.integer(Int.self, "subscribers"),
      eventsRetained: try object.integer(Int.self, "eventsRetained"),
      lastEventSeq: try object.integer(Int64.self, "lastEventSeq"))
  }
}

extension DaemonStatus.Component: JSONDirectlyDecodable {
  public init(json object: JSONObjectReader) throws {
    self.init(
      name: try object.string("name"), health: try object.rawValue(Health.self, "health"),
      detail: try object.stringIfPresent("detail"))
    detailPhrases = try object.decodeIfPresent([Phrase].self, "detailPhrases")
  }
}

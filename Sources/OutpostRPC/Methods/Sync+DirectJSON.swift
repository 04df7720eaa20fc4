import OutpostModel

// `outpost sync` writes its request and reads the reply by hand (JSONDirectlyEncodable/-Decodable):
// the generic coders' keyed containers, instantiated for each type on first use, cost a short
// command more than the work (issue 20: `outpost status` lost 0.6 ms of 4 with its reply read by
// hand). The same members, values and errors as the synthesized Codable, which Foundation's
// coders check in SyncCodingProperties. The daemon reads params and writes results the generic way.

extension SyncRun.Params: JSONDirectlyEncodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("account", account)
    object.member("full", full)
    object.member("wait", wait)
  }
}

extension SyncRun.Result: JSONDirectlyDecodable {
  public init(json object: JSONObjectReader) throws {
    self.init(accounts: try object.array(of: SyncRun.AccountSync.self, "accounts"))
  }
}

extension SyncRun.AccountSync: JSONDirectlyDecodable {
  /// In declaration order, as the synthesized `init(from:)` reads, so that the first wrong member
  /// is the one blamed.
  public init(json object: JSONObjectReader) throws {
    let account = try object.string("account")
    let outcome = try object.rawValue(Outcome.self, "outcome")
    let error = try object.stringIfPresent("error")
    let errorPhrase = try object.decodeIfPresent(Phrase.self, "errorPhrase")
    let retryAt = try object.dateIfPresent("retryAt")
    let changes = try object.objectIfPresent(SyncRun.ChangeCounts.self, "changes")
    let points = try object.objectIfPresent(SyncRun.PointCounts.self, "points")
    let parked = try object.boolIfPresent("parked")
    self.init(
      account: account, outcome: outcome, error: error, errorPhrase: errorPhrase, retryAt: retryAt, changes: changes,
      points: points,
      parked: parked)
  }
}

extension SyncRun.ChangeCounts: JSONDirectlyDecodable {
  public init(json object: JSONObjectReader) throws {
    self.init(
      new: try object.integer(Int.self, "new"), changed: try object.integer(Int.self, "changed"),
      cancelled: try object.integer(Int.self, "cancelled"), removed: try object.integer(Int.self, "removed"))
  }
}

extension SyncRun.PointCounts: JSONDirectlyDecodable {
  public init(json object: JSONObjectReader) throws {
    self.init(stored: try object.integer(Int.self, "stored"), removed: try object.integer(Int.self, "removed"))
  }
}

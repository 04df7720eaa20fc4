import OutpostModel

// An agenda's lines by hand (JSONDirectlyEncodable/-Decodable), as ListedItem: the same members
// and errors as the synthesized Codable, which Foundation's coders check in
// DirectJSONCodingProperties.

extension ItemLine: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("allDay", allDay)
    object.member("amount", amount)
    object.member("currency", currency)
    object.member("endsAt", endsAt)
    object.member("location", location)
    object.member("number", number)
    object.member("startsAt", startsAt)
    object.member("status", status.rawValue)
    object.member("subtitle", subtitle)
    object.member("title", title)
  }

  /// In declaration order, as the synthesized `init(from:)` reads, so that the first wrong member
  /// is the one blamed.
  public init(json object: JSONObjectReader) throws {
    self.init(
      number: try object.int64("number"), title: try object.string("title"),
      startsAt: try object.dateIfPresent("startsAt"), endsAt: try object.dateIfPresent("endsAt"),
      location: try object.stringIfPresent("location"), status: try object.rawValue(ItemStatus.self, "status"),
      subtitle: try object.stringIfPresent("subtitle"), amount: try object.stringIfPresent("amount"),
      currency: try object.stringIfPresent("currency"), allDay: try object.boolIfPresent("allDay"))
  }
}

extension ItemsLines.Result: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    if let freshness { object.member("freshness", freshness) }
    object.member("lines", lines)
  }
  public init(json object: JSONObjectReader) throws {
    self.init(
      lines: try object.array(of: ItemLine.self, "lines"),
      freshness: try object.decodeIfPresent([AccountFreshness].self, "freshness"))
  }
}

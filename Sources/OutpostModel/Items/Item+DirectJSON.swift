// Item's JSON by hand (JSONDirectlyEncodable/-Decodable): the same members and errors as its
// synthesized Codable, which Foundation's coders check in DirectJSONCodingProperties.

extension Item: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("details", details)
    object.member("endsAt", endsAt)
    object.member("kind", kind.rawValue)
    object.member("link", link)
    object.member("location", location)
    object.member("startsAt", startsAt)
    object.member("status", status.rawValue)
    object.member("title", title)
    object.member("upstreamID", upstreamID)
  }

  /// In declaration order, as the synthesized `init(from:)` reads, so that the first wrong member
  /// is the one blamed.
  public init(json object: JSONObjectReader) throws {
    self.init(
      kind: ItemKind(rawValue: try object.string("kind")), upstreamID: try object.string("upstreamID"),
      title: try object.string("title"), startsAt: try object.dateIfPresent("startsAt"),
      endsAt: try object.dateIfPresent("endsAt"), location: try object.stringIfPresent("location"),
      status: try object.rawValue(ItemStatus.self, "status"), details: try object.value("details"),
      link: try object.stringIfPresent("link"))
  }
}

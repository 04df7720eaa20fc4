import OutpostModel

// An agenda's entries by hand (JSONDirectlyEncodable/-Decodable): `items.list` sends hundreds of
// them, and the generic coders' containers were a third of the daemon's reply and a quarter of
// the CLI's `outpost agenda` (issue 20). The same members and errors as the synthesized Codable,
// which Foundation's coders check in DirectJSONCodingProperties.

extension ListedItem: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("account", account)
    object.member("display", display)
    object.member("item", item)
    object.member("number", number)
    object.member("removedAt", removedAt)
    object.member("service", service)
    object.member("updatedAt", updatedAt)
  }

  public init(json object: JSONObjectReader) throws {
    self.init(
      number: try object.int64("number"), account: try object.string("account"),
      service: try object.stringIfPresent("service"), item: try object.object(Item.self, "item"),
      updatedAt: try object.date("updatedAt"), removedAt: try object.dateIfPresent("removedAt"),
      display: try object.objectIfPresent(ItemDisplay.self, "display"))
  }
}

extension ItemsList.Result: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    if let freshness { object.member("freshness", freshness) }
    object.member("items", items)
  }
  public init(json object: JSONObjectReader) throws {
    self.init(
      items: try object.array(of: ListedItem.self, "items"),
      freshness: try object.decodeIfPresent([AccountFreshness].self, "freshness"))
  }
}

extension ItemDisplay: JSONDirectlyEncodable, JSONDirectlyDecodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("allDay", allDay)
    object.member("amount", amount)
    object.member("currency", currency)
    if let fields { object.member("fields", fields) }
    object.member("noun", noun)
    object.member("subtitle", subtitle)
  }

  public init(json object: JSONObjectReader) throws {
    self.init(
      noun: try object.string("noun"), subtitle: try object.stringIfPresent("subtitle"),
      amount: try object.stringIfPresent("amount"), currency: try object.stringIfPresent("currency"),
      allDay: try object.boolIfPresent("allDay"), fields: try object.decodeIfPresent([Field].self, "fields"))
  }
}

extension ItemDisplay.Field: JSONDirectlyEncodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("format", format)
    object.member("label", label)
    object.member("value", value)
  }
}

import OutpostModel

/// `agility.categories`: the categories as last synced, built-in ones first, each with its kind
/// and Schedule C line, and how many custom ones count against Agility's limit of 20 (neither
/// archived nor deleted; agility.md §2.2), so that `categories add` can say so before queueing.
enum AgilityCategoryList {
  static func answer(items: [Item]) -> JSONValue {
    let categories = items.filter { $0.kind == .moneyCategory }.sorted {
      let system = ($0.details["isSystem"] == .bool(true), $1.details["isSystem"] == .bool(true))
      if system.0 != system.1 { return system.0 }
      return $0.title.lowercased() < $1.title.lowercased()
    }
    var custom = 0
    let list: [JSONValue] = categories.map { item in
      let system = item.details["isSystem"] == .bool(true)
      let archived = item.details["archived"] == .bool(true) || item.status == .closed
      if !system && !archived { custom += 1 }
      var object: [String: JSONValue] = [
        "id": .string(item.upstreamID), "name": .string(item.title), "system": .bool(system),
        "archived": .bool(archived),
      ]
      for key in ["kind", "scheduleCLine", "deductiblePct"] {
        if let value = item.details[key], value != .null { object[key] = value }
      }
      return .object(object)
    }
    return [
      "count": .int(Int64(list.count)), "custom": .int(Int64(custom)),
      "limit": .int(Int64(AgilityCategoryAdd.limit)), "categories": .array(list),
    ]
  }
}

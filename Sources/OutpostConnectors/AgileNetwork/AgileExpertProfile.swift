import OutpostModel

/// `agile.expert`: an expert's page as the app shows it (agile-network.md §6): who they are,
/// their stats (subscribers, what the library holds), whether the viewer follows or subscribes,
/// the offer, and the library, each item locked or not (`viewerCanAccess`). A locked item says
/// how to unlock it: the offer's checkout page (purchase happens on the web), else the expert's.
enum AgileExpertProfile {
  static func json(_ expert: JSONValue) -> JSONValue {
    guard case .object(var profile) = expert else { return expert }
    let unlock = expert["offer"]?["checkoutUrl"]?.stringValue ?? expert["webUrl"]?.stringValue
    var library: [JSONValue] = []
    var (videos, articles, locked) = (0, 0, 0)
    if case .array(let edges)? = expert["content"]?["edges"] {
      for edge in edges {
        // A kind this Outpost does not know yet (an enum value added later, §8) is left out,
        // as the sync leaves it out, not counted as an article.
        guard case .object(var item)? = edge["node"], item["type"] == "VIDEO" || item["type"] == "ARTICLE" else {
          continue
        }
        if item["type"] == "VIDEO" { videos += 1 } else { articles += 1 }
        let isLocked = item["viewerCanAccess"] == .bool(false)
        item["locked"] = .bool(isLocked)
        if isLocked {
          locked += 1
          if let unlock { item["unlockUrl"] = .string(unlock) }
        }
        library.append(.object(item))
      }
    }
    profile["content"] = nil
    profile["library"] = .array(library)
    profile["libraryMore"] = expert["content"]?["pageInfo"]?["hasNextPage"] ?? .bool(false)
    profile["stats"] = [
      "subscribers": expert["subscriberCount"] ?? .null, "videos": .int(Int64(videos)),
      "articles": .int(Int64(articles)), "locked": .int(Int64(locked)),
    ]
    let subscribed = expert["viewerSubscription"]?["status"]?.stringValue.map { $0 != "EXPIRED" } ?? false
    profile["subscribed"] = .bool(subscribed)
    if let unlock, !subscribed { profile["subscribeUrl"] = .string(unlock) }
    return .object(profile)
  }
}

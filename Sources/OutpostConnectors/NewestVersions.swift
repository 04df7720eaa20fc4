import OutpostModel

extension Item {
  /// One item per kind and id, the highest `details.version` winning: a change listing read
  /// with an overlap (RPP's inclusive watermark, Supabase's 60 s keyset margin) can bring an
  /// item twice. First-seen order is kept.
  public static func newestVersions(_ items: [Item]) -> [Item] {
    var index: [ItemKey: Int] = [:]
    var result: [Item] = []
    result.reserveCapacity(items.count)
    for item in items {
      let key = ItemKey(item.kind, item.upstreamID)
      if let at = index[key] {
        if (item.details["version"]?.int64Value ?? 0) >= (result[at].details["version"]?.int64Value ?? 0) {
          result[at] = item
        }
      } else {
        index[key] = result.count
        result.append(item)
      }
    }
    return result
  }
}

/// The `changes(since:first:)` feed (agile-network.md §6): per viewer, in server order, with a
/// cursor that names the last event read, when it was issued and the cursor generation (the
/// admin's "expire cursors" starts a new one). Cursors older than 30 days on the sandbox clock
/// are refused with CURSOR_EXPIRED, so the client resyncs.
struct AgileChangeCursor: Sendable, Equatable {
  let sequence: Int
  let issuedAt: Int
  let generation: Int

  static let lifetimeSeconds = 30 * 86_400

  /// `chg_000000481.1770000000.0`, zero-padded like the examples of §7.
  var text: String {
    let digits = String(sequence)
    return "chg_" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits + ".\(issuedAt).\(generation)"
  }

  init(sequence: Int, issuedAt: Int, generation: Int) {
    self.sequence = sequence
    self.issuedAt = issuedAt
    self.generation = generation
  }

  init?(text: String) {
    guard text.hasPrefix("chg_") else { return nil }
    let parts = text.dropFirst(4).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let sequence = Int(parts[0]), let issuedAt = Int(parts[1]),
      let generation = Int(parts[2]), sequence >= 0
    else { return nil }
    self.init(sequence: sequence, issuedAt: issuedAt, generation: generation)
  }
}

struct AgileChangeBatch: Sendable {
  let events: [AgileChangeEvent]
  let cursor: String
  let hasMore: Bool
}

extension AgileNetworkBrand {
  func changes(user userID: String, since: String?, first: Int, now: Int) throws(AgileGraphError) -> AgileChangeBatch {
    guard let since else {
      let head = AgileChangeCursor(sequence: sequence, issuedAt: now, generation: cursorGeneration)
      return AgileChangeBatch(events: [], cursor: head.text, hasMore: false)
    }
    guard let cursor = AgileChangeCursor(text: since), cursor.sequence <= sequence else {
      throw .badInput("since is not a cursor of this feed")
    }
    guard cursor.generation == cursorGeneration, now - cursor.issuedAt <= AgileChangeCursor.lifetimeSeconds else {
      throw .cursorExpired
    }
    var picked: [AgileChangeEvent] = []
    var last = sequence
    var hasMore = false
    // Events are kept in sequence order, so the first one after the cursor is found by search.
    var position = events.partitioningIndex { $0.sequence > cursor.sequence }
    while position < events.count {
      let event = events[position]
      position += 1
      guard isVisible(event, to: userID) else { continue }
      if picked.count == first {
        hasMore = true
        last = picked.last?.sequence ?? cursor.sequence
        break
      }
      picked.append(event)
    }
    let next = AgileChangeCursor(sequence: last, issuedAt: now, generation: cursorGeneration)
    return AgileChangeBatch(events: picked, cursor: next.text, hasMore: hasMore)
  }

  /// A viewer's own events, and brand-wide ones about experts they follow or subscribe to;
  /// promotions reach everyone.
  func isVisible(_ event: AgileChangeEvent, to userID: String) -> Bool {
    if let owner = event.user { return owner == userID }
    switch event.kind {
    case .promotion: return true
    default:
      guard let expert = event.expertIndex else { return false }
      let record = user(userID)
      return record.follows.contains(expert) || record.subscriptions.contains { $0.expertIndex == expert }
    }
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, for an array partitioned by it.
  fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

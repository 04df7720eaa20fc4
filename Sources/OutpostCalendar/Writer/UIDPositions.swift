/// Where each UID was first seen among a calendar's events, keyed by the UID's hash. A
/// `[String: Int]` compared the UID with every key its probe met, each a string elsewhere in
/// memory (`memcmp` was the profile's second symbol in rendering 10,000 events; this is 4 % of
/// the render, issue 20). Here a probe compares integers, and a string is compared only when
/// two hashes are equal: with the UID inserted for it (a duplicate, or two UIDs sharing a hash,
/// which go to `collided`).
struct UIDPositions {
  private var byHash: [Int: Int] = [:]
  /// UIDs whose hash an earlier UID already has.
  private var collided: [String: Int] = [:]
  private let hash: (String) -> Int

  /// `hash` is the UID's `hashValue`; tests give a poor one to exercise `collided`.
  init(capacity: Int, hash: @escaping (String) -> Int = { $0.hashValue }) {
    byHash.reserveCapacity(capacity)
    self.hash = hash
  }

  /// The position given for `uid`, if any. `uidAt` tells the UID inserted at a position.
  func position(of uid: String, uidAt: (Int) -> String) -> Int? {
    guard let position = byHash[hash(uid)] else { return nil }
    return uidAt(position) == uid ? position : collided[uid]
  }

  /// Records `uid` (not yet inserted) at `position`.
  mutating func insert(_ uid: String, at position: Int) {
    let key = hash(uid)
    if byHash[key] == nil { byHash[key] = position } else { collided[uid] = position }
  }
}

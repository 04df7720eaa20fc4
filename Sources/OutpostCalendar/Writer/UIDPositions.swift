/// Where each UID was first seen among a calendar's events: an open-addressing table of
/// positions, each slot with its UID's hash. A `[String: Int]` compared the UID with every key
/// its probe met, each a string elsewhere in memory (`memcmp` was the profile's second symbol in
/// rendering 10,000 events), and a table keyed by the hash hashed that hash again, twice a UID
/// (a look-up, then the insert): a fifth of writing a calendar once its events were written on
/// all cores (issue 20). Here a UID is hashed once, a probe compares integers, and a string is
/// compared only when two hashes are equal.
struct UIDPositions {
  /// A position, or -1 for an empty slot; `hashes[slot]` is its UID's hash.
  private var positions: [Int]
  private var hashes: [Int]
  private var count = 0
  private let hash: (String) -> Int

  /// `hash` is the UID's `hashValue`; tests give a poor one to make UIDs share hashes.
  init(capacity: Int, hash: @escaping (String) -> Int = { $0.hashValue }) {
    // At most half full: probes stay short.
    var size = 16
    while size < 2 * capacity { size *= 2 }
    positions = Array(repeating: -1, count: size)
    hashes = Array(repeating: 0, count: size)
    self.hash = hash
  }

  /// The position given to `uid` before, if any; otherwise `uid` is given `next` (and nil is
  /// returned). `uidAt` tells the UID given a position.
  mutating func firstPosition(of uid: String, else next: Int, uidAt: (Int) -> String) -> Int? {
    let uidHash = hash(uid)
    let mask = positions.count - 1
    var slot = uidHash & mask
    while positions[slot] >= 0 {
      if hashes[slot] == uidHash, uidAt(positions[slot]) == uid { return positions[slot] }
      slot = (slot + 1) & mask
    }
    positions[slot] = next
    hashes[slot] = uidHash
    count += 1
    if 2 * count > positions.count { grow() }
    return nil
  }

  /// Twice the slots, every entry placed again by its stored hash.
  private mutating func grow() {
    let old = zip(positions, hashes).filter { $0.0 >= 0 }
    positions = Array(repeating: -1, count: 2 * positions.count)
    hashes = Array(repeating: 0, count: positions.count)
    let mask = positions.count - 1
    for (position, uidHash) in old {
      var slot = uidHash & mask
      while positions[slot] >= 0 { slot = (slot + 1) & mask }
      positions[slot] = position
      hashes[slot] = uidHash
    }
  }
}

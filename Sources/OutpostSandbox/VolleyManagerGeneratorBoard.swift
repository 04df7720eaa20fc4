/// The second half of data generation: guaranteeing that small data sets still show every case
/// clients must handle, and filling the exchange board with other referees' entries and a few
/// of the user's own.
extension VolleyManagerGenerator {

  /// Small data sets could miss a case by chance; clients (and tests) need every one of them:
  /// a cancelled, a moved and a validated game, paid and editable compensations, a locked one
  /// in a regional association. Each fix uses a different assignment.
  mutating func ensureVariety(
    _ assignments: inout [VolleyManagerAssignment], games: inout [Int: VolleyManagerGame]
  ) {
    let past = assignments.indices.filter {
      games[assignments[$0].gameNumber]!.start < now && !assignments[$0].cancelled
    }
    let future = assignments.indices.filter {
      games[assignments[$0].gameNumber]!.start >= now && !assignments[$0].cancelled
    }
    func gameOf(_ index: Int) -> Int { assignments[index].gameNumber }
    if past.count >= 3 {
      if !past.contains(where: { assignments[$0].compensation.paymentDone == true }) {
        markPaid(&assignments[past[0]].compensation, start: games[gameOf(past[0])]!.start)
      }
      if games[gameOf(past[0])]!.scoresheetClosedAt == nil
        && !past.contains(where: { games[gameOf($0)]!.scoresheetClosedAt != nil })
      {
        games[gameOf(past[0])]!.scoresheetClosedAt = games[gameOf(past[0])]!.start + 8400
      }
      if !past.contains(where: { assignments[$0].compensation.isEditable }) {
        let last = past[past.count - 1]
        assignments[last].compensation.paymentDone = false
        assignments[last].compensation.paymentValueDate = ""
        assignments[last].compensation.lockedOnSite = false
      }
      if association.originId > 0 && !past.contains(where: { assignments[$0].compensation.lockedOnSite }) {
        assignments[past[1]].compensation.lockedOnSite = true
      }
    }
    if future.count >= 4 {
      if !assignments.contains(where: \.cancelled) { assignments[future[future.count - 1]].cancelled = true }
      if !assignments.contains(where: { games[$0.gameNumber]!.postponedAt != nil }) {
        postpone(&games[gameOf(future[0])]!)
      }
    }
  }

  // MARK: The exchange board

  /// About one in twelve upcoming assignments is already offered by the user (at least one).
  mutating func ownBoardEntries(
    _ assignments: [VolleyManagerAssignment], games: [Int: VolleyManagerGame]
  ) -> [VolleyManagerExchange] {
    let candidates = assignments.filter { !$0.cancelled && games[$0.gameNumber]!.start > now + 86_400 }
    var chosen = candidates.filter { _ in chance(0.08) }
    if chosen.isEmpty, candidates.count >= 3 { chosen = [candidates[1]] }
    return chosen.map { assignment in
      let game = games[assignment.gameNumber]!
      let submitted = now - (1 + Int(rng.next() % 5)) * 86_400 + Int(rng.next() % 86_400)
      return VolleyManagerExchange(
        id: uuid(), gameNumber: assignment.gameNumber, position: assignment.position,
        convocationID: assignment.id, status: .open,
        submittedAt: submitted, submittedBy: user, submittingType: "referee",
        requiredLevel: Catalog.requiredLevel(category: game.league.category), updatedAt: submitted)
    }
  }

  mutating func boardEntry(start: Int) -> (VolleyManagerGame, VolleyManagerExchange) {
    let game = makeGame(start: start, category: pick(categories))
    let position = pick(game.positions.filter { game.slots[$0] != nil })
    let submitted = now - (1 + Int(rng.next() % 20)) * 86_400 + Int(rng.next() % 86_400)
    var level = Catalog.requiredLevel(category: game.league.category)
    if level > 1 && chance(0.2) { level -= 1 }
    var entry = VolleyManagerExchange(
      id: uuid(), gameNumber: 0, position: position, convocationID: game.slots[position]!.convocationID,
      status: .open, submittedAt: submitted,
      submittedBy: game.slots[position]!.referee, submittingType: chance(0.9) ? "referee" : "admin",
      requiredLevel: level, updatedAt: submitted)
    if chance(0.15) { markApplied(&entry) }
    return (game, entry)
  }

  mutating func markApplied(_ entry: inout VolleyManagerExchange) {
    entry.status = .applied
    entry.appliedBy = Self.person(using: &rng)
    entry.appliedAt = min(now - 60, entry.submittedAt + 3600 * (1 + Int(rng.next() % 30)))
    entry.updatedAt = entry.appliedAt!
  }
}

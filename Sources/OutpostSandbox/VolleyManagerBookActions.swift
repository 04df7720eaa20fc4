/// The state changes a client can make upstream (§2.2: add to board, remove own entry, pick,
/// edit a compensation) and the ones the admin hooks make to create conflicts (move, cancel,
/// someone else applies). Pure value operations on one book; the endpoints map outcomes to
/// upstream replies.
extension VolleyManagerBook {
  enum Refusal: Error, Equatable {
    /// Upstream: 400 "No resource specified" (unknown or stale identity).
    case unknown
    /// The identity exists, but its state forbids the action.
    case notAllowed(String)
  }

  /// Convocations with an open entry on the board: `isOpenEntryInRefereeGameExchange == "1"`.
  var openEntryConvocations: Set<String> {
    Set(exchanges.lazy.filter { $0.status == .open }.map(\.convocationID))
  }

  func assignment(withConvocation id: String) -> VolleyManagerAssignment? {
    assignments.first { $0.id == id }
  }

  /// putRefereeConvocationIntoRefereeGameExchange: offers the user's own, active, upcoming
  /// convocation. An entry that is still open or already applied for blocks a second one.
  mutating func offer(
    convocation id: String, by user: VolleyManagerPerson, now: Int, newID: String
  ) -> Result<VolleyManagerExchange, Refusal> {
    guard let assignment = assignment(withConvocation: id), let game = games[assignment.gameNumber] else {
      return .failure(.unknown)
    }
    guard !assignment.cancelled, game.start > now else {
      return .failure(.notAllowed("This convocation can no longer be put into the referee game exchange."))
    }
    guard !exchanges.contains(where: { $0.convocationID == id && $0.status != .closed }) else {
      return .failure(.notAllowed("This convocation is already in the referee game exchange."))
    }
    let entry = VolleyManagerExchange(
      id: newID, gameNumber: assignment.gameNumber, position: assignment.position, convocationID: id,
      status: .open, submittedAt: now, submittedBy: user, submittingType: "referee",
      requiredLevel: VolleyManagerCatalog.requiredLevel(category: game.league.category), updatedAt: now)
    exchanges.append(entry)
    return .success(entry)
  }

  /// deleteFromRefereeGameExchange: all or nothing, like a Flow action that throws half-way
  /// inside one transaction. Each convocation needs an open entry submitted by the user.
  mutating func withdraw(convocations ids: [String], by user: VolleyManagerPerson) -> Result<Void, Refusal> {
    let indices = ids.map { id in
      exchanges.firstIndex { $0.convocationID == id && $0.status == .open && $0.submittedBy.id == user.id }
    }
    guard !ids.isEmpty, indices.allSatisfy({ $0 != nil }) else { return .failure(.unknown) }
    let doomed = Set(indices.compactMap { $0 })
    exchanges = exchanges.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
    return .success(())
  }

  /// pickFromRefereeGameExchange: an application (status `applied`), not yet an assignment;
  /// an admin decides later. Only open entries of others, at or below the user's level.
  mutating func apply(
    exchange id: String, by user: VolleyManagerPerson, now: Int
  ) -> Result<VolleyManagerExchange, Refusal> {
    guard let index = exchanges.firstIndex(where: { $0.id == id }), exchanges[index].status == .open else {
      return .failure(.unknown)
    }
    guard exchanges[index].submittedBy.id != user.id else {
      return .failure(.notAllowed("You cannot take over your own entry."))
    }
    guard exchanges[index].requiredLevel >= refereeLevel else {
      return .failure(.notAllowed("Your referee level is too low for this game."))
    }
    exchanges[index].status = .applied
    exchanges[index].appliedBy = user
    exchanges[index].appliedAt = now
    exchanges[index].updatedAt = now
    return .success(exchanges[index])
  }

  /// The admin hook "someone else applied": the same transition by a stranger.
  mutating func applyAsSomeoneElse(exchange id: String, person: VolleyManagerPerson, now: Int) -> Bool {
    guard let index = exchanges.firstIndex(where: { $0.id == id }), exchanges[index].status == .open else {
      return false
    }
    exchanges[index].status = .applied
    exchanges[index].appliedBy = person
    exchanges[index].appliedAt = now
    exchanges[index].updatedAt = now
    return true
  }

  /// The compensation PUT. Paid or on-site compensations are read-only (VolleyKit's rule).
  mutating func updateCompensation(
    id: String, distanceInMetres: Int?, correctionReason: String?
  ) -> Result<VolleyManagerAssignment, Refusal> {
    guard let index = assignments.firstIndex(where: { $0.compensation.id == id }) else { return .failure(.unknown) }
    guard assignments[index].compensation.isEditable, !assignments[index].cancelled else {
      return .failure(.notAllowed("This compensation has been paid or is paid out on site and cannot be edited."))
    }
    if let distanceInMetres { assignments[index].compensation.distanceInMetres = distanceInMetres }
    if let correctionReason { assignments[index].compensation.correctionReason = correctionReason }
    return .success(assignments[index])
  }

  /// Moves a game and records the postponement, with the convocations active at that moment.
  mutating func move(game number: Int, to start: Int, now: Int) -> Bool {
    guard var game = games[number] else { return false }
    game.start = start
    game.postponedAt = now
    game.postponementConvocations = game.slots.values.map(\.convocationID).sorted()
    if start > now { game.scoresheetClosedAt = nil }
    games[number] = game
    return true
  }

  /// Cancels the user's convocation for the game and closes the game's board entries.
  mutating func cancel(game number: Int, now: Int) -> Bool {
    guard games[number] != nil else { return false }
    for index in assignments.indices where assignments[index].gameNumber == number {
      assignments[index].cancelled = true
    }
    for index in exchanges.indices where exchanges[index].gameNumber == number && exchanges[index].status == .open {
      exchanges[index].status = .closed
      exchanges[index].updatedAt = now
    }
    return true
  }
}

/// The `refereeconvocation` controller: the user's assignments in the active association, and
/// putting one on (or taking it off) the exchange board.
enum VolleyManagerAssignments {
  static let startProperty = "refereeGame.game.startingDateTime"

  /// searchMyRefereeConvocations: filtered on the game's start, ordered by it (ascending unless
  /// the client asks otherwise), paged. Cancelled convocations are listed too, as upstream.
  static func search(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    let configuration = try VolleyManagerDataAPI.search(caller)
    let range = configuration.dateRange(on: startProperty)
    let (items, total) = context.sandbox.withState { state -> ([SandboxJSON], Int) in
      let book = state.data.book(caller.user, caller.association)
      let onBoard = book.openEntryConvocations
      var rows: [(VolleyManagerAssignment, VolleyManagerGame)] = book.assignments.compactMap { assignment in
        guard let game = book.games[assignment.gameNumber], range?.contains(game.start) ?? true else { return nil }
        return (assignment, game)
      }
      rows.sort { ($0.1.start, $0.1.number) < ($1.1.start, $1.1.number) }
      if configuration.descending == true { rows.reverse() }
      let page = configuration.page(rows).map { assignment, game in
        VolleyManagerRecordJSON.assignment(
          assignment, game: game, now: caller.now, onBoard: onBoard.contains(assignment.id))
      }
      return (page, rows.count)
    }
    return VolleyManagerDataAPI.list(items, total: total, context: context)
  }

  /// putRefereeConvocationIntoRefereeGameExchange, `refereeConvocation=<uuid>` (flat). The reply
  /// body is not documented upstream; the sandbox sends an empty 200 so clients cannot come to
  /// depend on one.
  static func offer(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    guard let id = caller.form["refereeConvocation"], !id.isEmpty else {
      throw VolleyManagerDataAPI.reject(.unknown)
    }
    let outcome = context.sandbox.withState { state in
      let newID = state.data.newIdentity("exchange")
      return state.data.change(caller.user, caller.association, now: caller.now) { book in
        let result = book.offer(convocation: id, by: caller.user.person, now: caller.now, newID: newID)
        return (result.isSuccess, result)
      }
    }
    if case .failure(let refusal) = outcome { throw VolleyManagerDataAPI.reject(refusal) }
    return emptyOK
  }

  /// deleteFromRefereeGameExchange, `refereeConvocations[i][__identity]=<uuid>` (a batch).
  static func withdraw(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    var ids: [String] = []
    while let id = caller.form["refereeConvocations[\(ids.count)][__identity]"] { ids.append(id) }
    let outcome = context.sandbox.withState { state in
      state.data.change(caller.user, caller.association, now: caller.now) { book in
        let result = book.withdraw(convocations: ids, by: caller.user.person)
        return (result.isSuccess, result)
      }
    }
    if case .failure(let refusal) = outcome { throw VolleyManagerDataAPI.reject(refusal) }
    return emptyOK
  }

  static let emptyOK = SandboxResponse(status: .ok, headers: [("Content-Type", "application/json")])
}

extension Result {
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}

extension VolleyManagerService {
  static let assignmentRoutes: [VolleyManagerRoute] = [
    VolleyManagerDataAPI.route(
      .POST, "refereeconvocation/searchMyRefereeConvocations", VolleyManagerAssignments.search),
    VolleyManagerDataAPI.route(
      .POST, "refereeconvocation/putRefereeConvocationIntoRefereeGameExchange", VolleyManagerAssignments.offer),
    VolleyManagerDataAPI.route(
      .POST, "refereeconvocation/deleteFromRefereeGameExchange", VolleyManagerAssignments.withdraw),
  ]
}

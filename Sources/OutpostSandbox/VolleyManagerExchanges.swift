/// The `refereegameexchange` controller: the exchange board ("Bourse") of the active
/// association, and taking an entry over.
enum VolleyManagerExchanges {
  /// search. Upstream returns **nothing** without a date range on the game's start (VolleyKit's
  /// code notes it), so the sandbox does too. A `status` enum filter narrows by status.
  static func search(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    let configuration = try VolleyManagerDataAPI.search(caller)
    guard let range = configuration.dateRange(on: VolleyManagerAssignments.startProperty) else {
      return VolleyManagerDataAPI.list([], total: 0, context: context)
    }
    let statuses = Set(configuration.enumValues(on: "status"))
    let (items, total) = context.sandbox.withState { state -> ([SandboxJSON], Int) in
      let book = state.data.book(caller.user, caller.association)
      var rows: [(VolleyManagerExchange, VolleyManagerGame)] = book.exchanges.compactMap { entry in
        guard let game = book.games[entry.gameNumber], range.contains(game.start),
          statuses.isEmpty || statuses.contains(entry.status.rawValue)
        else { return nil }
        return (entry, game)
      }
      rows.sort { ($0.1.start, $0.1.number, $0.0.id) < ($1.1.start, $1.1.number, $1.0.id) }
      if configuration.descending == true { rows.reverse() }
      let page = configuration.page(rows).map { entry, game in
        VolleyManagerRecordJSON.exchange(
          entry, game: game, now: caller.now,
          mayApply: entry.requiredLevel >= book.refereeLevel && entry.submittedBy.id != caller.user.personID)
      }
      return (page, rows.count)
    }
    return VolleyManagerDataAPI.list(items, total: total, context: context)
  }

  /// pickFromRefereeGameExchange, `refereeGameExchange[__identity]=<uuid>`. An entry that is
  /// gone, no longer open, or of another association is "No resource specified" (400).
  static func pick(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    guard let id = caller.form["refereeGameExchange[__identity]"] else {
      throw VolleyManagerDataAPI.reject(VolleyManagerPages.internalError("Required argument is not set."))
    }
    let person = caller.user.person
    let outcome = context.sandbox.withState { state in
      state.data.change(caller.user, caller.association, now: caller.now) { book in
        let result = book.apply(exchange: id, by: person, now: caller.now)
        return (result.isSuccess, result)
      }
    }
    switch outcome {
    case .success(let entry): return .json(.ok, VolleyManagerRecordJSON.pickReply(entry, user: person))
    case .failure(let refusal): throw VolleyManagerDataAPI.reject(refusal)
    }
  }
}

extension VolleyManagerService {
  static let exchangeRoutes: [VolleyManagerRoute] = [
    VolleyManagerDataAPI.route(.POST, "refereegameexchange/search", VolleyManagerExchanges.search),
    VolleyManagerDataAPI.route(.PUT, "refereegameexchange/pickFromRefereeGameExchange", VolleyManagerExchanges.pick),
  ]
}

/// Compensations: the `refereeconvocationcompensation` search (one record per past convocation
/// of the active association) and the `convocationcompensation` PUT that edits the distance or
/// the correction reason.
enum VolleyManagerCompensations {
  static let paymentDoneProperty = "convocationCompensation.paymentDone"
  static let field = "convocationCompensation"

  /// search. Games already played (before now) and not cancelled, newest first unless the
  /// client orders otherwise. `NOT_NULL` on paymentDone keeps records that carry the key at all
  /// (the only payment filter the API has; paid vs unpaid is sorted out by clients).
  static func search(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    let configuration = try VolleyManagerDataAPI.search(caller)
    let range = configuration.dateRange(on: VolleyManagerAssignments.startProperty)
    let notNull = configuration.hasNotNullFilter(on: paymentDoneProperty)
    let (items, total) = context.sandbox.withState { state -> ([SandboxJSON], Int) in
      let book = state.data.book(caller.user, caller.association)
      var rows: [(VolleyManagerAssignment, VolleyManagerGame)] = book.assignments.compactMap { assignment in
        guard let game = book.games[assignment.gameNumber], game.start < caller.now, !assignment.cancelled,
          range?.contains(game.start) ?? true, !notNull || assignment.compensation.paymentDone != nil
        else { return nil }
        return (assignment, game)
      }
      rows.sort { ($0.1.start, $0.1.number) > ($1.1.start, $1.1.number) }
      if configuration.descending == false { rows.reverse() }
      let page = configuration.page(rows).map { assignment, game in
        VolleyManagerRecordJSON.compensationRecord(assignment, game: game, now: caller.now, user: caller.user)
      }
      return (page, rows.count)
    }
    return VolleyManagerDataAPI.list(items, total: total, context: context)
  }

  /// PUT convocationcompensation. The identity must be nested, `convocationCompensation[__identity]`;
  /// Flow cannot map a flat `__identity` and answers 500, as it does for a distance that is not
  /// a whole number. Paid or on-site compensations are refused. Replies with the updated record.
  static func update(_ context: VolleyManagerContext, _ caller: VolleyManagerCaller) throws(VolleyManagerRejection)
    -> SandboxResponse
  {
    guard let id = caller.form["\(field)[__identity]"] else {
      throw VolleyManagerDataAPI.reject(
        VolleyManagerPages.internalError(
          "Exception while property mapping for target type \"ConvocationCompensation\": no identity given."))
    }
    var distance: Int?
    if let text = caller.form["\(field)[distanceInMetres]"] {
      guard let metres = Int(text), (0...2_000_000).contains(metres) else {
        throw VolleyManagerDataAPI.reject(
          VolleyManagerPages.internalError("Could not map \"\(text)\" to an integer for distanceInMetres."))
      }
      distance = metres
    }
    let reason = caller.form["\(field)[correctionReason]"]
    let outcome = context.sandbox.withState { state in
      state.data.change(caller.user, caller.association, now: caller.now) { book in
        let result = book.updateCompensation(id: id, distanceInMetres: distance, correctionReason: reason)
        return (result.isSuccess, result)
      }
    }
    switch outcome {
    case .success(let assignment):
      return .json(.ok, .object([(field, VolleyManagerRecordJSON.compensation(assignment.compensation))]))
    case .failure(let refusal): throw VolleyManagerDataAPI.reject(refusal)
    }
  }
}

extension VolleyManagerService {
  static let compensationRoutes: [VolleyManagerRoute] = [
    VolleyManagerDataAPI.route(.POST, "refereeconvocationcompensation/search", VolleyManagerCompensations.search),
    VolleyManagerDataAPI.route(.PUT, "convocationcompensation", VolleyManagerCompensations.update),
  ]
}

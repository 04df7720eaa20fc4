/// The list items of the three searches and the action replies, shaped like §3.3–§3.5. The
/// full shape is always returned; upstream trims it to `propertyRenderConfiguration`, but a
/// client that asks for the fields it reads gets them either way.
enum VolleyManagerRecordJSON {
  typealias Game = VolleyManagerGameJSON

  /// One item of searchMyRefereeConvocations.
  static func assignment(
    _ assignment: VolleyManagerAssignment, game: VolleyManagerGame, now: Int, onBoard: Bool
  ) -> SandboxJSON {
    let compensation = assignment.compensation
    return .object([
      ("__identity", .string(assignment.id)),
      ("persistenceObjectIdentifier", .string(assignment.id)),
      ("refereeConvocationStatus", .string(assignment.cancelled ? "cancelled" : "active")),
      ("refereePosition", .string(assignment.position.rawValue)),
      ("confirmationStatus", .string(assignment.confirmedAt == nil ? "pending" : "confirmed")),
      ("confirmationDate", Game.timestamp(assignment.confirmedAt)),
      ("isOpenEntryInRefereeGameExchange", Game.flag(onBoard)),
      ("hasLastMessageToReferee", Game.flag(assignment.hasMessage)),
      ("hasLinkedDoubleConvocation", "0"),
      ("linkedDoubleConvocationGameNumberAndRefereePosition", .null),
      ("refereeGame", Game.refereeGame(game, now: now, nullGroupWhenValidated: true)),
      (
        "convocationCompensation",
        .object([
          ("__identity", .string(compensation.id)),
          ("paymentDone", .bool(compensation.paymentDone ?? false)),
          ("lockPayoutOnSiteCompensation", .bool(compensation.lockedOnSite)),
          ("lockPayoutCentralPayoutCompensation", .bool(compensation.paymentDone == true)),
          ("methodOfDisbursementArbitration", .string(disbursement(compensation))),
          ("distanceInMetres", .int(compensation.distanceInMetres)),
          ("transportationMode", .string(compensation.transportationMode)),
          ("gameCompensation", .int(compensation.gameCompensation)),
          ("travelExpenses", .int(compensation.travelExpenses)),
        ])
      ),
    ])
  }

  /// One item of refereeconvocationcompensation/search: a convocation again (its `__identity`
  /// is the convocation's), with the computed compensation fields only this search offers.
  static func compensationRecord(
    _ assignment: VolleyManagerAssignment, game: VolleyManagerGame, now: Int, user: SandboxUser
  ) -> SandboxJSON {
    .object([
      ("__identity", .string(assignment.id)),
      ("refereeConvocationStatus", .string(assignment.cancelled ? "cancelled" : "active")),
      ("refereePosition", .string(assignment.position.rawValue)),
      ("compensationDate", Game.timestamp(game.start)),
      (
        "refereeGame",
        .object([
          ("__identity", .string(game.refereeGameID)),
          ("isGameInFuture", Game.flag(game.start > now)),
          ("game", Game.game(game, displayName: true)),
        ])
      ),
      ("convocationCompensation", compensation(assignment.compensation)),
      (
        "indoorAssociationReferee",
        .object([("indoorReferee", .object([("person", .object([("associationId", .int(user.svNumber))]))]))])
      ),
    ])
  }

  /// `convocationCompensation` in full, as the compensation search and the PUT reply show it.
  static func compensation(_ record: VolleyManagerCompensation) -> SandboxJSON {
    let travel = record.travelExpenses
    var members: [(String, SandboxJSON)] = [
      ("__identity", .string(record.id)),
      ("gameCompensation", .int(record.gameCompensation)),
      ("gameCompensationFormatted", .string(francs(record.gameCompensation))),
      ("travelExpenses", .int(travel)),
      ("travelExpensesFormatted", .string(francs(travel))),
      ("overnightStayExpensesFormatted", "0.00"),
      ("cateringExpensesFormatted", "0.00"),
      ("costFormatted", .string(francs(record.gameCompensation + travel))),
      ("hasFlexibleGameCompensations", false),
      ("hasFlexibleTravelExpenses", .bool(record.isEditable)),
      ("hasFlexibleOvernightStayExpenses", false),
      ("hasFlexibleCateringExpenses", false),
      ("distanceInMetres", .int(record.distanceInMetres)),
      ("distanceFormatted", .string(kilometres(record.distanceInMetres))),
      ("transportationMode", .string(record.transportationMode)),
    ]
    // Upstream sometimes leaves paymentDone out altogether; clients must read "absent" as unpaid.
    if let paid = record.paymentDone { members.append(("paymentDone", .bool(paid))) }
    members += [
      ("paymentValueDate", record.paymentValueDate.map { .string($0) } ?? .null),
      ("paymentUpdatedByAssociation", record.paidBy.map { .object([("name", .string($0))]) } ?? .null),
      ("lockPayoutOnSiteCompensation", .bool(record.lockedOnSite)),
      ("lockPayoutCentralPayoutCompensation", .bool(record.paymentDone == true)),
      ("methodOfDisbursementArbitration", .string(disbursement(record))),
      ("correctionReason", record.correctionReason.map { .string($0) } ?? .null),
    ]
    return .object(members)
  }

  /// One item of refereegameexchange/search.
  static func exchange(
    _ entry: VolleyManagerExchange, game: VolleyManagerGame, now: Int, mayApply: Bool
  ) -> SandboxJSON {
    .object([
      ("__identity", .string(entry.id)),
      ("persistenceObjectIdentifier", .string(entry.id)),
      ("status", .string(entry.status.rawValue)),
      ("refereePosition", .string(entry.position.rawValue)),
      ("submittingType", .string(entry.submittingType)),
      ("submittedAt", Game.timestamp(entry.submittedAt)),
      ("submittedByPerson", Game.person(entry.submittedBy)),
      ("requiredRefereeLevel", .string(entry.levelName)),
      // A string here, an integer in the pick reply: upstream's own inconsistency.
      ("requiredRefereeLevelGradationValue", .string(String(entry.gradation))),
      ("appliedBy", appliedBy(entry)),
      ("appliedAt", Game.timestamp(entry.appliedAt)),
      ("latestReminderToChampionshipOwnerSentAt", .null),
      ("latestReminderToSubmittingTypeSentAt", .null),
      ("refereeGame", Game.refereeGame(game, now: now, offered: entry.position, withNames: true)),
      ("_permissions", permissions(mayApply: mayApply && entry.status == .open)),
    ])
  }

  /// The reply of pickFromRefereeGameExchange.
  static func pickReply(_ entry: VolleyManagerExchange, user: VolleyManagerPerson) -> SandboxJSON {
    .object([
      (
        "refereeGameExchange",
        .object([
          ("__identity", .string(entry.id)),
          ("status", .string(entry.status.rawValue)),
          ("refereePosition", .string(entry.position.rawValue)),
          ("submittingType", .string(entry.submittingType)),
          ("submittedAt", Game.timestamp(entry.submittedAt)),
          ("appliedAt", Game.timestamp(entry.appliedAt)),
          ("requiredRefereeLevel", .string(entry.levelName)),
          ("requiredRefereeLevelGradationValue", .int(entry.gradation)),
          ("createdAt", Game.timestamp(entry.submittedAt)),
          ("createdBy", .string(entry.submittedBy.displayName)),
          ("updatedAt", Game.timestamp(entry.updatedAt)),
          ("updatedBy", .string(user.displayName)),
          ("_permissions", permissions(mayApply: false)),
        ])
      )
    ])
  }

  private static func appliedBy(_ entry: VolleyManagerExchange) -> SandboxJSON {
    guard let person = entry.appliedBy else { return .null }
    return .object([
      ("__identity", .string(SandboxIdentifiers.stableUUID("association-referee:\(person.id)"))),
      (
        "indoorReferee",
        .object([
          ("person", .object([("__identity", .string(person.id)), ("displayName", .string(person.displayName))]))
        ])
      ),
    ])
  }

  /// `properties.appliedBy.update` is how the web app knows it may take the entry over.
  private static func permissions(mayApply: Bool) -> SandboxJSON {
    .object([
      ("object", .object([("create", false), ("read", true), ("update", .bool(mayApply)), ("delete", false)])),
      (
        "properties",
        .object([
          (
            "appliedBy",
            .object([("create", false), ("read", true), ("update", .bool(mayApply)), ("required", false)])
          )
        ])
      ),
    ])
  }

  private static func disbursement(_ record: VolleyManagerCompensation) -> String {
    record.lockedOnSite ? "payout_on_site" : "central_payout"
  }

  /// "50.00": whole francs with two decimals.
  private static func francs(_ amount: Int) -> String { "\(amount).00" }

  /// "96.3 km".
  private static func kilometres(_ metres: Int) -> String { "\(metres / 1000).\(metres % 1000 / 100) km" }
}

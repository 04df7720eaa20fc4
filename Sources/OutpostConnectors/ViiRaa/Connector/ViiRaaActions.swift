import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  public static let viiraaLogGlucose = ActionType("viiraa.log-glucose")
  public static let viiraaLogWeight = ActionType("viiraa.log-weight")
  public static let viiraaUploadImport = ActionType("viiraa.upload-import")
  public static let viiraaReminderDone = ActionType("viiraa.reminder-done")
  public static let viiraaReminderSnooze = ActionType("viiraa.reminder-snooze")
  public static let viiraaInsightRead = ActionType("viiraa.insight-read")
}

/// What ViiRaa can be told (viiraa.md §3), every one safe to send twice: new rows carry an id
/// (and a dedup key) made here when queued, so a second insert inserts nothing; updates are
/// preconditioned on the row's `version` as last synced.
extension ViiRaaConnector {
  public static let actions: [ActionDeclaration] = [
    ActionDeclaration(
      name: .viiraaLogGlucose, service: descriptor.kind, summary: "record a glucose value typed in (not a sensor's)",
      targets: [],
      parameters: [
        ActionParameter(
          "value", .string, required: true, summary: "112, 112mg/dL or 6.2mmol/L (without a unit: mg/dL)",
          maxLength: 32),
        ActionParameter("at", .dateTime, summary: "when it was measured (default: now)"),
      ],
      sent: LocalizedText(
        en: "recorded a glucose value for {0}", de: "Glukosewert erfasst: {0}", fr: "glycémie enregistrée : {0}",
        it: "glicemia registrata: {0}")),
    ActionDeclaration(
      name: .viiraaLogWeight, service: descriptor.kind, summary: "record a weighing", targets: [],
      parameters: [
        ActionParameter(
          "value", .string, required: true, summary: "81.4kg or 179.5lb (without a unit: kg)", maxLength: 32),
        ActionParameter("at", .dateTime, summary: "when (default: now)"),
        ActionParameter("note", .string, summary: "a note kept with it", maxLength: 500),
      ],
      sent: LocalizedText(
        en: "recorded a weighing for {0}", de: "Gewicht erfasst: {0}", fr: "pesée enregistrée : {0}",
        it: "peso registrato: {0}")),
    ActionDeclaration(
      name: .viiraaUploadImport, service: descriptor.kind,
      summary: "upload a CGM file import (queued by `outpost viiraa import`)", targets: [],
      sent: LocalizedText(
        en: "uploaded CGM readings for {0}", de: "CGM-Werte hochgeladen: {0}", fr: "mesures CGM envoyées : {0}",
        it: "letture CGM caricate: {0}")),
    ActionDeclaration(
      name: .viiraaReminderDone, service: descriptor.kind, summary: "mark a coaching reminder done",
      targets: [.coachingReminder],
      sent: LocalizedText(en: "marked {0} done", de: "erledigt: {0}", fr: "fait : {0}", it: "fatto: {0}")),
    ActionDeclaration(
      name: .viiraaReminderSnooze, service: descriptor.kind,
      summary: "move a coaching reminder's next occurrence later",
      targets: [.coachingReminder],
      parameters: [
        ActionParameter("minutes", .int, summary: "how long (default 30)", minimum: 5, maximum: 24 * 60)
      ], sent: LocalizedText(en: "snoozed {0}", de: "später erinnern: {0}", fr: "reporté : {0}", it: "posticipato: {0}")
    ),
    ActionDeclaration(
      name: .viiraaInsightRead, service: descriptor.kind, summary: "mark an insight read", targets: [.insight],
      sent: LocalizedText(en: "marked {0} read", de: "gelesen: {0}", fr: "lu : {0}", it: "letto: {0}")),
  ]

  public static func prepare(_ type: ActionType, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction
  {
    let at = params["at"]?.stringValue.flatMap(UTCTimestamp.parse) ?? now
    if at > now.addingTimeInterval(300) { throw .invalidParams("a reading cannot be from the future") }
    let id = UUID().uuidString.lowercased()
    switch type {
    case .viiraaLogGlucose:
      let mgdl = try ViiRaaEntry.glucose(params["value"]?.stringValue ?? "")
      let key = GlucoseReading.dedupKey(family: "manual", serial: nil, kind: .manual, at: at)
      let row: JSONValue = [
        "id": .string(id), "measured_at": .string(UTCTimestamp.format(at)), "value_mgdl": .double(mgdl),
        "kind": "manual", "source": "manual", "dedup_key": .string(key),
      ]
      return PreparedAction(target: id, params: ["row": row])
    case .viiraaLogWeight:
      let kg = try ViiRaaEntry.weight(params["value"]?.stringValue ?? "")
      let key = "manual:-:weight:" + UTCTimestamp.format(at)
      var row: [String: JSONValue] = [
        "id": .string(id), "measured_at": .string(UTCTimestamp.format(at)), "weight_kg": .double(kg),
        "source": "manual", "dedup_key": .string(key),
      ]
      if let note = params["note"]?.stringValue, !note.isEmpty { row["note"] = .string(note) }
      return PreparedAction(target: id, params: ["row": .object(row)])
    case .viiraaUploadImport:
      throw .notAllowed("imports are queued by `outpost viiraa import FILE`")
    default:
      throw .notAllowed("\(type.rawValue) is done to an item, not to the account")
    }
  }

  public static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    guard let version = item.details["version"]?.int64Value else {
      throw .said(
        LocalizedText(
          en: "it was made here and is not at the service yet; sync first",
          de: "es wurde hier erstellt und ist noch nicht beim Dienst; zuerst synchronisieren",
          fr: "il a été créé ici et n'est pas encore sur le service ; synchronisez d'abord",
          it: "è stato creato qui e non è ancora sul servizio; sincronizza prima"))
    }
    switch type {
    case .viiraaReminderDone, .viiraaReminderSnooze:
      guard let id = item.details["reminderId"]?.stringValue else { throw .notAllowed("it is not a coaching reminder") }
      if type == .viiraaReminderDone {
        guard item.status != .closed else {
          throw .said(
            LocalizedText(
              en: "it is already done", de: "es ist schon erledigt", fr: "c'est déjà fait", it: "è già fatto"))
        }
        // The service keeps one "last done" time: done now counts for the occurrence nearest
        // to now, so a later one cannot be marked done yet.
        if let from = item.details["doneFrom"]?.stringValue.flatMap(UTCTimestamp.parse), now < from {
          throw .notAllowed(
            "it is due \(UTCTimestamp.format(item.startsAt ?? from)); it can be marked done from \(UTCTimestamp.format(from)) on"
          )
        }
        return PreparedAction(
          target: id, params: ["version": .int(version), "last_completed_at": .string(UTCTimestamp.format(now))])
      }
      let minutes = params["minutes"]?.int64Value ?? 30
      let base = max(now, item.startsAt ?? now)
      return PreparedAction(
        target: id,
        params: [
          "version": .int(version),
          "snoozed_until": .string(UTCTimestamp.format(base.addingTimeInterval(TimeInterval(minutes * 60)))),
        ])
    case .viiraaInsightRead:
      guard item.status != .closed else {
        throw .said(
          LocalizedText(en: "it is already read", de: "es ist schon gelesen", fr: "c'est déjà lu", it: "è già letto"))
      }
      return PreparedAction(
        target: item.upstreamID, params: ["version": .int(version), "read_at": .string(UTCTimestamp.format(now))])
    default:
      throw .notAllowed("ViiRaa has no action \(type.rawValue) on an item")
    }
  }

  public func perform(_ action: ActionRequest, session: SupabaseSession) async throws(ConnectorError)
    -> ActionOutcome
  {
    try usable(session)
    switch action.type {
    case .viiraaLogGlucose: return try await insertOne("glucose_readings", action, session)
    case .viiraaLogWeight: return try await insertOne("weight_readings", action, session)
    case .viiraaUploadImport: return try await upload(action, session)
    case .viiraaReminderDone: return try await patch("coaching_reminders", action, column: "last_completed_at", session)
    case .viiraaReminderSnooze: return try await patch("coaching_reminders", action, column: "snoozed_until", session)
    case .viiraaInsightRead: return try await patch("insights", action, column: "read_at", session)
    default: throw .unsupported("ViiRaa has no action \(action.type.rawValue)")
    }
  }

  /// A new row with the id made when it was queued: sent again after a crash, it inserts
  /// nothing and the empty answer is looked up by id.
  private func insertOne(_ table: String, _ action: ActionRequest, _ session: SupabaseSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let row = action.params["row"], let id = row["id"]?.stringValue else {
      throw .unsupported("\(action.type.rawValue): the queued action lacks its row")
    }
    if let inserted = try await data.insert(table, rows: [row], onConflict: "id", session: session).first {
      return .done(inserted)
    }
    let existing = try await data.page(table, query: "select=id&id=eq.\(id)", session: session)
    if !existing.isEmpty { return .alreadyDone }
    // Not inserted and not there: another row of the user has the same dedup key (the same
    // instant typed in twice).
    return .conflict(
      .inline(
        LocalizedText(
          en: "a value for the same moment is already recorded",
          de: "für denselben Zeitpunkt ist schon ein Wert erfasst",
          fr: "une valeur est déjà enregistrée pour le même moment",
          it: "per lo stesso momento è già registrato un valore")),
      serverState: nil)
  }

  /// The rows of one import in batches of 500, keyed by their dedup key: a batch sent again
  /// (a restart halfway) inserts only what is missing. Rows already there are not an error.
  private func upload(_ action: ActionRequest, _ session: SupabaseSession) async throws(ConnectorError) -> ActionOutcome
  {
    guard let batch = action.params["batch"]?.stringValue,
      let rows = ViiRaaImportRows.rows(action.params, batch: batch)
    else {
      throw .unsupported("viiraa.upload-import: the queued action lacks its rows")
    }
    var inserted = 0
    var start = 0
    while start < rows.count {
      let slice = Array(rows[start..<min(start + 500, rows.count)])
      inserted += try await data.insert(
        "glucose_readings", rows: slice, onConflict: "user_id,dedup_key", session: session
      ).count
      start += 500
    }
    if inserted == 0 && !rows.isEmpty { return .alreadyDone }
    return .done(["batch": .string(batch), "inserted": .int(Int64(inserted)), "rows": .int(Int64(rows.count))])
  }

  /// `PATCH ?id=eq.<id>&version=eq.<n>`: `[]` means the row changed or went; a second look
  /// tells a conflict from a change that already happened.
  private func patch(
    _ table: String, _ action: ActionRequest, column: String, _ session: SupabaseSession
  ) async throws(ConnectorError)
    -> ActionOutcome
  {
    guard let version = action.params["version"]?.int64Value, let value = action.params[column] else {
      throw .unsupported("\(action.type.rawValue): the queued action lacks its version")
    }
    let id = FormEncoding.percentEncode(action.target)
    if let updated = try await data.update(
      table, filter: "id=eq.\(id)&version=eq.\(version)", values: .object([column: value]), session: session
    ).first {
      return .done(updated)
    }
    guard let current = try await data.page(table, query: "select=*&id=eq.\(id)", session: session).first,
      current["deleted_at"]?.stringValue == nil
    else {
      return .conflict(
        .inline(
          LocalizedText(
            en: "it was deleted at ViiRaa", de: "es wurde bei ViiRaa gelöscht", fr: "il a été supprimé chez ViiRaa",
            it: "è stato eliminato su ViiRaa")), serverState: nil)
    }
    // Compared as instants: the service writes `+00:00` where the request said `Z`.
    let now = current[column]?.stringValue.flatMap(UTCTimestamp.parse)
    if current[column] == value || (now != nil && now == value.stringValue.flatMap(UTCTimestamp.parse)) {
      return .alreadyDone
    }
    // `read_at` only ever goes from null to a time: read elsewhere is as good as read here.
    if column == "read_at", current[column]?.stringValue != nil { return .alreadyDone }
    return .conflict(
      .inline(
        LocalizedText(
          en: "it was changed at ViiRaa since the last sync",
          de: "es wurde seit der letzten Synchronisierung bei ViiRaa geändert",
          fr: "il a été modifié chez ViiRaa depuis la dernière synchronisation",
          it: "è stato modificato su ViiRaa dall'ultima sincronizzazione")), serverState: current)
  }
}

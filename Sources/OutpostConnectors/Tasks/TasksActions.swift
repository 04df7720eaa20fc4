import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  public static let taskComplete = ActionType("tasks.complete")
  public static let taskReschedule = ActionType("tasks.reschedule")
}

/// Complete or reschedule a task. The precondition is the row's `version` as last synced (its
/// `updated_at` for actions queued before versions were kept), sent as a filter of the update
/// (supabase.md §7): a row changed upstream meanwhile is not updated, and a second look tells a
/// conflict from an update that already happened (a crash after sending). `updated_at` alone
/// is not enough: one transaction's rows share one `now()`, and a clock can stand still.
extension TasksConnector {
  public static let actions: [ActionDeclaration] = [
    ActionDeclaration(
      name: .taskComplete, service: descriptor.kind, summary: "mark a task as done", targets: [.task],
      sent: LocalizedText(en: "completed {0}", de: "erledigt: {0}", fr: "terminée : {0}", it: "completata: {0}")),
    ActionDeclaration(
      name: .taskReschedule, service: descriptor.kind, summary: "move a task's due time", targets: [.task],
      parameters: [ActionParameter("due", .dateTime, required: true, summary: "the new due time")],
      sent: LocalizedText(
        en: "rescheduled {0}", de: "neu terminiert: {0}", fr: "replanifiée : {0}", it: "ripianificata: {0}")),
  ]

  public static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    guard let version = item.details["updatedAt"]?.stringValue else {
      throw .said(
        LocalizedText(
          en: "it was synced incompletely", de: "es wurde unvollständig synchronisiert",
          fr: "il a été synchronisé incomplètement", it: "è stato sincronizzato in modo incompleto"))
    }
    switch type {
    case .taskComplete:
      guard item.status != .closed else {
        throw .said(
          LocalizedText(
            en: "the task is already done", de: "die Aufgabe ist schon erledigt", fr: "la tâche est déjà faite",
            it: "l'attività è già fatta"))
      }
      return PreparedAction(target: item.upstreamID, params: .object(precondition(item, updatedAt: version)))
    case .taskReschedule:
      guard item.status != .closed else {
        throw .said(
          LocalizedText(
            en: "the task is done", de: "die Aufgabe ist erledigt", fr: "la tâche est faite", it: "l'attività è fatta"))
      }
      guard let due = params["due"] else { throw .invalidParams("tasks.reschedule needs due") }
      var params = precondition(item, updatedAt: version)
      params["due"] = due
      return PreparedAction(target: item.upstreamID, params: .object(params))
    default:
      throw .notAllowed("the tasks service has no action \(type.rawValue)")
    }
  }

  /// The row as last synced, as the update's filter will name it.
  private static func precondition(_ item: Item, updatedAt: String) -> [String: JSONValue] {
    var params: [String: JSONValue] = ["updatedAt": .string(updatedAt)]
    if let version = item.details["version"]?.int64Value { params["version"] = .int(version) }
    return params
  }

  public func perform(_ action: ActionRequest, session: SupabaseSession) async throws(ConnectorError)
    -> ActionOutcome
  {
    try Self.usable(session)
    guard let id = Int64(action.target), let version = action.params["updatedAt"]?.stringValue else {
      throw .unsupported("\(action.type.rawValue): the queued action lacks its target or version")
    }
    let values: JSONValue
    let effect: @Sendable (JSONValue) -> Bool
    switch action.type {
    case .taskComplete:
      values = ["done": true]
      effect = { $0["done"] == .bool(true) }
    case .taskReschedule:
      guard let dueText = action.params["due"]?.stringValue, let due = UTCTimestamp.parse(dueText) else {
        throw .unsupported("tasks.reschedule: the queued action lacks its due time")
      }
      values = ["due_at": .string(dueText)]
      effect = { row in row["due_at"]?.stringValue.flatMap(UTCTimestamp.parse) == due }
    default:
      throw .unsupported("the tasks service has no action \(action.type.rawValue)")
    }
    let filter =
      action.params["version"]?.int64Value.map { "id=eq.\(id)&version=eq.\($0)" }
      ?? "id=eq.\(id)&updated_at=eq.\(FormEncoding.percentEncode(version))"
    if let updated = try await data.update("tasks", filter: filter, values: values, session: session).first {
      return .done(updated)
    }
    // Nothing matched: the row changed (or went) since the last sync. Look at it now.
    guard let current = try await data.rows("tasks", query: "select=*&id=eq.\(id)", session: session).first,
      current["deleted_at"]?.stringValue == nil
    else {
      return .conflict(
        .inline(
          LocalizedText(
            en: "the task was deleted at the service", de: "die Aufgabe wurde beim Dienst gelöscht",
            fr: "la tâche a été supprimée chez le service", it: "l'attività è stata eliminata presso il servizio")),
        serverState: nil)
    }
    if effect(current) { return .alreadyDone }
    return .conflict(
      .inline(
        LocalizedText(
          en: "the task was changed at the service since the last sync",
          de: "die Aufgabe wurde seit der letzten Synchronisierung beim Dienst geändert",
          fr: "la tâche a été modifiée chez le service depuis la dernière synchronisation",
          it: "l'attività è stata modificata presso il servizio dall'ultima sincronizzazione")), serverState: current)
  }
}

/// A retry after a conflict is made over the service's copy, its `version` (supabase.md §7).
extension TasksConnector: RebasingConnector {
  public static func rebase(_ type: ActionType, params: JSONValue, over serverState: JSONValue) -> JSONValue? {
    guard case .object(var members) = params, let version = serverState["version"]?.int64Value else { return nil }
    members["version"] = .int(version)
    // The stamp goes with it, for a table without versions.
    if let stamp = serverState["updated_at"] { members["updatedAt"] = stamp }
    return .object(members)
  }
}

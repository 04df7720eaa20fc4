import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  public static let agilityMarkPaid = ActionType("agility.mark-paid")
  public static let agilitySendInvoice = ActionType("agility.send-invoice")
  public static let agilityRecategorise = ActionType("agility.recategorise")
  public static let agilityCreateDraft = ActionType("agility.create-draft")
  public static let agilityEditDraft = ActionType("agility.edit-draft")
  public static let agilityUploadImport = ActionType("agility.upload-import")
}

/// What Agility can be told (agility.md §3, §5.5), every one safe to send twice: new rows
/// carry ids made when queued, so a second insert inserts nothing; updates are preconditioned
/// on the row's `version` as last synced, and a precondition that no longer holds is a
/// conflict shown with the server's copy, never a silent overwrite.
extension AgilityConnector {
  public static let actions: [ActionDeclaration] = [
    ActionDeclaration(
      name: .agilityMarkPaid, service: descriptor.kind,
      summary: "record a payment on a sent invoice: all of it (paid) or a part (status kept)",
      targets: [.invoice],
      parameters: [
        ActionParameter("amount", .decimal, summary: "dollars received (default: everything open)", minimum: 0.01)
      ],
      sent: LocalizedText(
        en: "marked {0} paid", de: "als bezahlt markiert: {0}", fr: "marquée payée : {0}",
        it: "segnata come pagata: {0}")),
    ActionDeclaration(
      name: .agilitySendInvoice, service: descriptor.kind, summary: "send a draft invoice to its client by e-mail",
      targets: [.invoice],
      sent: LocalizedText(en: "sent {0}", de: "gesendet: {0}", fr: "envoyée : {0}", it: "inviata: {0}")),
    ActionDeclaration(
      name: .agilityRecategorise, service: descriptor.kind, summary: "file a transaction under another category",
      targets: [.moneyTransaction],
      parameters: [
        ActionParameter("categoryId", .string, required: true, summary: "the category's id", maxLength: 64),
        ActionParameter("business", .bool, summary: "whether it is a business expense"),
      ],
      sent: LocalizedText(
        en: "recategorised {0}", de: "neu kategorisiert: {0}", fr: "recatégorisée : {0}", it: "ricategorizzata: {0}")),
    ActionDeclaration(
      name: .agilityCreateDraft, service: descriptor.kind,
      summary: "create a draft invoice (Agility numbers it when it arrives)", targets: [],
      parameters: [
        ActionParameter("clientId", .string, required: true, summary: "the client's id", maxLength: 64),
        ActionParameter(
          "lines", .string, required: true,
          summary: "one line item a line: DESCRIPTION|QUANTITY|RATE, with |untaxed to leave it out of the tax",
          maxLength: 20_000),
        ActionParameter("issueDate", .date, required: true, summary: "the issue day"),
        ActionParameter("dueDate", .date, summary: "the due day (default: the client's payment terms)"),
        ActionParameter("taxRate", .decimal, summary: "sales tax in percent (default 0)", minimum: 0, maximum: 100),
        ActionParameter("notes", .string, summary: "shown on the invoice", maxLength: 2000),
      ],
      sent: LocalizedText(
        en: "created the draft {0}", de: "Entwurf angelegt: {0}", fr: "brouillon créé : {0}", it: "bozza creata: {0}")),
    ActionDeclaration(
      name: .agilityEditDraft, service: descriptor.kind,
      summary: "change a draft invoice: its line items (all of them, replaced), days, tax rate or notes",
      targets: [.invoice],
      parameters: [
        ActionParameter(
          "lines", .string, summary: "the new line items, one a line: DESCRIPTION|QUANTITY|RATE[|untaxed]",
          maxLength: 20_000),
        ActionParameter("issueDate", .date, summary: "the issue day"),
        ActionParameter("dueDate", .date, summary: "the due day"),
        ActionParameter("taxRate", .decimal, summary: "sales tax in percent", minimum: 0, maximum: 100),
        ActionParameter("notes", .string, summary: "shown on the invoice", maxLength: 2000),
      ],
      sent: LocalizedText(
        en: "changed the draft {0}", de: "Entwurf geändert: {0}", fr: "brouillon modifié : {0}",
        it: "bozza modificata: {0}")),
    ActionDeclaration(
      name: .agilityUploadImport, service: descriptor.kind,
      summary: "upload a bank CSV import (queued by `outpost agility import`)", targets: [],
      sent: LocalizedText(
        en: "imported bank rows into {0}", de: "Bankbuchungen importiert: {0}", fr: "lignes bancaires importées : {0}",
        it: "movimenti bancari importati: {0}")),
    AgilityCategoryAdd.declaration,
  ]

  public static func prepare(_ type: ActionType, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction
  {
    switch type {
    case .agilityCreateDraft: return try AgilityDraft.prepare(params)
    case .agilityAddCategory: return try AgilityCategoryAdd.prepare(params)
    case .agilityUploadImport: throw .notAllowed("imports are queued by `outpost agility import FILE`")
    default: throw .notAllowed("\(type.rawValue) is done to an item, not to the account")
    }
  }

  public static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    guard let version = item.details["version"]?.int64Value else {
      throw .said(
        LocalizedText(
          en: "it was made here and is not at Agility yet; sync first",
          de: "es wurde hier erstellt und ist noch nicht bei Agility; zuerst synchronisieren",
          fr: "il a été créé ici et n'est pas encore chez Agility ; synchronisez d'abord",
          it: "è stato creato qui e non è ancora su Agility; sincronizza prima"))
    }
    switch type {
    case .agilityMarkPaid:
      let stored = item.details["status"]?.stringValue ?? ""
      guard stored != "draft" else {
        throw .said(
          LocalizedText(
            en: "it is a draft: send it before recording a payment",
            de: "es ist ein Entwurf: vor einer Zahlung zuerst versenden",
            fr: "c'est un brouillon : envoyez-le avant d'enregistrer un paiement",
            it: "è una bozza: inviala prima di registrare un pagamento"))
      }
      let total = AgilityMoney.cents(item.details["total"]) ?? 0
      let paid = AgilityMoney.cents(item.details["amountPaid"]) ?? 0
      guard stored != "paid", paid < total else {
        throw .said(
          LocalizedText(
            en: "it is already paid", de: "sie ist schon bezahlt", fr: "elle est déjà payée", it: "è già pagata"))
      }
      let open = total - paid
      let amount = AgilityMoney.cents(params["amount"]) ?? open
      guard amount > 0 else { throw .invalidParams("a payment is more than $0.00") }
      guard amount <= open else {
        throw .invalidParams(
          "\(AgilityMoney.display(amount)) is more than the \(AgilityMoney.display(open)) still open")
      }
      var values: [String: JSONValue] = ["amount_paid": .string(AgilityMoney.decimal(paid + amount))]
      if amount == open {
        values["status"] = "paid"
        values["paid_at"] = .string(UTCTimestamp.format(now))
      }
      return PreparedAction(target: item.upstreamID, params: ["version": .int(version), "values": .object(values)])
    case .agilitySendInvoice:
      guard item.details["status"]?.stringValue == "draft" else {
        throw .notAllowed(
          "only a draft can be sent; this one is \(item.details["status"]?.stringValue ?? "not a draft")")
      }
      return PreparedAction(target: item.upstreamID, params: ["version": .int(version)])
    case .agilityEditDraft:
      return try AgilityDraft.prepareEdit(item, version: version, params: params)
    case .agilityRecategorise:
      guard let category = params["categoryId"]?.stringValue, !category.isEmpty else {
        throw .invalidParams("categoryId is required")
      }
      var values: [String: JSONValue] = ["category_id": .string(category)]
      if let business = params["business"] { values["is_business_expense"] = business }
      return PreparedAction(target: item.upstreamID, params: ["version": .int(version), "values": .object(values)])
    default:
      throw .notAllowed("Agility has no action \(type.rawValue) on an item")
    }
  }

  public func perform(_ action: ActionRequest, session: SupabaseSession) async throws(ConnectorError)
    -> ActionOutcome
  {
    try usable(session)
    switch action.type {
    case .agilityMarkPaid: return try await preconditioned("invoices", action, session)
    case .agilityRecategorise: return try await preconditioned("transactions", action, session)
    case .agilitySendInvoice: return try await send(action, session)
    case .agilityCreateDraft: return try await AgilityDraft.perform(action, data: data, session: session)
    case .agilityEditDraft: return try await AgilityDraft.performEdit(action, data: data, session: session)
    case .agilityUploadImport: return try await AgilityUpload.perform(action, data: data, session: session)
    case .agilityAddCategory: return try await AgilityCategoryAdd.perform(action, data: data, session: session)
    default: throw .unsupported("Agility has no action \(action.type.rawValue)")
    }
  }

  /// `PATCH ?id=eq.<id>&version=eq.<n>`: `[]` means the row changed or went. A second look
  /// tells an update that already happened (a retry after a crash) from a real conflict: a
  /// payment recorded at Agility meanwhile, a category deleted while the change was queued.
  private func preconditioned(_ table: String, _ action: ActionRequest, _ session: SupabaseSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let version = action.params["version"]?.int64Value, case .object(let values)? = action.params["values"]
    else {
      throw .unsupported("\(action.type.rawValue): the queued action lacks its version")
    }
    let id = FormEncoding.percentEncode(action.target)
    let reply = try await data.tryUpdate(
      table, filter: "id=eq.\(id)&version=eq.\(version)", values: .object(values), session: session)
    if reply.status == 409, reply.body?["code"]?.stringValue == "23503" {
      return .conflict(
        .inline(
          LocalizedText(
            en:
              "the category no longer exists at Agility (it was deleted after this change was queued); choose another",
            de:
              "die Kategorie gibt es bei Agility nicht mehr (sie wurde nach dieser Änderung gelöscht); wählen Sie eine andere",
            fr:
              "la catégorie n'existe plus chez Agility (supprimée après la mise en file de ce changement) ; choisissez-en une autre",
            it: "la categoria non esiste più su Agility (è stata eliminata dopo questa modifica); scegline un'altra")),
        serverState: nil)
    }
    guard (200..<300).contains(reply.status) else {
      let code = reply.body?["code"]?.stringValue ?? "HTTP \(reply.status)"
      let message = reply.body?["message"]?.stringValue ?? ""
      let reason = "Agility refused it (\(code)\(message.isEmpty ? "" : ": \(message)"))"
      // A value or a policy it will refuse again as sent ends as failed, not as a conflict.
      if PostgREST.isRefusal(reply.status) { throw .refused(reason) }
      return .conflict(.verbatim(reason), serverState: nil)
    }
    if case .array(let rows)? = reply.body, let updated = rows.first { return .done(updated) }
    guard let current = try await data.page(table, query: "select=*&id=eq.\(id)", session: session).first,
      current["deleted_at"]?.stringValue == nil
    else {
      return .conflict(
        .inline(
          LocalizedText(
            en: "it was deleted at Agility", de: "es wurde bei Agility gelöscht", fr: "il a été supprimé chez Agility",
            it: "è stato eliminato su Agility")), serverState: nil)
    }
    if values.allSatisfy({ Self.same(current[$0.key], $0.value, column: $0.key) }) { return .alreadyDone }
    let paid = AgilityMoney.display(AgilityMoney.cents(current["amount_paid"]) ?? 0)
    let status = current["status"]?.stringValue ?? "?"
    let what =
      table == "invoices"
      ? LocalizedText(
        en:
          "a payment or change was recorded at Agility since the last sync (now \(paid) paid, \(status)); nothing was changed",
        de:
          "bei Agility wurde seit der letzten Synchronisierung eine Zahlung oder Änderung erfasst (jetzt \(paid) bezahlt, \(status)); nichts wurde geändert",
        fr:
          "un paiement ou un changement a été enregistré chez Agility depuis la dernière synchronisation (désormais \(paid) payés, \(status)) ; rien n'a été modifié",
        it:
          "su Agility è stato registrato un pagamento o una modifica dall'ultima sincronizzazione (ora \(paid) pagati, \(status)); non è stato cambiato nulla"
      )
      : LocalizedText(
        en: "it was changed at Agility since the last sync; nothing was changed",
        de: "es wurde seit der letzten Synchronisierung bei Agility geändert; nichts wurde geändert",
        fr: "il a été modifié chez Agility depuis la dernière synchronisation ; rien n'a été modifié",
        it: "è stato modificato su Agility dall'ultima sincronizzazione; non è stato cambiato nulla")
    return .conflict(.inline(what), serverState: current)
  }

  /// The server's value against the one sent: money by cents, instants by instant (the server
  /// writes `+00:00` where the request said `Z`).
  static func same(_ server: JSONValue?, _ sent: JSONValue, column: String) -> Bool {
    if server == sent { return true }
    if column.hasSuffix("_at") {
      return server?.stringValue.flatMap(UTCTimestamp.parse) != nil
        && server?.stringValue.flatMap(UTCTimestamp.parse) == sent.stringValue.flatMap(UTCTimestamp.parse)
    }
    if column == "amount_paid" { return AgilityMoney.cents(server) == AgilityMoney.cents(sent) }
    // A number sent as exact text ("8.875") comes back as a JSON number.
    func decimal(_ value: JSONValue?) -> Decimal? {
      switch value {
      case .string(let text)?: Decimal(string: text)
      case .int(let number)?: Decimal(number)
      case .double(let number)?: Decimal(string: "\(number)")
      default: nil
      }
    }
    if column == "tax_rate", let a = decimal(server), let b = decimal(sent) { return a == b }
    return false
  }

  /// `rpc/send_invoice`: only a draft can be sent (400 `P0001` otherwise). Refused for an
  /// invoice that is no longer a draft: sent already (before a crash, or on the web) is done.
  private func send(_ action: ActionRequest, _ session: SupabaseSession) async throws(ConnectorError)
    -> ActionOutcome
  {
    let reply = try await data.call(
      "send_invoice", arguments: ["p_invoice_id": .string(action.target)], session: session)
    if (200..<300).contains(reply.status) {
      if case .array(let rows)? = reply.body { return .done(rows.first) }
      return .done(reply.body)
    }
    let id = FormEncoding.percentEncode(action.target)
    guard let current = try await data.page("invoices", query: "select=*&id=eq.\(id)", session: session).first,
      current["deleted_at"]?.stringValue == nil
    else {
      return .conflict(.verbatim("the draft was deleted at Agility"), serverState: nil)
    }
    if current["status"]?.stringValue != "draft" { return .alreadyDone }
    let message = reply.body?["message"]?.stringValue ?? "HTTP \(reply.status)"
    return .conflict(.verbatim("Agility did not send it: \(message)"), serverState: current)
  }
}

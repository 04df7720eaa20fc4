import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ActionType {
  public static let agilityAddCategory = ActionType("agility.add-category")
}

/// A custom category made here, perhaps offline (agility.md §2.2, FR-002): the row gets its id
/// when queued, so sent again after a crash it is found there and is done. Agility keeps at
/// most 20 custom categories that are neither archived nor deleted; a 21st is refused by its
/// trigger (400 `P0001`, a permanent error), which no retry cures: the action fails with that
/// reason. A name already taken (ignoring case) is a conflict for the user to settle.
enum AgilityCategoryAdd {
  static let limit = 20
  static let kinds = ["expense", "income", "personal", "transfer", "tax_payment"]
  /// Schedule C line 1 (gross receipts) and the Part II expense lines (tax year 2023 on).
  static let lines = [
    "1", "8", "9", "10", "11", "12", "13", "14", "15", "16a", "16b", "17", "18", "19", "20a", "20b", "21", "22",
    "23", "24a", "24b", "25", "26", "27a", "27b", "30",
  ]

  static let declaration = ActionDeclaration(
    name: .agilityAddCategory, service: AgilityConnector.descriptor.kind,
    summary: "add a custom category (Agility keeps at most 20 that are not archived)", targets: [],
    parameters: [
      ActionParameter("name", .string, required: true, summary: "its name, unique ignoring case", maxLength: 80),
      ActionParameter("kind", .enum, summary: "what it files (default expense)", choices: kinds),
      ActionParameter("scheduleCLine", .enum, summary: "its Schedule C line, e.g. 27b", choices: lines),
    ],
    sent: LocalizedText(
      en: "added the category {0}", de: "Kategorie angelegt: {0}", fr: "catégorie ajoutée : {0}",
      it: "categoria aggiunta: {0}"), sentLabel: ["category", "name"])

  static func prepare(_ params: [String: JSONValue]) throws(ActionRefusal) -> PreparedAction {
    let name = (params["name"]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw .invalidParams("a category needs a name") }
    // One line: a name is a list's entry and a chart's label (a tab or newline breaks both).
    guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw .invalidParams("a category's name is one line, without tabs or control characters")
    }
    let id = UUID().uuidString.lowercased()
    var row: [String: JSONValue] = [
      "id": .string(id), "name": .string(name), "kind": params["kind"] ?? "expense",
    ]
    if let line = params["scheduleCLine"] { row["schedule_c_line"] = line }
    return PreparedAction(target: id, params: ["category": .object(row)])
  }

  static func perform(_ action: ActionRequest, data: PostgREST, session: SupabaseSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let row = action.params["category"] else {
      throw .unsupported("agility.add-category: the queued action lacks its category")
    }
    let made = try await data.create("categories", rows: [row], session: session)
    if (200..<300).contains(made.status) {
      if case .array(let rows)? = made.body, let first = rows.first { return .done(first) }
      return .done(nil)
    }
    let code = made.body?["code"]?.stringValue
    let id = FormEncoding.percentEncode(action.target)
    if made.status == 409, code == "23505" {
      // Sent before a crash: our own id is there. Else the name is taken (made elsewhere meanwhile).
      if try await !data.page("categories", query: "select=id&id=eq.\(id)", session: session).isEmpty {
        return .alreadyDone
      }
      let name = row["name"]?.stringValue ?? ""
      return .conflict(
        .inline(
          LocalizedText(
            en: "Agility already has a category named \(name) (names are unique, whatever the case)",
            de: "Agility hat schon eine Kategorie namens \(name) (Namen sind eindeutig, gleich welche Schreibung)",
            fr: "Agility a déjà une catégorie nommée \(name) (les noms sont uniques, casse comprise)",
            it: "Agility ha già una categoria di nome \(name) (i nomi sono unici, maiuscole o no)")),
        serverState: nil)
    }
    let message = made.body?["message"]?.stringValue ?? "HTTP \(made.status)"
    // The limit's trigger, a policy or a value the service refuses: the same again is refused again.
    if PostgREST.isRefusal(made.status) {
      throw .refused("Agility refused it (\(code ?? "HTTP \(made.status)"): \(message))")
    }
    return .conflict(.verbatim("Agility did not add it: \(message)"), serverState: nil)
  }
}

import OutpostModel

/// The live questions of browsing (agile-network.md §7): experts by name or category, and the
/// categories. Asked of the brand each time; only followed experts are kept in the store.
extension AgileNetworkConnector {
  public static let queries: [QueryDeclaration] = [
    QueryDeclaration(
      name: "agile.experts", service: descriptor.kind, summary: "the brand's experts, by name or by category",
      parameters: [
        ActionParameter("search", .string, summary: "part of a name (2 letters or more)", maxLength: 100),
        ActionParameter("category", .string, summary: "a category's slug (`outpost agile categories`)", maxLength: 100),
        ActionParameter("after", .string, summary: "the page after this cursor", maxLength: 500),
      ]),
    QueryDeclaration(name: "agile.categories", service: descriptor.kind, summary: "the brand's categories (sports)"),
    QueryDeclaration(
      name: "agile.expert", service: descriptor.kind,
      summary: "an expert's profile: bio, stats, the offer and the library, locked items with how to unlock them",
      parameters: [
        ActionParameter("slug", .string, required: true, summary: "the expert's slug, e.g. john-doe", maxLength: 100),
        ActionParameter("first", .int, summary: "how many library items (default 10)", minimum: 1, maximum: 50),
      ]),
  ]

  public func query(_ name: String, params: [String: JSONValue], session: OIDCSession) async throws(ConnectorError)
    -> JSONValue
  {
    let api = try graphQL(session)
    switch name {
    case "agile.categories":
      let reply = try await api.run(.categories, token: session.accessToken, activity: "reading the categories")
      return ["categories": reply.data["categories"] ?? .array([])]
    case "agile.experts":
      var filter: [String: JSONValue] = [:]
      if let search = params["search"]?.stringValue, !search.isEmpty {
        guard search.count >= 2 else { throw .unsupported("search for 2 letters or more") }
        filter["query"] = .string(search)
      }
      if let category = params["category"]?.stringValue, !category.isEmpty {
        filter["categorySlug"] = .string(category)
      }
      let reply = try await api.run(
        .findExperts,
        variables: ["filter": filter.isEmpty ? .null : .object(filter), "after": params["after"] ?? .null],
        token: session.accessToken, activity: "finding experts")
      guard let experts = reply.data["experts"], experts != .null else {
        throw .unexpectedReply("finding experts: no list")
      }
      return experts
    case "agile.expert":
      // Slugs are lower case (`mateo-novak`); "Mateo-Novak" as typed means the same expert.
      let slug = (params["slug"]?.stringValue ?? "").lowercased()
      let reply = try await api.run(
        .expertProfile, variables: ["slug": .string(slug), "first": .int(params["first"]?.int64Value ?? 10)],
        token: session.accessToken, activity: "reading the expert \(slug)")
      guard let expert = reply.data["expert"], expert != .null else {
        throw .notFound("the brand has no expert \(slug)")
      }
      // A part a subgraph could not give is unknown, never "none" (agile-network.md §4): read
      // as none, a subscriber was offered the subscription again and a library looked empty.
      // The page is live, with nothing kept to fall back on, so it is asked again later.
      if let part = ["viewerSubscription", "offer", "content"].first(where: { reply.failed(at: ["expert", $0]) }) {
        throw .transient("reading the expert \(slug): the brand could not give its \(part) just now")
      }
      return AgileExpertProfile.json(expert)
    default:
      throw .unsupported("the Agile Network answers no query \(name)")
    }
  }
}

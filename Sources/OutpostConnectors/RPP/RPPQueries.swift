import OutpostModel

/// The live questions a booking needs (rpp.md §4.1–§4.2): the partner's catalogue, its free
/// slots, its policy and the client's saved addresses (`GET /me`). Asked of the service each
/// time: a slot is live data.
extension RPPConnector {
  public static let queries: [QueryDeclaration] = [
    QueryDeclaration(name: "rpp.services", service: descriptor.kind, summary: "the partner's services and prices"),
    QueryDeclaration(
      name: "rpp.availability", service: descriptor.kind,
      summary: "free slots for a service from a day on, in the partner's time zone",
      parameters: [
        ActionParameter(
          "service", .string, required: true, summary: "the service's id (svc_…), or several, comma-separated"),
        ActionParameter("date", .date, required: true, summary: "the first day, in the partner's time zone"),
        ActionParameter("days", .int, summary: "how many days (1–14)", minimum: 1, maximum: 14),
      ]),
    QueryDeclaration(
      name: "rpp.policy", service: descriptor.kind, summary: "the partner's reschedule and cancellation rules"),
    QueryDeclaration(
      name: "rpp.addresses", service: descriptor.kind, summary: "the client's saved addresses, for booking by id"),
  ]

  public func query(_ name: String, params: [String: JSONValue], session: RPPSession) async throws(ConnectorError)
    -> JSONValue
  {
    try usable(session)
    switch name {
    case "rpp.services":
      return try await api.send("GET", "/services?limit=100", session: session, activity: "reading the services").json
    case "rpp.addresses":
      // The profile carries them (rpp.md §4.1); only those with an id can be booked by it.
      let profile = try await api.send("GET", "/me", session: session, activity: "reading the profile").json
      guard case .array(let saved)? = profile["savedAddresses"] else { return ["items": []] }
      return ["items": .array(saved.filter { $0["id"]?.stringValue != nil })]
    case "rpp.policy":
      return try await api.send("GET", "/policy", session: session, activity: "reading the policy").json
    case "rpp.availability":
      guard let service = params["service"]?.stringValue, let date = params["date"]?.stringValue else {
        throw .unsupported("rpp.availability needs service and date")
      }
      var path = "/availability?serviceId=\(FormEncoding.percentEncode(service))&date=\(date)"
      if let days = params["days"]?.int64Value { path += "&days=\(days)" }
      return try await api.send("GET", path, session: session, activity: "reading availability").json
    default:
      throw .unsupported("RPP answers no query \(name)")
    }
  }
}

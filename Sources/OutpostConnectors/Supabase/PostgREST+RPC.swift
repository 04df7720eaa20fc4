import OutpostModel

extension PostgREST {
  /// `POST /rest/v1/rpc/<function>`: a database function (PostgREST exposes them there), its
  /// answer as it came (a function returning a row answers an object; a set, an array).
  public func call(_ function: String, arguments: JSONValue, session: SupabaseSession)
    async throws(ConnectorError) -> (status: Int, body: JSONValue?)
  {
    let reply = try await authorized("POST", "/rest/v1/rpc/\(function)", session: session, json: arguments)
    if reply.status == 401 || reply.status >= 500 || reply.status == 429 {
      throw Self.classify(reply, during: "calling \(function)")
    }
    return (reply.status, try? JSONParser.parse(reply.body))
  }

  /// `POST` of rows that must all be new, with `return=representation`: a unique or foreign-key
  /// violation comes back as the status and PostgREST's error body, for the caller to judge.
  public func create(_ table: String, rows: [JSONValue], session: SupabaseSession) async throws(ConnectorError)
    -> (status: Int, body: JSONValue?)
  {
    let reply = try await authorized(
      "POST", "/rest/v1/\(table)", session: session, json: .array(rows), headers: [("Prefer", "return=representation")],
      owned: true)
    if reply.status == 401 || reply.status >= 500 || reply.status == 429 {
      throw Self.classify(reply, during: "writing \(table)")
    }
    return (reply.status, try? JSONParser.parse(reply.body))
  }

  /// `PATCH` whose refusal (a foreign key gone: 409 `23503`) is an answer, not an error.
  public func tryUpdate(_ table: String, filter: String, values: JSONValue, session: SupabaseSession)
    async throws(ConnectorError) -> (status: Int, body: JSONValue?)
  {
    let reply = try await authorized(
      "PATCH", "/rest/v1/\(table)?\(filter)", session: session, json: values,
      headers: [("Prefer", "return=representation")])
    if reply.status == 401 || reply.status >= 500 || reply.status == 429 {
      throw Self.classify(reply, during: "updating \(table)")
    }
    return (reply.status, try? JSONParser.parse(reply.body))
  }

  /// `DELETE ?<filter>` with `return=representation`: the rows deleted; a refusal is an answer.
  public func delete(_ table: String, filter: String, session: SupabaseSession) async throws(ConnectorError)
    -> (status: Int, body: JSONValue?)
  {
    let reply = try await authorized(
      "DELETE", "/rest/v1/\(table)?\(filter)", session: session, json: nil,
      headers: [("Prefer", "return=representation")])
    if reply.status == 401 || reply.status >= 500 || reply.status == 429 {
      throw Self.classify(reply, during: "deleting from \(table)")
    }
    return (reply.status, try? JSONParser.parse(reply.body))
  }
}

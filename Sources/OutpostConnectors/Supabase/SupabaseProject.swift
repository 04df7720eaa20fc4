import OutpostModel

/// One Supabase project: its address and publishable API key, and the headers every request
/// carries (upstreams/supabase.md §2). The key is public by design (apps ship it); tokens go
/// only in `Authorization`.
public struct SupabaseProject: Sendable {
  /// Without a trailing slash; Auth is under `/auth/v1`, tables under `/rest/v1`.
  public let baseURL: String
  let apiKey: String
  let transport: any HTTPTransport

  public init(baseURL: String, apiKey: String, transport: any HTTPTransport) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.transport = transport
  }

  func send(
    _ method: String, _ path: String, bearer: SecretString?, json: JSONValue?,
    extraHeaders: [(name: String, value: String)] = []
  ) async throws(ConnectorError) -> HTTPResponse {
    var headers: [(name: String, value: String)] = [
      ("apikey", apiKey),
      ("Accept", "application/json"),
      ("X-Supabase-Api-Version", "2024-01-01"),
      ("X-Client-Info", "outpost/\(ProductInfo.version)"),
    ]
    if let bearer { headers.append(("Authorization", "Bearer \(bearer.reveal())")) }
    var body: [UInt8] = []
    if let json {
      headers.append(("Content-Type", "application/json"))
      do { body = try JSONCoding.encode(json) } catch { throw .unexpectedReply("cannot encode the request: \(error)") }
    }
    do {
      return try await transport.send(
        HTTPRequest(method: method, url: baseURL + path, headers: headers + extraHeaders, body: body))
    } catch {
      throw error.connectorError
    }
  }
}

/// One fake upstream service mounted in the sandbox server. Each service answers the requests
/// that are its own and returns nil for the rest, so further services (or further endpoint
/// files of the same service) can be added without touching the HTTP plumbing.
protocol SandboxService: Sendable {
  func respond(to request: SandboxRequest) -> SandboxResponse?
}

/// Asks each service in turn; the first answer wins. The last service is expected to answer
/// everything (VolleyManager owns the host's root and gives its own 404 page); if none does, a
/// bare 404 keeps the server from ever leaving a request unanswered.
struct SandboxRouter: Sendable {
  var services: [any SandboxService]

  func respond(to request: SandboxRequest) -> SandboxResponse {
    for service in services {
      if let response = service.respond(to: request) { return response }
    }
    return .html(.notFound, "<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>")
  }
}

extension SandboxRequest {
  /// `host:port` for absolute redirect URLs: the request's Host header when it looks sane (as a
  /// web server would use it), otherwise the address the connection arrived on.
  var authority: String {
    if let host = headers.first(name: "host"), !host.isEmpty, host.count < 256,
      host.unicodeScalars.allSatisfy({ Self.authorityCharacters.contains($0) })
    {
      return host
    }
    return localAuthority
  }

  private static let authorityCharacters = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]".unicodeScalars)
}

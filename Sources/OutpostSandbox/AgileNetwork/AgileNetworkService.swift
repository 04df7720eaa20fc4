/// The "agilenetwork" module: Agile Network's GraphQL gateway and magic-link BFF, per brand,
///
///     POST|GET /agile/<brand-id>/graphql
///     POST     /agile/<brand-id>/auth/magic-link   (the BFF, §3)
///     GET      /agile/<brand-id>/auth/outbox       (the mails it sent; a test control)
///
/// where the brand ids are the Keycloak realms of the sandbox (agile-network.md §3, §5–§8).
struct AgileNetworkService: SandboxService {
  static let prefix = "/agile"
  let sandbox: AgileNetworkSandbox

  var name: SandboxServiceName { .agilenetwork }
  var pathPrefix: String { Self.prefix }
  var adminOperations: [String] { AgileNetworkAdmin.operations }

  func respond(to request: SandboxRequest) async -> SandboxResponse? {
    let parts = request.path.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: false)
    // "", brand, then "graphql" or "auth", "magic-link"|"outbox"
    guard parts.count >= 3, parts[0].isEmpty, sandbox.brandIDs.contains(String(parts[1])) else { return nil }
    let brand = String(parts[1])
    switch (request.method, parts.dropFirst(2).joined(separator: "/")) {
    case (_, "graphql"): return await AgileNetworkGateway.respond(request, brandID: brand, sandbox: sandbox)
    case (.POST, "auth/magic-link"): return AgileNetworkMagicLink.respond(request, brandID: brand, sandbox: sandbox)
    case (.GET, "auth/outbox"): return AgileNetworkOutbox.reply(request, brandID: brand, sandbox: sandbox)
    default: return nil
    }
  }

  /// Apollo Router's shape for the host's faults: GraphQL errors with a code.
  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse {
    switch fault {
    case .rateLimited(let seconds):
      AgileNetworkReplies.httpError(.tooManyRequests, "Too many requests", code: "RATE_LIMITED")
        .adding("Retry-After", String(seconds))
    case .unavailable:
      AgileNetworkReplies.httpError(.serviceUnavailable, "Service Unavailable", code: "SERVICE_UNAVAILABLE")
    }
  }

  func adminState() -> SandboxJSON { AgileNetworkAdmin.state(sandbox) }

  func adminMutate(operation: String, body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    try AgileNetworkAdmin.mutate(operation, body, sandbox: sandbox)
  }
}

import Foundation

/// What a keycloak endpoint gets: the request, the live state, the realm and the path below
/// it, and the instant the request is judged at (one per request, on the sandbox clock).
struct KeycloakContext {
  let request: SandboxRequest
  let sandbox: KeycloakSandbox
  let realm: SandboxKeycloakRealm
  /// Below `/realms/{realm}`, e.g. `/protocol/openid-connect/token`.
  let path: String
  let now: ContinuousClock.Instant

  var nowSeconds: Int { sandbox.clock.unixSeconds(at: now) }

  /// `http://host:port/keycloak[/auth]/realms/{realm}`: the issuer, and the base of every
  /// endpoint the discovery document names.
  var issuer: String {
    "http://\(request.authority)\(KeycloakService.prefix)\(sandbox.legacyAuthPath ? "/auth" : "")/realms/\(realm.name)"
  }

  var protocolBase: String { issuer + "/protocol/openid-connect" }

  /// The form body (token, device and logout endpoints, the login form).
  var form: FormFields { request.formFields ?? FormFields(urlEncoded: "")! }

  /// `Authorization: Bearer <token>`, or `access_token` in a form body (RFC 6750 §2.2).
  var bearerToken: String? {
    if let header = request.headers.first(name: "authorization") {
      let parts = header.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
      return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }
    return request.method == .POST ? form["access_token"] : nil
  }
}

/// The "keycloak" module: a Keycloak server at `/keycloak` (`/keycloak/auth` for the layout of
/// Keycloak before v17), with the OpenID Connect endpoints of each realm under
/// `/realms/{realm}/protocol/openid-connect/`, the device verification page, the login form and
/// the magic links the Agile Network BFF mails (`/login-actions/action-token`).
struct KeycloakService: SandboxService {
  static let prefix = "/keycloak"
  let sandbox: KeycloakSandbox

  var name: SandboxServiceName { .keycloak }
  var pathPrefix: String { Self.prefix }
  var adminOperations: [String] { KeycloakAdmin.operations }

  func respond(to request: SandboxRequest) -> SandboxResponse? {
    var rest = Substring(request.path.dropFirst(Self.prefix.count))
    if sandbox.legacyAuthPath {
      guard rest.hasPrefix("/auth/") else { return nil }
      rest = rest.dropFirst("/auth".count)
    }
    guard rest.hasPrefix("/realms/") else { return nil }
    let afterRealms = rest.dropFirst("/realms/".count)
    let realmName = String(afterRealms.prefix { $0 != "/" })
    let path = String(afterRealms.dropFirst(realmName.count))
    guard let realm = sandbox.withState({ $0.realms[realmName] }) else { return KeycloakReplies.realmNotFound() }
    let context = KeycloakContext(
      request: request, sandbox: sandbox, realm: realm, path: path, now: sandbox.clock.now())
    switch (request.method, path) {
    case (.GET, "/.well-known/openid-configuration"): return KeycloakEndpoints.discovery(context)
    case (.GET, "/protocol/openid-connect/auth"): return KeycloakAuthorization.authorize(context)
    case (.POST, "/login-actions/authenticate"): return KeycloakAuthorization.authenticate(context)
    case (.GET, KeycloakActionTokens.path): return KeycloakActionTokens.open(context)
    case (.POST, "/protocol/openid-connect/token"): return KeycloakTokenEndpoint.respond(context)
    case (.POST, "/protocol/openid-connect/auth/device"): return KeycloakDevice.authorize(context)
    case (.GET, "/device"): return KeycloakDevice.page(context)
    case (.POST, "/device"): return KeycloakDevice.decide(context)
    case (.GET, "/protocol/openid-connect/userinfo"), (.POST, "/protocol/openid-connect/userinfo"):
      return KeycloakEndpoints.userinfo(context)
    case (.POST, "/protocol/openid-connect/logout"): return KeycloakEndpoints.logout(context)
    case (.POST, "/protocol/openid-connect/revoke"): return KeycloakEndpoints.revoke(context)
    case (.GET, "/protocol/openid-connect/certs"): return KeycloakEndpoints.certs(context)
    default: return KeycloakReplies.notFound()
    }
  }

  func adminState() -> SandboxJSON { KeycloakAdmin.state(sandbox) }

  func adminMutate(operation: String, body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    try KeycloakAdmin.mutate(operation, body, sandbox: sandbox)
  }
}

/// The brand's magic-link BFF (agile-network.md §3, §8): `POST /agile/<brand>/auth/magic-link`
/// with `{"email","clientId","redirectUri","state","nonce","codeChallenge",
/// "codeChallengeMethod","locale"?}`. It does what the real BFF does through the admin-only
/// [P2] resource: for an enabled user with that address, a single-use Keycloak action token
/// and a mail with its link in the outbox. The answer is `202 {"expiresIn"}` whether or not
/// the address has an account, so the endpoint cannot be used to find accounts.
enum AgileNetworkMagicLink {
  /// The scope the BFF asks for: a desktop sign-in wants the offline token (§2.5).
  static let scope = "openid offline_access"

  /// The body's values, all checked.
  struct Fields {
    var email: String
    var clientID: String
    var redirectURI: String
    var state: String
    var nonce: String
    var challenge: String
  }

  static func respond(_ request: SandboxRequest, brandID: String, sandbox: AgileNetworkSandbox) -> SandboxResponse {
    guard let realm = sandbox.keycloak.withState({ $0.realms[brandID] }) else {
      return invalidRequest("No such brand")
    }
    let fields: Fields
    switch parse(request.body, realm: realm) {
    case .failure(let problem): return invalidRequest(problem.description)
    case .success(let checked): fields = checked
    }
    let now = sandbox.clock.now()
    if let wait = sandbox.outbox.withLock({ $0.admit(brand: brandID, email: fields.email, now: now) }) {
      return .json(
        .tooManyRequests,
        .object([
          ("error", "slow_down"),
          ("error_description", .string("One sign-in link per address a minute; try again in \(wait) s")),
        ])
      ).adding("Retry-After", String(wait)).adding("Cache-Control", "no-store")
    }
    let (user, lifespan) = sandbox.keycloak.withState { state in
      let wanted = fields.email.lowercased()
      let user = state.userOrder.compactMap { state.users[$0] }.first { $0.enabled && $0.email.lowercased() == wanted }
      return (user, state.settings.magicLinkLifespan)
    }
    if let user {
      let authRequest = KeycloakAuthRequest(
        realm: realm.name, clientID: fields.clientID, redirectURI: fields.redirectURI, state: fields.state,
        nonce: fields.nonce, scope: scope, challenge: fields.challenge, createdAt: now)
      let (key, expiresAt) = KeycloakActionTokens.issue(authRequest, username: user.username, sandbox: sandbox.keycloak)
      // The link points at Keycloak on the host the client reached, as the issuer does.
      let keycloak = KeycloakContext(
        request: request, sandbox: sandbox.keycloak, realm: realm, path: KeycloakActionTokens.path, now: now)
      let mail = SandboxMagicLinkMail(
        to: user.email, link: KeycloakActionTokens.link(keycloak, key: key), sentAt: sandbox.clock.unixSeconds(at: now),
        expiresAt: sandbox.clock.unixSeconds(at: expiresAt))
      sandbox.outbox.withLock { $0.post(mail, brand: brandID) }
    }
    return .json(.accepted, .object([("expiresIn", .int(lifespan))])).adding("Cache-Control", "no-store")
  }

  struct Problem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// Checks the body field by field; the first problem names the field and what is wrong.
  static func parse(_ body: [UInt8], realm: SandboxKeycloakRealm) -> Result<Fields, Problem> {
    guard let members = SandboxJSON.parse(body)?.members else {
      return .failure(Problem("The body must be a JSON object"))
    }
    func required(_ name: String) -> Result<String, Problem> {
      switch members[name] {
      case nil, .null: .failure(Problem("Missing parameter: \(name)"))
      case .string(let text) where text.isEmpty: .failure(Problem("Missing parameter: \(name) (empty)"))
      case .string(let text): .success(text)
      default: .failure(Problem("Invalid parameter: \(name) (not a string)"))
      }
    }
    do throws(Problem) {
      let fields = Fields(
        email: try required("email").get(), clientID: try required("clientId").get(),
        redirectURI: try required("redirectUri").get(), state: try required("state").get(),
        nonce: try required("nonce").get(), challenge: try required("codeChallenge").get())
      let method = try required("codeChallengeMethod").get()
      switch members["locale"] {
      case nil, .null, .string: break
      default: throw Problem("Invalid parameter: locale (not a string)")
      }
      guard fields.email.contains("@") else { throw Problem("Invalid parameter: email (not an e-mail address)") }
      guard fields.clientID == realm.clientID else { throw Problem("Invalid parameter: clientId (unknown client)") }
      guard KeycloakAuthorization.isRegistered(fields.redirectURI, realm: realm) else {
        throw Problem("Invalid parameter: redirectUri (not registered for the client)")
      }
      guard method == "S256" else { throw Problem("Invalid parameter: codeChallengeMethod (only S256 is accepted)") }
      guard KeycloakPKCE.isWellFormedChallenge(fields.challenge) else {
        throw Problem("Invalid parameter: codeChallenge (43-128 characters of A-Z a-z 0-9 - . _ ~)")
      }
      return .success(fields)
    } catch {
      return .failure(error)
    }
  }

  static func invalidRequest(_ description: String) -> SandboxResponse {
    .json(.badRequest, .object([("error", "invalid_request"), ("error_description", .string(description))]))
      .adding("Cache-Control", "no-store")
  }
}

import NIOHTTP1

/// What an endpoint handler gets: the request, the live state and the instant the request is
/// judged at. For `/api/…` routes `session` is the caller's logged-in session, already checked;
/// page routes get nil and look the session up themselves (their rules differ per page).
struct VolleyManagerContext {
  let request: SandboxRequest
  let sandbox: VolleyManagerSandbox
  let now: ContinuousClock.Instant
  let session: VolleyManagerSession?
}

/// One VolleyManager endpoint. Endpoints live in files by topic (login, dashboard, party,
/// season, …); each file contributes a list, and `VolleyManagerService` joins the lists below.
struct VolleyManagerRoute: Sendable {
  var method: HTTPMethod
  /// The raw path as it must arrive, `%5C` still encoded. Clients that decode it to `\` or `/`
  /// miss the route and get 404, as upstream.
  var path: String
  var handler: @Sendable (VolleyManagerContext) -> SandboxResponse

  var key: String { Self.key(method: method, path: path) }

  /// Only the escape's hex case is folded (VolleyKit sends `%5c`, browsers `%5C`).
  static func key(method: HTTPMethod, path: String) -> String {
    "\(method.rawValue) \(path.replacingOccurrences(of: "%5c", with: "%5C"))"
  }
}

/// The fake VolleyManager: pages at the root, JSON under `/api/`, and the sandbox's own admin
/// endpoints under `/__sandbox/volleymanager/`.
struct VolleyManagerService: SandboxService {
  let sandbox: VolleyManagerSandbox

  /// HTML pages and form posts, without the `/api` prefix. Add new files' lists here.
  static let pageRoutes: [String: VolleyManagerRoute] = table(loginRoutes + dashboardRoutes)

  /// JSON endpoints; every one requires a logged-in session. Add new files' lists here
  /// (assignments, exchanges, compensations, …).
  static let apiRoutes: [String: VolleyManagerRoute] = table(
    partyRoutes + seasonRoutes + assignmentRoutes + exchangeRoutes + compensationRoutes)

  private static func table(_ routes: [VolleyManagerRoute]) -> [String: VolleyManagerRoute] {
    Dictionary(routes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  }

  func respond(to request: SandboxRequest) async -> SandboxResponse? {
    let path = request.path
    let response: SandboxResponse
    if let waited = await VolleyManagerAdmin.statsAfterLogins(request, sandbox: sandbox) {
      response = waited
    } else if path.hasPrefix(VolleyManagerAdmin.prefix) {
      response = VolleyManagerAdmin.respond(to: request, sandbox: sandbox)
    } else if path.hasPrefix("/api/") {
      response = api(request)
    } else if path.hasPrefix(VolleyManagerICal.prefix) {
      response = VolleyManagerICal.feed(request, sandbox: sandbox)
    } else {
      response = page(request)
    }
    // The real backend (Neos Flow 5.3) stamps every reply, errors included.
    return response.adding("X-Flow-Powered", "Flow/5.3")
  }

  private func page(_ request: SandboxRequest) -> SandboxResponse {
    guard let route = Self.pageRoutes[VolleyManagerRoute.key(method: request.method, path: request.path)] else {
      return VolleyManagerPages.notFound()
    }
    return route.handler(
      VolleyManagerContext(request: request, sandbox: sandbox, now: sandbox.now(), session: nil))
  }

  /// The order matters and follows what a client observes upstream: a rate limit (429) and an
  /// outage (503) hide everything; an unknown path is 404 whether logged in or not; then the
  /// session is checked.
  private func api(_ request: SandboxRequest) -> SandboxResponse {
    enum Verdict {
      case rateLimited
      case unavailable
      case notFound
      case stale(status: Int)
      case allowed(VolleyManagerRoute, VolleyManagerSession)
    }
    let now = sandbox.now()
    let route = Self.apiRoutes[VolleyManagerRoute.key(method: request.method, path: request.path)]
    let cookie = request.cookie(VolleyManagerLogin.sessionCookie)
    let (verdict, latency) = sandbox.withState { state -> (Verdict, Int) in
      state.stats.apiRequests += 1
      let latency = state.settings.latencyMilliseconds
      let every = state.settings.rateLimitEvery
      if every > 0 && state.stats.apiRequests % every == 0 {
        state.stats.rateLimitedReplies += 1
        return (.rateLimited, latency)
      }
      if state.settings.errorRate > 0 && state.rng.nextUnitInterval() < state.settings.errorRate {
        return (.unavailable, latency)
      }
      guard let route else { return (.notFound, latency) }
      guard let session = state.authenticatedSession(cookie, now: now) else {
        state.stats.staleSessionReplies += 1
        return (.stale(status: state.settings.staleSessionStatus), latency)
      }
      return (.allowed(route, session), latency)
    }
    var response: SandboxResponse
    switch verdict {
    case .rateLimited: response = VolleyManagerPages.tooManyRequests()
    case .unavailable: response = VolleyManagerPages.serviceUnavailable()
    case .notFound: response = VolleyManagerPages.notFound()
    case .stale(let status): response = VolleyManagerPages.staleSession(status: status)
    case .allowed(let route, let session):
      response = route.handler(
        VolleyManagerContext(request: request, sandbox: sandbox, now: now, session: session))
    }
    response.delayMilliseconds = latency
    return response
  }
}

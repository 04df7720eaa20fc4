import Foundation

/// What a tasks endpoint gets: the request, the live state, the path below `/tasks` and the
/// instant the request is judged at (one per request, on the sandbox clock).
struct TasksContext {
  let request: SandboxRequest
  let sandbox: TasksSandbox
  /// E.g. `/auth/v1/token` or `/rest/v1/tasks`, without the query.
  let path: String
  let now: ContinuousClock.Instant
  /// Where the project is mounted (`/tasks`, or `/viiraa` when that project reuses this Auth).
  var mount = TasksService.prefix

  var nowSeconds: Int { sandbox.clock.unixSeconds(at: now) }
  var nowMicroseconds: Int64 { sandbox.clock.unixMicroseconds(at: now) }

  /// `Authorization: Bearer <token>`; nil when absent or not a bearer.
  var bearerToken: String? {
    guard let header = request.headers.first(name: "authorization") else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1]).trimmingCharacters(in: .whitespaces)
  }

  /// `<base>/auth/v1`, the `iss` of the access tokens.
  var issuer: String { "http://\(request.authority)\(mount)/auth/v1" }
}

/// The "tasks" module: a Supabase project mounted at `/tasks`, with Auth under `/auth/v1` and
/// the Data API under `/rest/v1`. As on the hosted platform, the API gateway checks the
/// `apikey` of every request before either service sees it.
struct TasksService: SandboxService {
  static let prefix = "/tasks"
  let sandbox: TasksSandbox

  var name: SandboxServiceName { .tasks }
  var pathPrefix: String { Self.prefix }
  var adminOperations: [String] { TasksAdmin.operations }

  /// The Auth routes a browser reaches by following a link, which the gateway lets through
  /// without an `apikey` (Supabase's `auth-v1-open` routes).
  static let openRoutes: Set<String> = ["/auth/v1/authorize", "/auth/v1/callback", "/auth/v1/verify"]

  func respond(to request: SandboxRequest) async -> SandboxResponse? {
    let path = String(request.path.dropFirst(Self.prefix.count))
    sandbox.withState { $0.stats.apiRequests += 1 }
    // The gateway reads the key from the header or, for links and websockets, the query.
    // As Supabase's gateway: the browser's OAuth routes are open (no key on a link).
    let open = TasksService.openRoutes.contains(path)
    guard let key = request.headers.first(name: "apikey") ?? request.queryFields["apikey"] ?? (open ? "" : nil)
    else {
      return TasksReplies.missingAPIKey()
    }
    guard open || key == sandbox.apiKey else { return TasksReplies.invalidAPIKey() }
    let context = TasksContext(request: request, sandbox: sandbox, path: path, now: sandbox.clock.now())
    if path.hasPrefix("/auth/v1/") { return await TasksAuth.respond(context) }
    if path.hasPrefix("/rest/v1/"),
      let answer = await sandbox.databaseSlot.respond(
        request, path: path, nowMicroseconds: context.nowMicroseconds,
        owner: { () throws(TasksRestError) in try await TasksRest.role(context).map { SandboxTasksUser.id(email: $0) } }
      )
    {
      return answer
    }
    if path.hasPrefix("/rest/v1/") { return await TasksRest.respond(context) }
    return TasksReplies.noRoute()
  }

  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse {
    TasksReplies.fault(fault, request: request, path: String(request.path.dropFirst(Self.prefix.count)))
  }

  func adminState() async -> SandboxJSON { await TasksAdmin.state(sandbox) }

  func adminMutate(operation: String, body: SandboxAdminBody) async throws(SandboxAdminError) -> SandboxJSON {
    try await TasksAdmin.mutate(operation, body, sandbox: sandbox)
  }
}

import Foundation

/// The "agility" module: a Supabase project mounted at `/agility`. The gateway checks the
/// project's own `apikey` (header or query); Auth (`/auth/v1`) is the shared GoTrue
/// implementation run on agility's users, and the Data API (`/rest/v1`) serves the tables of
/// agility.md §2 and `rpc/send_invoice`.
struct AgilityService: SandboxService {
  static let prefix = "/agility"
  let sandbox: AgilitySandbox

  var name: SandboxServiceName { .agility }
  var pathPrefix: String { Self.prefix }
  var adminOperations: [String] { AgilityAdmin.operations }

  func respond(to request: SandboxRequest) async -> SandboxResponse? {
    let path = String(request.path.dropFirst(Self.prefix.count))
    // As Supabase's gateway: the browser's OAuth routes are open (no key on a link).
    let open = TasksService.openRoutes.contains(path)
    guard let key = request.headers.first(name: "apikey") ?? request.queryFields["apikey"] ?? (open ? "" : nil)
    else {
      return TasksReplies.missingAPIKey()
    }
    guard open || key == sandbox.apiKey else { return TasksReplies.invalidAPIKey() }
    let now = sandbox.clock.now()
    if path.hasPrefix("/auth/v1/") {
      let context = TasksContext(request: request, sandbox: sandbox.auth, path: path, now: now, mount: Self.prefix)
      return await TasksAuth.respond(context)
    }
    if path.hasPrefix("/rest/v1/"),
      let answer = await sandbox.databaseSlot.respond(
        request, path: path, nowMicroseconds: sandbox.clock.unixMicroseconds(at: now),
        owner: { () throws(TasksRestError) in try await AgilityRest.role(request, sandbox: sandbox, now: now) })
    {
      return answer
    }
    if path.hasPrefix("/rest/v1/") {
      return await AgilityRest.respond(request, path: path, sandbox: sandbox, now: now)
    }
    return TasksReplies.noRoute()
  }

  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse {
    TasksReplies.fault(fault, request: request, path: String(request.path.dropFirst(Self.prefix.count)))
  }

  func adminState() async -> SandboxJSON { await AgilityAdmin.state(sandbox) }

  func adminMutate(operation: String, body: SandboxAdminBody) async throws(SandboxAdminError) -> SandboxJSON {
    try await AgilityAdmin.mutate(operation, body, sandbox: sandbox)
  }
}

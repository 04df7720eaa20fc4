import Foundation

/// The "viiraa" module: a Supabase project mounted at `/viiraa`. The gateway checks the
/// project's own `apikey`; Auth (`/auth/v1`) is the tasks project's GoTrue run on viiraa's
/// users, and the Data API (`/rest/v1`) serves the tables of viiraa.md §2.
struct ViiRaaService: SandboxService {
  static let prefix = "/viiraa"
  let sandbox: ViiRaaSandbox

  var name: SandboxServiceName { .viiraa }
  var pathPrefix: String { Self.prefix }
  var adminOperations: [String] { ViiRaaAdmin.operations }

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
        owner: { () throws(TasksRestError) in try await ViiRaaRest.role(request, sandbox: sandbox, now: now) })
    {
      return answer
    }
    if path.hasPrefix("/rest/v1/") {
      return await ViiRaaRest.respond(request, path: path, sandbox: sandbox, now: now)
    }
    return TasksReplies.noRoute()
  }

  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse {
    TasksReplies.fault(fault, request: request, path: String(request.path.dropFirst(Self.prefix.count)))
  }

  func adminState() async -> SandboxJSON { await ViiRaaAdmin.state(sandbox) }

  func adminMutate(operation: String, body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    try ViiRaaAdmin.mutate(operation, body, sandbox: sandbox)
  }
}

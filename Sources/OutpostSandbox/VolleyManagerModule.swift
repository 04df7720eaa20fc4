import NIOHTTP1

/// VolleyManager as a module of the sandbox host. It owns the root because its real paths have
/// no prefix, and it keeps its own fault knobs (`/__sandbox/volleymanager/config`), which count
/// only `/api/…` requests as upstream does. Its operations on the shared admin API are its older
/// admin endpoints under one name each, so both routes validate and behave identically.
extension VolleyManagerService {
  var name: SandboxServiceName { .volleymanager }
  var pathPrefix: String { "" }
  var acceptsHostFaults: Bool { false }

  /// `op` → the `/__sandbox/volleymanager/…` endpoint it stands for (POST, same body).
  var adminOperations: [String] {
    ["users", "expire-sessions", "config", "games/move", "games/cancel", "exchanges/take"]
  }

  func adminMutate(operation: String, body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    let rest = body.members.filter { $0.key != "service" && $0.key != "op" }
    // expire-sessions takes no body; the others read theirs strictly (unknown keys are 400).
    let forwarded: [UInt8] = Array(SandboxJSON.object(rest.sorted { $0.key < $1.key }).serialized.utf8)
    let request = SandboxRequest(
      method: .POST, uri: VolleyManagerAdmin.prefix + operation,
      headers: ["Content-Type": "application/json"], body: forwarded)
    let response = VolleyManagerAdmin.respond(to: request, sandbox: sandbox)
    let reply = SandboxJSON.parse(response.body) ?? .null
    guard response.status == .ok else {
      let message = reply.members?["error"]?.stringValue ?? "refused with status \(response.status.code)"
      throw SandboxAdminError(message, status: response.status)
    }
    return reply
  }

  /// Counters, settings and accounts (never passwords). The generated data per user is large;
  /// it stays at `GET /__sandbox/volleymanager/data?username=`.
  func adminState() -> SandboxJSON {
    let users = sandbox.withState { state in
      state.users.values.sorted { $0.username < $1.username }.map { user -> SandboxJSON in
        .object([
          ("username", .string(user.username)), ("displayName", .string(user.displayName)),
          ("twoFactor", .bool(user.twoFactor)),
          ("associations", .array(user.associations.map { .string($0.shortName) })),
        ])
      }
    }
    return .object([
      ("stats", VolleyManagerAdmin.statsJSON(sandbox.currentStats())),
      ("config", VolleyManagerAdmin.configJSON(sandbox)), ("users", .array(users)),
      ("data", .string(VolleyManagerAdmin.prefix + "data?username=")),
    ])
  }

  /// The iCal code in a feed path is a credential: whoever has it reads the calendar.
  func loggedPath(_ path: String) -> String {
    path.hasPrefix(VolleyManagerICal.prefix) ? VolleyManagerICal.prefix + "…" : path
  }
}

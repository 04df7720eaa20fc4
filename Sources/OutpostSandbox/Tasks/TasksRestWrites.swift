import NIOHTTP1

/// PATCH, POST and DELETE on `/tasks/rest/v1/tasks`. Filters pick the rows as for a read; rows
/// the caller may not see are simply not matched, so a precondition such as
/// `id=eq.7&updated_at=eq.<cursor>` that no longer holds changes nothing and still succeeds
/// (204, or `[]` with `return=representation`): that is how a client learns it lost a race.
enum TasksRestWrites {
  static func update(_ context: TasksContext, owner: String?) throws(TasksRestError) -> SandboxResponse {
    let query = try TasksQuery(context.request)
    let change = try TasksRowInput.change(try object(context.request.body))
    let now = context.nowMicroseconds
    let moved = change.userID.map { $0 != owner.map { SandboxTasksUser.id(email: $0) } } ?? false
    let changed = try context.sandbox.withState { state throws(TasksRestError) -> [TasksRow] in
      guard let owner else { return [] }
      let ids = state.rows(of: owner).filter(query.matches).map(\.id)
      // The policy's WITH CHECK: a row handed to another user fails, if any row matched.
      if moved && !ids.isEmpty { throw rowLevelSecurity(anonymous: false) }
      // An empty patch changes nothing, so no trigger fires and `updated_at` stays.
      guard !change.isEmpty else { return state.rows(of: owner).filter { ids.contains($0.id) } }
      return state.update(ids: ids, with: change, now: now)
    }
    return reply(changed, query: query, context: context, status: .ok)
  }

  static func delete(_ context: TasksContext, owner: String?) throws(TasksRestError) -> SandboxResponse {
    let query = try TasksQuery(context.request)
    let deleted = context.sandbox.withState { state -> [TasksRow] in
      guard let owner else { return [] }
      return state.delete(ids: state.rows(of: owner).filter(query.matches).map(\.id))
    }
    return reply(deleted, query: query, context: context, status: .ok)
  }

  /// One object or an array of objects with the same keys; rows belong to the caller. The
  /// anonymous role may not insert (the policy's WITH CHECK fails).
  static func insert(_ context: TasksContext, owner: String?) throws(TasksRestError) -> SandboxResponse {
    let query = try TasksQuery(context.request)
    guard let owner else { throw rowLevelSecurity(anonymous: true) }
    guard let body = SandboxJSON.parse(context.request.body) else { throw invalidBody }
    let objects: [[String: SandboxJSON]]
    switch body {
    case .object: objects = [body.members ?? [:]]
    case .array(let items):
      let members = items.compactMap(\.members)
      guard members.count == items.count else { throw invalidBody }
      guard Set(members.map { $0.keys.sorted() }).count <= 1 else {
        throw TasksRestError(.badRequest, "PGRST102", "All object keys must match")
      }
      objects = members
    default: throw invalidBody
    }
    var inputs: [(title: String, dueAt: Int64?, done: Bool)] = []
    for object in objects {
      let input = try TasksRowInput.insert(object)
      // `user_id` has no default: a row without it, or with another user's, fails the policy.
      guard input.userID == SandboxTasksUser.id(email: owner) else { throw rowLevelSecurity(anonymous: false) }
      inputs.append((input.title, input.dueAt, input.done))
    }
    let now = context.nowMicroseconds
    let inserted = context.sandbox.withState { $0.insert(inputs, owner: owner, now: now) }
    return reply(inserted, query: query, context: context, status: .created)
  }

  /// PostgREST answers 42501 with 401 to the anonymous role and 403 to a signed-in one.
  private static func rowLevelSecurity(anonymous: Bool) -> TasksRestError {
    TasksRestError(
      anonymous ? .unauthorized : .forbidden, "42501", "new row violates row-level security policy for table \"tasks\"")
  }

  private static var invalidBody: TasksRestError {
    TasksRestError(.badRequest, "PGRST102", "Empty or invalid json")
  }

  private static func object(_ body: [UInt8]) throws(TasksRestError) -> [String: SandboxJSON] {
    guard let members = SandboxJSON.parse(body)?.members else { throw invalidBody }
    return members
  }

  /// `return=representation`: the affected rows (200, or 201 for an insert) with
  /// `Preference-Applied`; otherwise no body (204, or 201 for an insert).
  private static func reply(
    _ rows: [TasksRow], query: TasksQuery, context: TasksContext, status: HTTPResponseStatus
  ) -> SandboxResponse {
    let range = TasksRest.contentRange(offset: 0, count: rows.count, total: "*")
    let representation = TasksRest.preferences(context.request).contains("return=representation")
    guard representation else {
      return SandboxResponse(status: status == .created ? .created : .noContent).adding("Content-Range", range)
    }
    var response = TasksRest.rows(rows, columns: query.columns, context: context)
    response.status = status
    return response.adding("Preference-Applied", "return=representation").adding("Content-Range", range)
  }
}

/// The client API under `/rpp/v1` (rpp.md §4): authentication first, then the route. Every
/// GET that answers 200 with an ETag honours `If-None-Match` with a bodiless 304.
enum RPPAPI {
  static let base = "/rpp/v1"

  static func respond(_ context: RPPContext) async -> SandboxResponse {
    if let failure = injectedFailure(context) { return failure }
    let response = await route(context)
    return conditional(response, context.request)
  }

  /// `fail-next` (admin): a 500 in the envelope, or a 502 proxy page that is not JSON.
  private static func injectedFailure(_ context: RPPContext) -> SandboxResponse? {
    let status = context.sandbox.withState { state -> Int? in
      state.counters.apiRequests += 1
      guard state.failNext.count > 0 else { return nil }
      state.failNext.count -= 1
      return state.failNext.status
    }
    switch status {
    case nil: return nil
    case 502?:
      return .html(
        .badGateway, "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>")
    default:
      return RPPReplies.error(
        .internalServerError, "INTERNAL", "Something went wrong on our side.", requestID: context.requestID)
    }
  }

  private static func conditional(_ response: SandboxResponse, _ request: SandboxRequest) -> SandboxResponse {
    guard request.method == .GET, response.status == .ok,
      let etag = response.headers.first(where: { $0.0 == "ETag" })?.1,
      let wanted = request.headers.first(name: "if-none-match")
    else { return response }
    let tags = wanted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard tags.contains("*") || tags.contains(etag) || tags.contains("W/" + etag) else { return response }
    return SandboxResponse(status: .notModified, headers: response.headers.filter { $0.0 != "Content-Type" })
  }

  private static func route(_ context: RPPContext) async -> SandboxResponse {
    let request = context.request
    guard request.path.hasPrefix(base + "/") else { return RPPReplies.notFound(requestID: context.requestID) }
    let segments = request.path.dropFirst(base.count + 1).split(separator: "/", omittingEmptySubsequences: false)
      .map(String.init)
    let caller: RPPAuthGate.Caller
    switch await RPPAuthGate.authenticate(context) {
    case .failure(let refusal): return refusal.response
    case .success(let authenticated): caller = authenticated
    }
    if let limited = rateLimited(context, caller) { return limited }
    let method = request.method
    switch (method, segments.count, segments.first ?? "") {
    case (.GET, 1, "me"): return me(context, caller)
    case (.GET, 1, "services"): return services(context, caller)
    case (.GET, 1, "policy"): return policy(context, caller)
    case (.GET, 1, "availability"): return RPPBookingAPI.availability(context, caller)
    case (.GET, 1, "orders"): return RPPOrdersAPI.list(context, caller)
    case (.POST, 1, "orders"): return await RPPBookingAPI.create(context, caller)
    case (.GET, 2, "orders"): return RPPOrdersAPI.detail(context, caller, id: segments[1])
    case (.PATCH, 2, "orders"): return await RPPOrdersAPI.change(context, caller, id: segments[1])
    case (.GET, 1, "conversations"): return RPPConversationsAPI.list(context, caller)
    case (.GET, 3, "conversations") where segments[2] == "messages":
      return RPPConversationsAPI.messages(context, caller, conversationID: segments[1])
    case (.POST, 3, "conversations") where segments[2] == "messages":
      return await RPPConversationsAPI.send(context, caller, conversationID: segments[1])
    case (.POST, 3, "conversations") where segments[2] == "read":
      return RPPConversationsAPI.markRead(context, caller, conversationID: segments[1])
    case (.GET, 1, "notifications"): return RPPNotificationsAPI.list(context, caller)
    case (.PATCH, 3, "notifications") where segments[2] == "read":
      return RPPNotificationsAPI.markRead(context, caller, id: segments[1])
    case (.POST, 2, "devices") where segments[1] == "register": return RPPNotificationsAPI.register(context, caller)
    case (.DELETE, 2, "devices"): return RPPNotificationsAPI.unregister(context, caller, id: segments[1])
    case (.POST, 2, "auth") where segments[1] == "revoke": return RPPNotificationsAPI.revoke(context, caller)
    default: return RPPReplies.notFound(requestID: context.requestID)
    }
  }

  /// rpp.md §3's per-user limit, when switched on (`rateLimitPerMinute`).
  private static func rateLimited(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse? {
    let retryAfter = context.sandbox.withState { state -> Int64? in
      let limit = state.settings.rateLimitPerMinute
      guard limit > 0 else { return nil }
      var times = state.requestTimes[caller.user.id, default: []].filter { $0 > context.nowMs - .minuteMs }
      defer { state.requestTimes[caller.user.id] = times }
      guard times.count < limit else { return (times[0] + .minuteMs - context.nowMs + 999) / 1000 }
      times.append(context.nowMs)
      return nil
    }
    guard let retryAfter else { return nil }
    return RPPReplies.error(
      .tooManyRequests, "RATE_LIMITED", "Too many requests.", requestID: context.requestID
    ).adding("Retry-After", String(max(1, retryAfter)))
  }

  private static func me(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let (user, saved) = context.sandbox.withLiveState(at: context.nowMs) { state in
      (state.users[caller.user.id]!, state.savedAddresses[caller.user.id] ?? [])
    }
    return .json(.ok, RPPJSON.me(user, caller.partner, saved: saved)).adding("ETag", "\"v\(user.version)\"")
  }

  private static func services(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let partner = context.sandbox.withState { $0.partners[caller.partner.id]! }
    let items = partner.services.map { RPPJSON.service($0, currency: partner.currency, full: true) }
    return .json(
      .ok,
      .object([
        ("items", .array(items)), ("nextCursor", .null),
        ("watermark", .string(RPPTime.utc(context.nowMs - RPPListQuery.watermarkMarginMs))),
      ])
    ).adding("ETag", RPPListQuery.etag(SandboxJSON.array(items).serialized))
  }

  private static func policy(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let partner = context.sandbox.withState { $0.partners[caller.partner.id]! }
    return .json(.ok, RPPJSON.policy(partner)).adding("ETag", "\"v\(partner.policy.version)\"")
  }
}

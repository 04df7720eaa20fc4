/// Conversations and messages (rpp.md §4.5): one support conversation per customer, one per
/// order once a photographer is assigned; messages newest first (or as a change feed),
/// `POST` with a required `Idempotency-Key`, and mark-read.
enum RPPConversationsAPI {
  static let bodyLengths = 1...4000

  static func list(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    if context.request.queryFields["mine"] == "false" {
      return RPPReplies.error(
        .forbidden, "ROLE_NOT_ALLOWED", "Clients may only list their own conversations.",
        requestID: context.requestID)
    }
    let query: RPPListQuery
    switch RPPListQuery.parse(context, key: context.sandbox.cursorKey) {
    case .failure(let refusal): return refusal.response
    case .success(let parsed): query = parsed
    }
    return context.sandbox.withLiveState(at: context.nowMs) { state in
      let items = (state.conversationIDsByCustomer[caller.user.id] ?? []).compactMap { state.conversations[$0] }
      return query.page(
        items, sortKey: \.updatedMs, updatedAt: \.updatedMs, id: \.id,
        render: { RPPJSON.conversation($0, in: state) }, context: context, key: context.sandbox.cursorKey)
    }
  }

  static func messages(_ context: RPPContext, _ caller: RPPAuthGate.Caller, conversationID: String) -> SandboxResponse {
    let query: RPPListQuery
    switch RPPListQuery.parse(context, key: context.sandbox.cursorKey) {
    case .failure(let refusal): return refusal.response
    case .success(let parsed): query = parsed
    }
    return context.sandbox.withLiveState(at: context.nowMs) { state in
      guard state.conversation(conversationID, of: caller.user.id) != nil else {
        return RPPReplies.notFound(requestID: context.requestID)
      }
      return query.page(
        state.messages[conversationID] ?? [], sortKey: \.createdMs, updatedAt: \.updatedMs, id: \.id,
        render: RPPJSON.message, context: context, key: context.sandbox.cursorKey)
    }
  }

  static func send(_ context: RPPContext, _ caller: RPPAuthGate.Caller, conversationID: String) async
    -> SandboxResponse
  {
    await RPPIdempotency.run(context, caller: caller, required: true) { state, _ in
      guard state.conversation(conversationID, of: caller.user.id) != nil else {
        return RPPReplies.notFound(requestID: context.requestID)
      }
      guard let text = context.jsonBody?["body"]?.stringValue, bodyLengths.contains(text.count) else {
        return RPPReplies.validation("body", "must be text of 1…4000 characters", requestID: context.requestID)
      }
      let message = state.addMessage(
        conversationID: conversationID, senderID: caller.user.id, senderRole: "client", body: text,
        atMs: context.nowMs)
      return .json(.created, RPPJSON.message(message)).adding("ETag", "\"v\(message.version)\"")
    }
  }

  static func markRead(_ context: RPPContext, _ caller: RPPAuthGate.Caller, conversationID: String)
    -> SandboxResponse
  {
    context.sandbox.withLiveState(at: context.nowMs) { state in
      guard state.conversation(conversationID, of: caller.user.id) != nil else {
        return RPPReplies.notFound(requestID: context.requestID)
      }
      guard let last = context.jsonBody?["lastReadMessageId"]?.stringValue,
        let unread = state.markRead(conversationID: conversationID, through: last, atMs: context.nowMs)
      else {
        return RPPReplies.validation(
          "lastReadMessageId", "must name a message of this conversation", requestID: context.requestID)
      }
      return .json(.ok, .object([("unreadCount", .int(unread))]))
    }
  }
}

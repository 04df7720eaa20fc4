/// `Idempotency-Key` (rpp.md §3, draft-ietf-httpapi-idempotency-key-header): keys live 24 h
/// per user. The same key and body replays the first answer with `Idempotent-Replayed: true`;
/// another body is `422 IDEMPOTENCY_KEY_REUSED`; a key whose first request is still running
/// (its reply held by `holdWriteReplies`, say) is `409 IDEMPOTENCY_KEY_IN_USE`; a missing key
/// where required is `400 IDEMPOTENCY_KEY_MISSING`.
enum RPPIdempotency {
  static let lifetimeMs: Int64 = 24 * .hourMs

  /// Runs a write exactly once per key: `perform` runs under the lock, then (for a success)
  /// the reply waits at the write gate, then the answer is stored for replays.
  static func run(
    _ context: RPPContext, caller: RPPAuthGate.Caller, required: Bool,
    perform: (inout RPPState, _ key: String?) -> SandboxResponse
  ) async -> SandboxResponse {
    let request = context.request
    let key = request.headers.first(name: "idempotency-key")
    if key == nil && required {
      return RPPReplies.error(
        .badRequest, "IDEMPOTENCY_KEY_MISSING", "This request needs an Idempotency-Key header.",
        requestID: context.requestID)
    }
    if let key, key.isEmpty || key.count > 255 {
      return RPPReplies.validation("Idempotency-Key", "must have 1…255 characters", requestID: context.requestID)
    }
    let normalized = SandboxJSON.parse(request.body)?.serialized ?? String(decoding: request.body, as: UTF8.self)
    let fingerprint = "\(request.method.rawValue) \(request.path)\n\(normalized)"
    let recordKey = key.map { "\(caller.user.id)|\($0)" }
    let outcome = context.sandbox.withLiveState(at: context.nowMs) { state -> SandboxResponse? in
      guard let recordKey else { return nil }
      if let record = state.idempotency[recordKey], record.createdMs + lifetimeMs > context.nowMs {
        guard record.fingerprint == fingerprint else {
          return RPPReplies.error(
            .unprocessableEntity, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used with another request.",
            requestID: context.requestID)
        }
        guard let response = record.response else {
          return RPPReplies.error(
            .conflict, "IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still being processed.",
            requestID: context.requestID)
        }
        state.counters.idempotentReplays += 1
        return response.adding("Idempotent-Replayed", "true")
      }
      state.idempotency[recordKey] = RPPIdempotencyRecord(fingerprint: fingerprint, createdMs: context.nowMs)
      return nil
    }
    if let outcome { return outcome }
    let response = context.sandbox.withLiveState(at: context.nowMs) { state in perform(&state, key) }
    if (200..<300).contains(response.status.code) && context.sandbox.writeGate.isClosed {
      context.sandbox.withState { $0.counters.heldReplies += 1 }
      await context.sandbox.writeGate.pass()
    }
    if let recordKey {
      context.sandbox.withState { state in
        // A server error is not an answer to keep: the client may try again with the same key.
        if response.status.code >= 500 {
          state.idempotency[recordKey] = nil
        } else {
          state.idempotency[recordKey]?.response = response
        }
      }
    }
    return response
  }
}

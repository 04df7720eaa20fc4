/// Notifications (rpp.md §4.6), devices (§4.7) and "sign out everywhere" (§2.5).
enum RPPNotificationsAPI {
  static let types = [
    "booking_confirmed", "booking_changed", "booking_cancelled", "appointment_reminder", "photographer_en_route",
    "photographer_arrived", "order_status_updated", "new_message",
  ]

  static func list(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let fields = context.request.queryFields
    let query: RPPListQuery
    switch RPPListQuery.parse(context, key: context.sandbox.cursorKey) {
    case .failure(let refusal): return refusal.response
    case .success(let parsed): query = parsed
    }
    var wanted: Set<String>?
    if let text = fields["type"] {
      let names = Set(text.split(separator: ",").map(String.init))
      guard !names.isEmpty, names.isSubset(of: types) else {
        return RPPReplies.validation("type", "must be a comma list of notification types", requestID: context.requestID)
      }
      wanted = names
    }
    let unreadOnly = fields["unread"] == "true"
    return context.sandbox.withLiveState(at: context.nowMs) { state in
      let items = (state.notificationIDsByCustomer[caller.user.id] ?? []).compactMap { state.notifications[$0] }
        .filter { (wanted?.contains($0.type) ?? true) && (!unreadOnly || $0.readMs == nil) }
      return query.page(
        items, sortKey: \.createdMs, updatedAt: \.updatedMs, id: \.id, render: RPPJSON.notification,
        context: context, key: context.sandbox.cursorKey)
    }
  }

  static func markRead(_ context: RPPContext, _ caller: RPPAuthGate.Caller, id: String) -> SandboxResponse {
    var read = true
    if !context.request.body.isEmpty {
      guard let value = context.jsonBody?["read"]?.boolValue else {
        return RPPReplies.validation("read", "must be true or false", requestID: context.requestID)
      }
      read = value
    }
    return context.sandbox.withLiveState(at: context.nowMs) { state in
      guard var notification = state.notifications[id], notification.customerID == caller.user.id else {
        return RPPReplies.notFound(requestID: context.requestID)
      }
      if read != (notification.readMs != nil) {
        notification.readMs = read ? context.nowMs : nil
        notification.updatedMs = context.nowMs
        notification.version += 1
        state.notifications[id] = notification
      }
      return .json(.ok, RPPJSON.notification(notification)).adding("ETag", "\"v\(notification.version)\"")
    }
  }

  static func register(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let requestID = context.requestID
    guard let body = context.jsonBody, let token = body["token"]?.stringValue, (1...4096).contains(token.count) else {
      return RPPReplies.validation("token", "must be a push token", requestID: requestID)
    }
    guard let platform = body["platform"]?.stringValue, ["fcm", "apns"].contains(platform) else {
      return RPPReplies.validation("platform", "must be fcm or apns", requestID: requestID)
    }
    return context.sandbox.withState { state in
      var device =
        state.devices.values.first { $0.token == token && $0.userID == caller.user.id }
        ?? RPPDevice(
          id: state.newID("dev"), userID: caller.user.id, token: token, platform: platform, registeredMs: context.nowMs)
      device.platform = platform
      device.appVersion = body["appVersion"]?.stringValue
      device.locale = body["locale"]?.stringValue
      device.registeredMs = context.nowMs
      state.devices[device.id] = device
      return .json(
        .ok, .object([("deviceId", .string(device.id)), ("registeredAt", .string(RPPTime.utc(device.registeredMs)))]))
    }
  }

  static func unregister(_ context: RPPContext, _ caller: RPPAuthGate.Caller, id: String) -> SandboxResponse {
    context.sandbox.withState { state in
      guard let device = state.devices[id], device.userID == caller.user.id else {
        return RPPReplies.notFound(requestID: context.requestID)
      }
      state.devices[id] = nil
      return SandboxResponse(status: .noContent)
    }
  }

  /// Every refresh token of the user dies (`TOKEN_EXPIRED`), and the ID tokens issued so far
  /// are refused (`token_revoked`): the Admin SDK's revocation, signing out every device.
  static func revoke(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    context.sandbox.withState { _ = $0.revokeTokens(of: caller.user.id, idTokens: true) }
    return SandboxResponse(status: .noContent)
  }
}

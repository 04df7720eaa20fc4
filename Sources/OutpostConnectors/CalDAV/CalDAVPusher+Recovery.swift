/// What the pusher does when the calendar is not as Outpost left it: a precondition failed, or
/// something sits where Outpost's event belongs. The rule throughout: read the resource back,
/// and write over it or delete it only when it still holds Outpost's UID.
extension CalDAVPusher {
  /// Puts `event` over whatever is at its href now, if that is Outpost's event (by UID); if
  /// the href is empty after all, creates it. Someone else's event there is left alone and
  /// reported.
  func takeOver(
    _ event: Event, as change: Change, attempts: Int = 3, state: inout CalDAVState, report: inout CalDAVPushReport
  ) async throws(ConnectorError) {
    guard attempts > 0 else {
      let error = ConnectorError.conflict(
        "it kept changing on the server while Outpost wrote it; the next push retries")
      report.errors.append(CalDAVPushProblem(uid: event.uid, href: event.href, error: error))
      return
    }
    guard let resource = try await client.get(href: event.href) else {
      let gone: Change = change == .updated || change == .overwritten ? .recreated : change
      try await create(event, as: gone, attempts: attempts - 1, state: &state, report: &report)
      return
    }
    guard StoredEvent.holds(event.uid, resource.body) else {
      state.events[event.uid] = nil
      report.skippedForeign.append(event.href)
      let error = ConnectorError.conflict(
        "\(event.href) holds an event Outpost did not create; Outpost's event was not written there")
      report.errors.append(CalDAVPushProblem(uid: event.uid, href: event.href, error: error))
      return
    }
    var etag = resource.etag
    if etag == nil { etag = try await client.etag(href: event.href) }
    guard let etag else {
      let error = ConnectorError.unexpectedReply(
        "the server gives no ETag for \(event.href), so it cannot be replaced safely")
      report.errors.append(CalDAVPushProblem(uid: event.uid, href: event.href, error: error))
      return
    }
    if StoredEvent.says(resource.body, event.body) {
      // Already what Outpost would write (a write whose reply was lost, a state that was not
      // saved): record it rather than write it again.
      state.events[event.uid] = CalDAVState.Record(href: event.href, etag: etag, digest: event.digest)
      report.unchanged += 1
      return
    }
    let outcome = try await client.write("PUT", href: event.href, body: event.body, condition: ("If-Match", etag))
    switch outcome {
    case .done(let etag): try await recordWrite(event, etag: etag, as: change, state: &state, report: &report)
    case .preconditionFailed, .missing:
      try await takeOver(event, as: change, attempts: attempts - 1, state: &state, report: &report)
    case .refused(let error): report.errors.append(CalDAVPushProblem(uid: event.uid, href: event.href, error: error))
    }
  }

  /// DELETE of an event Outpost no longer has. If it changed since Outpost wrote it, it is
  /// deleted anyway while it still holds Outpost's UID (the assignment is gone either way);
  /// if it now holds someone else's event, that stays.
  func remove(
    uid: String, record: CalDAVState.Record, ifMatch etag: String, attempts: Int = 3, state: inout CalDAVState,
    report: inout CalDAVPushReport
  ) async throws(ConnectorError) {
    guard attempts > 0 else {
      let error = ConnectorError.conflict(
        "it kept changing on the server while Outpost deleted it; the next push retries")
      report.errors.append(CalDAVPushProblem(uid: uid, href: record.href, error: error))
      return
    }
    switch try await client.write("DELETE", href: record.href, body: [], condition: ("If-Match", etag)) {
    case .done:
      state.events[uid] = nil
      report.deleted.append(uid)
    case .missing:
      state.events[uid] = nil
    case .preconditionFailed:
      guard let resource = try await client.get(href: record.href) else {
        state.events[uid] = nil
        return
      }
      guard StoredEvent.holds(uid, resource.body) else {
        state.events[uid] = nil
        report.skippedForeign.append(record.href)
        return
      }
      var current = resource.etag
      if current == nil { current = try await client.etag(href: record.href) }
      guard let current else {
        let error = ConnectorError.unexpectedReply(
          "the server gives no ETag for \(record.href), so it cannot be deleted safely")
        report.errors.append(CalDAVPushProblem(uid: uid, href: record.href, error: error))
        return
      }
      try await remove(
        uid: uid, record: record, ifMatch: current, attempts: attempts - 1, state: &state, report: &report)
    case .refused(let error):
      report.errors.append(CalDAVPushProblem(uid: uid, href: record.href, error: error))
    }
  }
}

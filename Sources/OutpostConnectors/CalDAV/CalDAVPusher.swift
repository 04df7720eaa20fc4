import OutpostCalendar

/// Makes a CalDAV calendar hold exactly Outpost's events, one-way: Outpost's version wins for
/// Outpost's events, and everything else in the calendar is left alone.
///
/// A push lists the calendar once (PROPFIND Depth 1), then writes only what differs, each
/// write guarded by a precondition so that nothing changed behind Outpost's back is lost
/// unseen: `If-None-Match: *` to create, `If-Match: <the ETag of Outpost's last write>` to
/// replace or delete. A 412 means someone else was there; the resource is read back and taken
/// over only when it still holds Outpost's UID. Resources Outpost did not write are never
/// touched. The state (what Outpost wrote) comes in and goes out through `state`.
public struct CalDAVPusher: Sendable {
  public let client: CalDAVClient

  public init(client: CalDAVClient) { self.client = client }

  var collection: CalDAVCollection { client.collection }

  /// Makes the calendar hold `desired` (UID → the bytes of `CalendarWriter.renderSingle`; an
  /// empty body counts as absent). `state` is updated as each write succeeds and must be
  /// persisted whether this returns or throws. Throws only what concerns the whole calendar:
  /// temporary failures (unreachable, transient, rateLimited: back off and push again),
  /// rejected credentials, a URL that is no calendar (any more); a problem with one event is in
  /// the report's `errors`, and the next push tries it again.
  public func push(
    _ desired: [String: [UInt8]], state: inout CalDAVState
  ) async throws(ConnectorError) -> CalDAVPushReport {
    if state.collection != collection.url { state = CalDAVState(collection: collection.url) }
    let wanted = desired.filter { !$0.value.isEmpty }
    var remote: [String: (href: String, etag: String)] = [:]
    for (href, etag) in try await client.listETags() {
      if let key = collection.key(href) { remote[key] = (href, etag) }
    }
    // Outpost's hrefs as known before this push changes the state: whatever else is listed
    // was not written by Outpost.
    let ours = Set(state.events.values.compactMap { collection.key($0.href) })
      .union(wanted.keys.compactMap { collection.key(collection.href(forUID: $0)) })
    var report = CalDAVPushReport()
    for uid in wanted.keys.sorted() {
      let record = state.events[uid]
      let href = record?.href ?? collection.href(forUID: uid)
      let remoteETag = collection.key(href).flatMap { remote[$0]?.etag }
      let event = Event(uid: uid, href: href, body: wanted[uid]!, digest: HexDigest.sha256(wanted[uid]!))
      try await push(event, record: record, remoteETag: remoteETag, state: &state, report: &report)
    }
    for uid in state.events.keys.sorted() where wanted[uid] == nil {
      let record = state.events[uid]!
      guard let remoteETag = collection.key(record.href).flatMap({ remote[$0]?.etag }) else {
        // Already gone (someone deleted it, or emptied the calendar): nothing to do.
        state.events[uid] = nil
        continue
      }
      try await remove(uid: uid, record: record, ifMatch: record.etag ?? remoteETag, state: &state, report: &report)
    }
    for (key, entry) in remote where !ours.contains(key) && !report.skippedForeign.contains(entry.href) {
      report.skippedForeign.append(entry.href)
    }
    report.skippedForeign.sort()
    return report
  }

  /// One event Outpost wants in the calendar, with the digest of its bytes.
  struct Event {
    var uid: String
    var href: String
    var body: [UInt8]
    var digest: String
  }

  /// Which list a successful write of an event goes to.
  enum Change {
    case created, updated, recreated, overwritten

    func record(_ uid: String, in report: inout CalDAVPushReport) {
      switch self {
      case .created: report.created.append(uid)
      case .updated: report.updated.append(uid)
      case .recreated: report.recreated.append(uid)
      case .overwritten: report.overwritten.append(uid)
      }
    }
  }

  private func push(
    _ event: Event, record: CalDAVState.Record?, remoteETag: String?, state: inout CalDAVState,
    report: inout CalDAVPushReport
  ) async throws(ConnectorError) {
    guard let record else {
      if remoteETag == nil {
        try await create(event, as: .created, state: &state, report: &report)
      } else {
        // Something sits where Outpost would put this event, and Outpost has no record of
        // writing it (a lost state, an earlier install): take it over only if it is ours.
        try await takeOver(event, as: .updated, state: &state, report: &report)
      }
      return
    }
    guard let remoteETag else {
      try await create(event, as: .recreated, state: &state, report: &report)
      return
    }
    let sameETag = record.etag == nil || record.etag == remoteETag
    if record.digest == event.digest && sameETag {
      // A record without an ETag (the server gave none) adopts the one listed.
      state.events[event.uid]?.etag = remoteETag
      report.unchanged += 1
      return
    }
    // Changed here, or edited there: replace while the resource is still what Outpost wrote.
    // If someone edited it, this is a 412, and the recovery reports the overwrite.
    let outcome = try await client.write(
      "PUT", href: event.href, body: event.body, condition: ("If-Match", record.etag ?? remoteETag))
    switch outcome {
    case .done(let etag): try await recordWrite(event, etag: etag, as: .updated, state: &state, report: &report)
    case .preconditionFailed, .missing: try await takeOver(event, as: .overwritten, state: &state, report: &report)
    case .refused(let error): report.errors.append(CalDAVPushProblem(uid: event.uid, href: event.href, error: error))
    }
  }

  /// PUT with `If-None-Match: *`; if something is there after all, the take-over decides.
  /// `attempts` bounds the back and forth with someone who keeps changing the resource.
  func create(
    _ event: Event, as change: Change, attempts: Int = 3, state: inout CalDAVState, report: inout CalDAVPushReport
  ) async throws(ConnectorError) {
    let outcome = try await client.write("PUT", href: event.href, body: event.body, condition: ("If-None-Match", "*"))
    switch outcome {
    case .done(let etag): try await recordWrite(event, etag: etag, as: change, state: &state, report: &report)
    case .preconditionFailed:
      try await takeOver(event, as: .overwritten, attempts: attempts - 1, state: &state, report: &report)
    case .missing: throw .notFound("the calendar \(collection.url) is not there any more")
    case .refused(let error): report.errors.append(CalDAVPushProblem(uid: event.uid, href: event.href, error: error))
    }
  }

  /// Notes a successful write. A server that changed what it stored answers without an ETag
  /// (RFC 4791 §5.3.4); then the ETag is asked for, so that the next push can tell an edit
  /// by someone else from Outpost's own write.
  func recordWrite(
    _ event: Event, etag: String?, as change: Change, state: inout CalDAVState, report: inout CalDAVPushReport
  ) async throws(ConnectorError) {
    var etag = etag
    if etag == nil { etag = try await client.etag(href: event.href) }
    state.events[event.uid] = CalDAVState.Record(href: event.href, etag: etag, digest: event.digest)
    change.record(event.uid, in: &report)
  }
}

/// What Outpost put into one CalDAV calendar, per event UID: where, under which ETag, and the
/// digest of the bytes. It is how the pusher tells its own resources from everyone else's, so
/// the caller must persist it after every push, including one that threw (the pusher updates
/// it as each write succeeds). Losing it is safe but not free: Outpost then re-adopts its events
/// one GET at a time, and leaves events it no longer wants in the calendar.
public struct CalDAVState: Codable, Sendable, Equatable {
  public struct Record: Codable, Sendable, Equatable {
    /// The resource's path as Outpost wrote it (`<collection path><uid>.ics`).
    public var href: String
    /// The ETag the server gave for Outpost's last write; nil when it gave none.
    public var etag: String?
    /// SHA-256 (hex) of the bytes of that write.
    public var digest: String

    public init(href: String, etag: String?, digest: String) {
      self.href = href
      self.etag = etag
      self.digest = digest
    }
  }

  /// The collection's URL these records are about. A state for another URL (the user pointed
  /// Outpost at another calendar) is set aside rather than applied to this one.
  public var collection: String
  public var events: [String: Record]

  public init(collection: String, events: [String: Record] = [:]) {
    self.collection = collection
    self.events = events
  }
}

/// What one push did, by event UID (foreign resources by href). Each UID is in at most one list.
public struct CalDAVPushReport: Sendable, Equatable {
  /// New events, put where nothing was.
  public var created: [String] = []
  /// Events whose bytes changed since the last push, replaced.
  public var updated: [String] = []
  /// Outpost's events that had disappeared from the calendar (deleted by someone, the calendar
  /// emptied), put back.
  public var recreated: [String] = []
  /// Outpost's events that someone else had edited, replaced by Outpost's version again.
  public var overwritten: [String] = []
  /// Events Outpost no longer has, removed.
  public var deleted: [String] = []
  /// Events already as they should be.
  public var unchanged = 0
  /// Hrefs of resources Outpost did not create, left as they are.
  public var skippedForeign: [String] = []
  /// Events that could not be written or removed this time; the next push tries again.
  public var errors: [CalDAVPushProblem] = []

  public init() {}

  /// Whether the push changed anything in the calendar.
  public var changedCalendar: Bool {
    !(created.isEmpty && updated.isEmpty && recreated.isEmpty && overwritten.isEmpty && deleted.isEmpty)
  }
}

/// One event the push could not handle, and why.
public struct CalDAVPushProblem: Sendable, Equatable, CustomStringConvertible {
  public var uid: String
  public var href: String
  public var error: ConnectorError

  public init(uid: String, href: String, error: ConnectorError) {
    self.uid = uid
    self.href = href
    self.error = error
  }

  public var description: String { "\(uid) (\(href)): \(error)" }
}

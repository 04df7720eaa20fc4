import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A CalDAV calendar Outpost pushes into, as clients see it (no password: that is in the keyring).
public struct CalDAVTargetInfo: Codable, Sendable, Equatable {
  public var url: String
  public var username: String
  /// The account whose events go there; absent for every account's.
  public var account: String?
  /// The calendar's name on the server, when it gives one.
  public var displayName: String?
  /// `ok`, `retrying` (server down: retried with backoff), `needs-login` (credentials rejected:
  /// add the calendar again with the right password), `error` (not a calendar, odd replies).
  public var status: String
  public var statusReason: String?
  public var lastPushAt: Date?
  /// How many events Outpost keeps in that calendar.
  public var events: Int

  public init(
    url: String, username: String, account: String?, displayName: String?, status: String, statusReason: String?,
    lastPushAt: Date?, events: Int
  ) {
    self.url = url
    self.username = username
    self.account = account
    self.displayName = displayName
    self.status = status
    self.statusReason = statusReason
    self.lastPushAt = lastPushAt
    self.events = events
  }
}

/// What one push did to one calendar.
public struct CalDAVPushSummary: Codable, Sendable, Equatable {
  public var url: String
  public var created: Int
  public var updated: Int
  /// Outpost's events someone deleted there, put back.
  public var recreated: Int
  /// Outpost's events someone edited there, replaced by Outpost's version.
  public var overwritten: Int
  public var deleted: Int
  public var unchanged: Int
  /// Events in that calendar that Outpost did not create, left alone.
  public var foreign: Int
  /// Events that could not be written this time (the next push tries again), one line each.
  public var errors: [String]
  /// Set when the whole push failed (server down, credentials rejected, not a calendar).
  public var failure: String?

  public init(
    url: String, created: Int = 0, updated: Int = 0, recreated: Int = 0, overwritten: Int = 0, deleted: Int = 0,
    unchanged: Int = 0, foreign: Int = 0, errors: [String] = [], failure: String? = nil
  ) {
    self.url = url
    self.created = created
    self.updated = updated
    self.recreated = recreated
    self.overwritten = overwritten
    self.deleted = deleted
    self.unchanged = unchanged
    self.foreign = foreign
    self.errors = errors
    self.failure = failure
  }
}

/// `calendar.caldav.add`: push the calendars into a CalDAV calendar from now on. The URL is
/// checked (it must be a calendar that takes events) and the credentials tried before anything
/// is stored; the password then goes to the keyring. Adding a URL again replaces its
/// credentials and account, keeping Outpost's events there.
public enum CalendarCalDAVAdd: RPCMethod {
  public static let name = "calendar.caldav.add"

  public struct Params: Codable, Sendable, Equatable {
    /// The calendar collection's URL (http or https), e.g. `https://dav.example.org/lena/volleyball/`.
    public var url: String
    public var username: String
    public var password: String
    /// Only this account's events; absent for every account's.
    public var account: String?

    public init(url: String, username: String, password: String, account: String? = nil) {
      self.url = url
      self.username = username
      self.password = password
      self.account = account
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var target: CalDAVTargetInfo
    /// The first push, done before replying.
    public var push: CalDAVPushSummary

    public init(target: CalDAVTargetInfo, push: CalDAVPushSummary) {
      self.target = target
      self.push = push
    }
  }
}

/// `calendar.caldav.remove`: stop pushing into a calendar, and forget its password. With
/// `purge`, Outpost's events are deleted from it first (other events are never touched).
public enum CalendarCalDAVRemove: RPCMethod {
  public static let name = "calendar.caldav.remove"

  public struct Params: Codable, Sendable, Equatable {
    public var url: String
    public var purge: Bool?

    public init(url: String, purge: Bool? = nil) {
      self.url = url
      self.purge = purge
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var url: String
    /// Events deleted from the calendar (with `purge`).
    public var deleted: Int
    /// Outpost's events left in the calendar (without `purge`).
    public var left: Int

    public init(url: String, deleted: Int, left: Int) {
      self.url = url
      self.deleted = deleted
      self.left = left
    }
  }
}

/// `calendar.caldav.sync`: push now (every calendar, or the one at `url`), and say what changed.
public enum CalendarCalDAVSync: RPCMethod {
  public static let name = "calendar.caldav.sync"

  public struct Params: Codable, Sendable, Equatable {
    public var url: String?
    public init(url: String? = nil) { self.url = url }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var pushes: [CalDAVPushSummary]
    public init(pushes: [CalDAVPushSummary]) { self.pushes = pushes }
  }
}

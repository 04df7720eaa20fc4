import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `calendar.export`: the iCalendar text of one account's events, or of all accounts'.
public enum CalendarExport: RPCMethod {
  public static let name = "calendar.export"

  public struct Params: Codable, Sendable, Equatable {
    public var account: String?
    public init(account: String? = nil) { self.account = account }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// A complete VCALENDAR (RFC 5545), CRLF line ends.
    public var calendar: String
    public var events: Int

    public init(calendar: String, events: Int) {
      self.calendar = calendar
      self.events = events
    }
  }
}

/// `calendar.status`: where the calendar files are and what they hold.
public enum CalendarStatus: RPCMethod {
  public static let name = "calendar.status"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    /// Whether the files are written (config key calendar.files).
    public var filesEnabled: Bool
    public var directory: String
    public var files: [File]
    public var lastWrittenAt: Date?
    /// The CalDAV calendars Outpost pushes into (absent from daemons before API 1.6).
    public var caldav: [CalDAVTargetInfo]?

    public init(
      filesEnabled: Bool, directory: String, files: [File], lastWrittenAt: Date?, caldav: [CalDAVTargetInfo]? = nil
    ) {
      self.filesEnabled = filesEnabled
      self.directory = directory
      self.files = files
      self.lastWrittenAt = lastWrittenAt
      self.caldav = caldav
    }
  }

  public struct File: Codable, Sendable, Equatable {
    public var name: String
    public var path: String
    public var bytes: Int

    public init(name: String, path: String, bytes: Int) {
      self.name = name
      self.path = path
      self.bytes = bytes
    }
  }
}

/// `calendar.url`: the addresses of the calendar feed on 127.0.0.1, for calendar programs to
/// subscribe to (GNOME Calendar, Evolution and Thunderbird open the `webcal://` form).
public enum CalendarURL: RPCMethod {
  public static let name = "calendar.url"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var feeds: [Feed]
    public init(feeds: [Feed]) { self.feeds = feeds }
  }

  public struct Feed: Codable, Sendable, Equatable {
    /// `all` (every account), or an account's name.
    public var calendar: String
    public var http: String
    public var webcal: String

    public init(calendar: String, http: String, webcal: String) {
      self.calendar = calendar
      self.http = http
      self.webcal = webcal
    }
  }
}

import Foundation
import OutpostCalendar
import OutpostModel

/// Any iCalendar feed (RFC 5545) the user can subscribe to: VolleyManager's personal referee
/// feed, a shared Google or Outlook calendar, a club's fixtures. There is no login: the whole
/// address is the secret (it embeds a personal token) and lives only in the keyring, and the
/// "session" is that address, checked once.
public struct ICalFeedConnector: SyncingConnector {
  public typealias Session = ICalFeedSession

  public static let descriptor = ConnectorDescriptor(
    kind: "ical", displayName: "iCal feed", authentication: .secretURL, defaultBaseURL: "",
    requiresUsername: false,
    itemKinds: [
      ItemKindDeclaration(
        .event, noun: "event", appointment: true,
        nouns: LocalizedText(en: "event", de: "Termin", fr: "événement", it: "evento"))
    ])

  public static let itemKinds: Set<ItemKind> = [.event]

  let client: ICalFeedClient
  /// The zone of floating times and all-day dates; nil for the user's zone at each fetch (the
  /// daemon outlives a flight to another zone).
  let floatingTimeZone: TimeZone?

  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    self.init(transport: transport, floatingTimeZone: nil)
  }

  init(transport: any HTTPTransport, floatingTimeZone: TimeZone?) {
    client = ICalFeedClient(transport: transport)
    self.floatingTimeZone = floatingTimeZone
  }

  /// Downloads the feed once: an address that does not answer with a calendar is refused now,
  /// not at the first sync.
  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<ICalFeedSession> {
    let address = try ICalFeedAddress(secret)
    guard case .body(let bytes, let validators) = try await client.get(address, since: nil) else {
      throw .unexpectedReply("the feed answered 304 Not Modified to an unconditional request")
    }
    // Its name and that it is a whole calendar; its events are the first sync's to read.
    let calendar = try parse(bytes, readingEvents: false, whenCutShort: "nothing was added; try again")
    return LoginResult(
      session: ICalFeedSession(address: address, calendarName: calendar.name, validators: validators),
      identity: AccountIdentity(displayName: calendar.name, groups: []))
  }

  /// A conditional GET with the validators of the login download: a 304 or a calendar is fine.
  /// Never `.sessionExpired`: there is no session to renew, only an address that works or not.
  public func checkSession(_ session: ICalFeedSession) async throws(ConnectorError) {
    if case .body(let bytes, _) = try await client.get(session.address, since: session.validators),
      !Self.looksLikeCalendar(bytes)
    {
      throw .unexpectedReply("the address no longer returns an iCalendar feed")
    }
  }

  /// Nothing to end upstream.
  public func logOut(_ session: ICalFeedSession) async {}

  public func fetch(
    _ session: ICalFeedSession, window: SyncWindow, cursor: SyncCursor?
  ) async throws(ConnectorError) -> FetchResult {
    let windowDay = Self.day(of: window.from)
    // A 304 keeps the items of the last fetch, but recurring events gain instances as the window
    // moves: so validators are only sent while the window starts on the same day as last time.
    let validators = cursor.flatMap { $0.values[CursorKey.windowDay] == windowDay ? Self.validators(in: $0) : nil }
    switch try await client.get(session.address, since: validators) {
    case .notModified(let seen):
      return .unchanged(cursor: Self.cursor(seen, windowDay: windowDay))
    case .body(let bytes, let seen):
      let calendar = try parse(bytes)
      return FetchResult(
        items: ICalFeedItems.items(from: calendar, window: window), complete: [.event],
        cursor: Self.cursor(seen, windowDay: windowDay))
    }
  }

  /// Larger bodies are not calendars a person subscribes to; parsing them would only eat memory.
  static let maximumFeedBytes = 64 << 20

  /// `whenCutShort`: what the user is told happens to a feed that ended early (a sync keeps the
  /// last complete copy; when the account is added there is none).
  private func parse(
    _ bytes: [UInt8], readingEvents: Bool = true,
    whenCutShort outcome: String = "the last complete copy is kept"
  ) throws(ConnectorError) -> ICalendar {
    guard bytes.count <= Self.maximumFeedBytes else {
      throw .unexpectedReply("the feed is larger than \(Self.maximumFeedBytes >> 20) MiB")
    }
    let calendar: ICalendar
    do {
      calendar = try ICalParser.parse(
        bytes, floatingTimeZone: floatingTimeZone ?? .current, readingEvents: readingEvents)
    } catch {
      throw .unexpectedReply("the address did not return an iCalendar feed")
    }
    // Half a feed read as the whole one would remove every event after the cut. A download
    // cut short is retried; the last complete copy stays meanwhile.
    guard !calendar.endedEarly else {
      throw .transient("the feed ended before END:VCALENDAR (cut short?); \(outcome)")
    }
    return calendar
  }

  enum CursorKey {
    static let etag = "etag"
    static let lastModified = "lastModified"
    static let windowDay = "windowDay"
  }

  static func validators(in cursor: SyncCursor) -> ICalFeedValidators? {
    let validators = ICalFeedValidators(
      etag: cursor.values[CursorKey.etag], lastModified: cursor.values[CursorKey.lastModified])
    return validators.isEmpty ? nil : validators
  }

  static func cursor(_ validators: ICalFeedValidators, windowDay: String) -> SyncCursor {
    var values = [CursorKey.windowDay: windowDay]
    values[CursorKey.etag] = validators.etag
    values[CursorKey.lastModified] = validators.lastModified
    return SyncCursor(values)
  }

  /// The UTC day a window starts on, as days since 1970-01-01.
  static func day(of date: Date) -> String {
    let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    return String(days)
  }

  /// A cheap check that a body is a calendar, without parsing it.
  static func looksLikeCalendar(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self).uppercased()
    return head.contains("BEGIN:VCALENDAR")
  }
}

/// A feed "session": the resolved address and what the login download said.
public struct ICalFeedSession: Sendable, Equatable {
  public var address: ICalFeedAddress
  public var calendarName: String?
  var validators: ICalFeedValidators
}

extension ICalFeedConnector: SecretAddressConnector {
  /// The feed's address with its secret part hidden (`https://host/…`): what the account
  /// record keeps and `outpost account list` shows.
  public static func storableAddress(of secret: SecretString) throws(ConnectorError) -> String {
    try ICalFeedAddress(secret).redacted
  }
}

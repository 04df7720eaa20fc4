import Foundation
import OutpostModel

/// What `verifyCalendar()` found at the collection's URL.
public struct CalDAVCalendarInfo: Sendable, Equatable {
  public var url: String
  public var displayName: String?
  /// The components the calendar takes (`VEVENT`, `VTODO`, …); empty when the server does not
  /// say, which RFC 4791 §5.2.3 reads as "any".
  public var components: [String]
}

/// One calendar object resource as read back.
public struct CalDAVResource: Sendable, Equatable {
  public var href: String
  public var etag: String?
  public var body: [UInt8]
}

/// A CalDAV calendar collection (RFC 4791 on RFC 4918), spoken to through the one HTTP seam
/// with Basic authentication sent on every request (no challenge round trip, no session). Only
/// what pushing events needs: no discovery, no sync-collection, no scheduling.
public struct CalDAVClient: Sendable {
  public let collection: CalDAVCollection
  public let username: String
  private let password: SecretString
  private let transport: any HTTPTransport

  public init(
    collection: CalDAVCollection, username: String, password: SecretString, transport: any HTTPTransport
  ) throws(ConnectorError) {
    // Basic authentication cannot carry a colon in the user name (RFC 7617 §2).
    guard !username.isEmpty, !username.contains(":") else {
      throw .unsupported("a CalDAV user name must be non-empty and cannot contain \":\"")
    }
    self.collection = collection
    self.username = username
    self.password = password
    self.transport = transport
  }

  /// PROPFIND Depth 0 on the collection: it must be a calendar that takes events. Run when the
  /// user adds the calendar, so that a wrong URL is said at once and not at the first push.
  public func verifyCalendar() async throws(ConnectorError) -> CalDAVCalendarInfo {
    let what = "reading \(collection.url)"
    let responses = try await propfind(collection.url, depth: "0", body: CalDAVBodies.calendarProperties, what)
    guard let own = responses.first(where: { collection.isCollection($0.href) }) ?? responses.first else {
      throw .unexpectedReply("\(what): the server described nothing")
    }
    try requireCalendar(own)
    let components =
      own.property(DAVNamespace.caldav, "supported-calendar-component-set")?
      .children(DAVNamespace.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() } ?? []
    guard components.isEmpty || components.contains("VEVENT") else {
      throw .unsupported(
        "\(collection.url) is a calendar for \(components.joined(separator: ", ")) only; it does not take events")
    }
    let name = own.property(DAVNamespace.dav, "displayname")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
    return CalDAVCalendarInfo(
      url: collection.url, displayName: name?.isEmpty == false ? name : nil, components: components)
  }

  /// PROPFIND Depth 1: every resource in the calendar, href (as the server writes it) → ETag
  /// (`""` for a resource the server gives none). Sub-collections are left out. Checks again
  /// that the URL is a calendar: a push must never run against a collection that became
  /// something else.
  public func listETags() async throws(ConnectorError) -> [String: String] {
    let what = "listing \(collection.url)"
    let responses = try await propfind(collection.url, depth: "1", body: CalDAVBodies.memberProperties, what)
    if let own = responses.first(where: { collection.isCollection($0.href) }) { try requireCalendar(own) }
    var etags: [String: String] = [:]
    for response in responses where collection.isMember(response.href) && !response.isCollection {
      etags[response.href] = response.etag ?? ""
    }
    return etags
  }

  /// GET one resource; nil when it is not there.
  public func get(href: String) async throws(ConnectorError) -> CalDAVResource? {
    let what = "reading \(href)"
    let reply = try await send("GET", try url(for: href), headers: [("Accept", "text/calendar")], what)
    switch reply.status {
    case 200: return CalDAVResource(href: href, etag: reply.header("etag"), body: reply.body)
    case 404, 410: return nil
    default: throw CalDAVReplies.classify(reply, what)
    }
  }

  /// PROPFIND Depth 0 for one resource's ETag, for servers that answer a PUT without one (RFC
  /// 4791 §5.3.4 lets them when they changed what was stored); nil when it is not there.
  public func etag(href: String) async throws(ConnectorError) -> String? {
    let what = "reading the ETag of \(href)"
    do {
      return try await propfind(try url(for: href), depth: "0", body: CalDAVBodies.memberProperties, what).first?.etag
    } catch .notFound {
      return nil
    }
  }

  /// PUT that replaces the resource only while its ETag is `ifMatch`: `.conflict` when it is
  /// not (changed or gone: HTTP 412). Returns the new ETag when the server gives one.
  public func put(href: String, body: [UInt8], ifMatch etag: String) async throws(ConnectorError) -> String? {
    try await written(write("PUT", href: href, body: body, condition: ("If-Match", etag)), href)
  }

  /// PUT that only creates (`ifNoneMatch: "*"`): `.conflict` when something is already there.
  public func put(href: String, body: [UInt8], ifNoneMatch: String = "*") async throws(ConnectorError) -> String? {
    try await written(write("PUT", href: href, body: body, condition: ("If-None-Match", ifNoneMatch)), href)
  }

  /// DELETE while the ETag is `ifMatch`: `.conflict` when it changed; false when nothing was
  /// there (already deleted, which is what was wanted).
  @discardableResult
  public func delete(href: String, ifMatch etag: String) async throws(ConnectorError) -> Bool {
    switch try await write("DELETE", href: href, body: [], condition: ("If-Match", etag)) {
    case .done: return true
    case .missing: return false
    case .preconditionFailed: throw .conflict("\(href) changed on the server since Outpost last wrote it")
    case .refused(let error): throw error
    }
  }

  private func written(_ outcome: WriteOutcome, _ href: String) throws(ConnectorError) -> String? {
    switch outcome {
    case .done(let etag): return etag
    case .preconditionFailed: throw .conflict("\(href) is not as Outpost expected on the server (HTTP 412)")
    case .missing: throw .notFound("the calendar \(collection.url) is not there any more")
    case .refused(let error): throw error
    }
  }

  // MARK: - Requests

  /// What a conditional write came to. The pusher decides on these; the public methods turn
  /// them into errors.
  enum WriteOutcome: Sendable, Equatable {
    case done(etag: String?)
    /// HTTP 412: If-Match did not match (changed or gone) or If-None-Match found something.
    case preconditionFailed
    /// HTTP 404/410: no resource (DELETE), or no collection to put it in (PUT).
    case missing
    /// The server refused this one resource (a UID another resource has, data it does not take).
    case refused(ConnectorError)
  }

  /// PUT or DELETE with one precondition header. Temporary failures and rejected credentials
  /// are thrown: they concern every resource, not this one.
  func write(
    _ method: String, href: String, body: [UInt8], condition: (name: String, value: String)
  ) async throws(ConnectorError) -> WriteOutcome {
    let what = method == "PUT" ? "writing \(href)" : "deleting \(href)"
    var headers = [(name: condition.name, value: condition.value)]
    if method == "PUT" { headers.append(("Content-Type", "text/calendar; charset=utf-8")) }
    let reply = try await send(method, try url(for: href), headers: headers, body: body, what)
    switch reply.status {
    case 200..<300: return .done(etag: reply.header("etag"))
    case 412: return .preconditionFailed
    case 404, 410: return .missing
    // RFC 4791 §5.3.2.1: a UID another resource of the calendar has (403 or 409 by server).
    case 403 where Multistatus.precondition(reply.body) == "no-uid-conflict",
      409 where Multistatus.precondition(reply.body) == "no-uid-conflict":
      return .refused(.conflict("\(what): another event in the calendar already has this UID"))
    default:
      let error = CalDAVReplies.classify(reply, what)
      switch error {
      case .unreachable, .transient, .rateLimited, .invalidCredentials: throw error
      default: return .refused(error)
      }
    }
  }

  private func propfind(
    _ url: String, depth: String, body: String, _ what: String
  ) async throws(ConnectorError) -> [DAVResponse] {
    let headers = [(name: "Depth", value: depth), ("Content-Type", "application/xml; charset=utf-8")]
    let reply = try await send("PROPFIND", url, headers: headers, body: Array(body.utf8), what)
    guard reply.status == 207 else {
      if reply.status == 200, CalDAVReplies.isHTML(reply) { throw CalDAVReplies.htmlReply(what, reply.status) }
      if reply.status == 200 { throw .unexpectedReply("\(what): HTTP 200 instead of 207; is it a WebDAV server?") }
      throw CalDAVReplies.classify(reply, what)
    }
    do {
      return try Multistatus.parse(reply.body)
    } catch {
      if CalDAVReplies.isHTML(reply) { throw CalDAVReplies.htmlReply(what, reply.status) }
      throw .unexpectedReply("\(what): the reply is not a WebDAV multistatus (\(error))")
    }
  }

  private func send(
    _ method: String, _ url: String, headers: [(name: String, value: String)], body: [UInt8] = [], _ what: String
  ) async throws(ConnectorError) -> HTTPResponse {
    let credentials = Data("\(username):\(password.reveal())".utf8).base64EncodedString()
    let request = HTTPRequest(
      method: method, url: url,
      headers: headers + [
        ("Authorization", "Basic \(credentials)"), ("User-Agent", "Outpost/\(ProductInfo.version) (CalDAV)"),
      ], body: body)
    do {
      return try await transport.send(request)
    } catch {
      throw CalDAVReplies.classify(error, what)
    }
  }

  private func url(for href: String) throws(ConnectorError) -> String {
    guard let url = collection.url(for: href) else {
      throw .unsupported("\(href) is on another server than the calendar; Outpost does not send credentials there")
    }
    return url
  }

  /// `resourcetype` must hold `calendar`; otherwise say what the URL is instead.
  private func requireCalendar(_ response: DAVResponse) throws(ConnectorError) {
    let types = response.resourceTypes
    guard !types.contains("calendar") else { return }
    let what =
      if types.contains("principal") {
        "a principal (a user's home); pick one of the calendars inside it"
      } else if types.contains("addressbook") {
        "an address book"
      } else if types.contains("schedule-inbox") || types.contains("schedule-outbox") {
        "a scheduling inbox or outbox"
      } else if types.contains("collection") {
        "a plain collection"
      } else {
        "a single resource, not a collection"
      }
    throw .unsupported("\(collection.url) is not a CalDAV calendar (it is \(what))")
  }
}

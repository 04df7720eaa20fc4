import Foundation

@testable import OutpostConnectors

/// What other people and programs do to the calendar: create collections, add and edit events,
/// empty it. Raw HTTP with the same credentials, not the client under test.
extension RadicaleServer {
  /// MKCALENDAR of `<principal>/<name>/`, taking only `components`; returns its URL.
  @discardableResult
  func makeCalendar(_ name: String, components: [String] = ["VEVENT", "VTODO"]) async throws -> String {
    let comps = components.map { "<C:comp name=\"\($0)\"/>" }.joined()
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
      <D:displayname>\(name)</D:displayname><C:supported-calendar-component-set>\(comps)\
      </C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
      """
    let url = principalURL + name + "/"
    try await expect(201, "MKCALENDAR", url, body: Array(body.utf8))
    return url
  }

  /// An address book (extended MKCOL, RFC 5689): a collection that is not a calendar.
  @discardableResult
  func makeAddressBook(_ name: String) async throws -> String {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <D:mkcol xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>\
      <D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>
      """
    let url = principalURL + name + "/"
    try await expect(201, "MKCOL", url, body: Array(body.utf8))
    return url
  }

  /// An unconditional PUT, as another calendar app writes.
  func put(_ url: String, _ body: String) async throws {
    let reply = try await send("PUT", url, headers: [("Content-Type", "text/calendar")], body: Array(body.utf8))
    guard reply.status == 201 || reply.status == 204 else { throw TestFailure("PUT \(url): HTTP \(reply.status)") }
  }

  func delete(_ url: String) async throws { try await expect(200, "DELETE", url) }

  func get(_ url: String) async throws -> HTTPResponse { try await send("GET", url) }

  /// REPORT calendar-query for every VEVENT: href → calendar data, as a CalDAV client reads them.
  func events(in calendar: String) async throws -> [String: [UInt8]] {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
      <D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">\
      <C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>
      """
    let reply = try await send("REPORT", calendar, headers: [("Depth", "1")], body: Array(body.utf8))
    guard reply.status == 207 else { throw TestFailure("REPORT \(calendar): HTTP \(reply.status)") }
    var events: [String: [UInt8]] = [:]
    for response in try Multistatus.parse(reply.body) {
      guard let data = response.property(DAVNamespace.caldav, "calendar-data") else { continue }
      events[response.href.removingPercentEncoding ?? response.href] = Array(data.text.utf8)
    }
    return events
  }

  /// The `.ics` files Radicale keeps for a calendar, by name: what it stored, read past HTTP.
  func storedFiles(_ calendarName: String) throws -> [String: [UInt8]] {
    let folder = storage.file("collections/collection-root/\(Self.username)/\(calendarName)")
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".ics") {
      files[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
    return files
  }

  private func expect(_ status: Int, _ method: String, _ url: String, body: [UInt8] = []) async throws {
    let reply = try await send(method, url, body: body)
    guard reply.status == status else {
      throw TestFailure("\(method) \(url): HTTP \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
    }
  }

  func send(
    _ method: String, _ url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []
  ) async throws -> HTTPResponse {
    let credentials = Data("\(Self.username):\(Self.password)".utf8).base64EncodedString()
    let request = HTTPRequest(
      method: method, url: url, headers: headers + [("Authorization", "Basic \(credentials)")], body: body)
    return try await TestHTTP.transport.send(request)
  }
}

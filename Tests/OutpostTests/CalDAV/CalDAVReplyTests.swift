import Foundation
import Synchronization
import Testing

@testable import OutpostConnectors

/// Replies a real server gives rarely or never on demand, through a scripted transport: each
/// must become the right error class (the class decides whether the daemon retries).
@Suite struct CalDAVReplyTests {
  typealias F = CalDAVFixtures
  static let url = "https://dav.example.ch/calendars/referee/outpost/"

  func failure(_ answer: @escaping @Sendable (HTTPRequest) throws(HTTPTransportError) -> HTTPResponse) async
    -> ConnectorError?
  {
    let pusher = try! CalDAVTesting.pusher(Self.url, transport: ScriptedDAVTransport(answer))
    return await CalDAVTesting.failure { _ = try await pusher.client.verifyCalendar() }
  }

  @Test func aWebPageInsteadOfWebDAVIsAnUnexpectedReply() async {
    let page = "<!DOCTYPE html><html><head><title>Login</title></head><body>Sign in</body></html>"
    let asPage = await failure { _ in .init(status: 200, headers: ["content-type": "text/html"], body: Array(page.utf8))
    }
    #expect(asPage?.className == "unexpectedReply")
    #expect(asPage.map { "\($0)".contains("web page") } == true)
    let as207 = await failure { _ in .init(status: 207, headers: [:], body: Array(page.utf8)) }
    #expect(as207?.className == "unexpectedReply")
    #expect(as207.map { "\($0)".contains("web page") } == true)
  }

  @Test func eachFailureHasTheClassThatDecidesWhatHappensNext() async {
    let cases: [(reply: HTTPResponse, className: String, temporary: Bool)] = [
      (
        ScriptedDAVTransport.reply(401, headers: ["www-authenticate": "Basic realm=\"x\""]), "invalidCredentials", false
      ),
      (ScriptedDAVTransport.reply(401, headers: ["www-authenticate": "Digest realm=\"x\""]), "unsupported", false),
      (ScriptedDAVTransport.reply(403), "unsupported", false),
      (ScriptedDAVTransport.reply(404), "notFound", false),
      (ScriptedDAVTransport.reply(405), "unsupported", false),
      (ScriptedDAVTransport.reply(301, headers: ["location": "https://dav.example.ch/new/"]), "unsupported", false),
      (ScriptedDAVTransport.reply(500), "transient", true),
      (ScriptedDAVTransport.reply(502), "transient", true),
      (ScriptedDAVTransport.reply(503, headers: ["retry-after": "30"]), "rateLimited", true),
      (ScriptedDAVTransport.reply(429), "rateLimited", true),
    ]
    for (reply, className, temporary) in cases {
      let error = await failure { _ in reply }
      #expect(error?.className == className, "HTTP \(reply.status)")
      #expect(error?.isTemporary == temporary, "HTTP \(reply.status)")
      #expect(error.map { "\($0)".contains(RadicaleServer.password) } == false)
    }
    #expect(
      await failure { _ in ScriptedDAVTransport.reply(503, headers: ["retry-after": "30"]) }
        == .rateLimited(retryAfter: 30))
    #expect(
      await failure { _ in ScriptedDAVTransport.reply(301, headers: ["location": "/new/"]) }
        .map { "\($0)".contains("/new/") } == true)
    #expect(await failure { _ throws(HTTPTransportError) in throw .unreachable("refused") }?.className == "unreachable")
    #expect(await failure { _ throws(HTTPTransportError) in throw .timedOut }?.className == "transient")
  }

  @Test func requestsCarryBasicAuthDepthAndPreconditions() async throws {
    let transport = ScriptedDAVTransport { request in
      request.method == "PROPFIND"
        ? ScriptedDAVTransport.collection(request.url, types: "<d:collection/><cal:calendar/>")
        : ScriptedDAVTransport.reply(201, headers: ["etag": "\"e1\""])
    }
    let client = try CalDAVTesting.pusher(Self.url, transport: transport).client
    _ = try await client.verifyCalendar()
    let etag = try await client.put(href: client.collection.href(forUID: "a@outpost"), body: Array("X".utf8))
    #expect(etag == "\"e1\"")
    _ = try await client.put(href: client.collection.href(forUID: "a@outpost"), body: [], ifMatch: "\"e1\"")

    let sent = transport.sent
    let credentials = Data("\(RadicaleServer.username):\(RadicaleServer.password)".utf8).base64EncodedString()
    #expect(sent.allSatisfy { $0.header("authorization") == "Basic \(credentials)" })
    #expect(sent[0].header("depth") == "0")
    #expect(sent[1].url == "https://dav.example.ch/calendars/referee/outpost/a%40outpost.ics")
    #expect(sent[1].header("if-none-match") == "*")
    #expect(sent[1].header("content-type") == "text/calendar; charset=utf-8")
    #expect(sent[2].header("if-match") == "\"e1\"")
  }

  @Test func aPutAnsweredWithoutAnETagAsksForItAndAUIDConflictIsReportedNotThrown() async throws {
    let uids = F.three.map(\.uid).sorted()
    let stored = Mutex<[String: String]>([:])
    let transport = ScriptedDAVTransport { request in
      let path = String(request.url.dropFirst("https://dav.example.ch".count))
      switch request.method {
      case "PROPFIND" where request.header("depth") == "1":
        return ScriptedDAVTransport.collection(path, types: "<d:collection/><cal:calendar/>")
      case "PROPFIND":
        let etag = stored.withLock { $0[path] } ?? ""
        return ScriptedDAVTransport.collection(path, types: "", extra: "<d:getetag>\(etag)</d:getetag>")
      case "PUT" where path.hasSuffix("000000000001%40outpost.ics"):  // the Saturday game
        return ScriptedDAVTransport.reply(
          409, "<d:error xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><c:no-uid-conflict/></d:error>")
      default:
        stored.withLock { $0[path] = "\"stored-\($0.count)\"" }
        return ScriptedDAVTransport.reply(201)  // changed what it stored: no ETag (RFC 4791 §5.3.4)
      }
    }
    let pusher = try CalDAVTesting.pusher(Self.url, transport: transport)
    var state = CalDAVState(collection: Self.url)
    let report = try await pusher.push(F.desired(F.three), state: &state)
    #expect(report.errors.map(\.uid) == [F.uid(F.saturday)])
    #expect(report.errors.first?.error.className == "conflict")
    #expect(report.created == uids.filter { $0 != F.uid(F.saturday) })
    #expect(state.events.count == 2)
    #expect(state.events.values.allSatisfy { $0.etag?.hasPrefix("\"stored-") == true })
  }
}

import Foundation
import OutpostConnectors
import Testing

/// What goes wrong with a real server: a wrong password, a URL that is no calendar, a server
/// that went down. Each must be a clear error of the right class, with nothing lost.
@Suite(.offThePool) struct CalDAVRadicaleErrorTests {
  typealias F = CalDAVFixtures

  @Test func aWrongPasswordIsInvalidCredentialsAndChangesNothing() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(
      url, password: "not-the-Pfiff-42", transport: TestHTTP.transport)
    let verifyError = await CalDAVTesting.failure { _ = try await pusher.client.verifyCalendar() }
    #expect(verifyError?.className == "invalidCredentials")
    #expect(verifyError.map { "\($0)".contains("not-the-Pfiff") } == false)

    var state = CalDAVState(collection: url)
    let pushError = await CalDAVTesting.failure { _ = try await pusher.push(F.desired(F.three), state: &state) }
    #expect(pushError?.className == "invalidCredentials")
    #expect(state == CalDAVState(collection: url))
    #expect(try server.storedFiles("outpost").isEmpty)
  }

  /// A 401 with `WWW-Authenticate` is the server's answer, handed back as it is: the transport
  /// raises no authentication challenge of its own (URLSession on Linux did, and hung on it).
  @Test func aChallengeComesBackAsTheServersAnswer() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let client = try CalDAVTesting.pusher(url, password: "wrong", transport: TestHTTP.transport).client
    let error = await CalDAVTesting.failure { _ = try await client.verifyCalendar() }
    #expect(error?.className == "invalidCredentials")
  }

  @Test func aURLThatIsNotACalendarSaysWhatItIs() async throws {
    let server = try await RadicaleServer()
    let calendar = try await server.makeCalendar("outpost")
    let info = try await CalDAVTesting.pusher(calendar).client.verifyCalendar()
    #expect(info.displayName == "outpost")
    #expect(info.components.contains("VEVENT"))

    let cases: [(url: String, says: String)] = [
      (server.principalURL, "is not a CalDAV calendar (it is a principal"),
      (server.baseURL + "/", "is not a CalDAV calendar (it is a plain collection)"),
      (try await server.makeAddressBook("contacts"), "is not a CalDAV calendar (it is an address book)"),
      (try await server.makeCalendar("tasks", components: ["VTODO"]), "is a calendar for VTODO only"),
    ]
    for (url, says) in cases {
      let error = await CalDAVTesting.failure { _ = try await CalDAVTesting.pusher(url).client.verifyCalendar() }
      #expect(error?.className == "unsupported", "\(url)")
      #expect(error.map { "\($0)".contains(says) } == true, "\(url): \(String(describing: error))")
    }

    // A push re-checks: a URL that is no calendar gets nothing written into it.
    var state = CalDAVState(collection: server.principalURL)
    let pushError = await CalDAVTesting.failure {
      _ = try await CalDAVTesting.pusher(server.principalURL).push(F.desired(F.three), state: &state)
    }
    #expect(pushError?.className == "unsupported")

    let missing = await CalDAVTesting.failure {
      _ = try await CalDAVTesting.pusher(server.principalURL + "nothing/").client.verifyCalendar()
    }
    #expect(missing?.className == "notFound")
  }

  @Test func aServerThatIsDownIsATemporaryErrorAndThePushResumesAfterIt() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let pusher = try CalDAVTesting.pusher(url)
    var state = CalDAVState(collection: url)
    _ = try await pusher.push(F.desired(F.three), state: &state)
    let pushed = state

    server.stop()
    var moved = F.autumn
    moved.startsAt = moved.startsAt?.addingTimeInterval(1800)
    let desired = F.desired([F.entry(F.saturday), F.entry(F.sunday), F.entry(moved, sequence: 1)])
    let error = await CalDAVTesting.failure { _ = try await pusher.push(desired, state: &state) }
    #expect(error?.isTemporary == true)
    #expect(error?.className == "unreachable")
    #expect(state == pushed)

    try await server.restart()
    let report = try await pusher.push(desired, state: &state)
    #expect(report.updated == [F.uid(F.autumn)])
    #expect(report.unchanged == 2)
  }
}

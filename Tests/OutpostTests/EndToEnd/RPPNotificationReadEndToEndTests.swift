import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import Testing

/// Read on one device is read on the other (rpp.md §4.6), with the real daemon and CLI against
/// the sandbox: the agent's phone reads RPP's own centre over the API; Outpost's centre follows
/// it after a sync, and what she reads in Outpost (online, and offline through the queue) is
/// read on the phone.
extension EndToEnd {
  @Suite struct RPPNotificationRead {
    let rpp = EndToEnd.RPP()

    /// The agent's phone: signed in at the sandbox's Firebase, reading RPP's notifications.
    struct Phone {
      let base: String
      let token: String

      init(_ sandbox: SandboxProcess) async throws {
        base = sandbox.baseURL
        let reply = try await TestHTTP.transport.send(
          HTTPRequest(
            method: "POST",
            url: base + "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=sandbox-rpp-api-key",
            headers: [("Content-Type", "application/json")],
            body: Array(Self.credentials.serialized)))
        let signedIn = try JSONParser.parse(reply.body)
        token = try #require(signedIn["idToken"]?.stringValue, "the sandbox refused the sign-in: \(reply.status)")
      }

      static let credentials: JSONValue = [
        "email": .string(EndToEnd.RPP.agent), "password": .string(EndToEnd.RPP.password), "returnSecureToken": true,
      ]

      func send(_ method: String, _ path: String, json: JSONValue? = nil) async throws -> JSONValue {
        var headers: [(name: String, value: String)] = [("Authorization", "Bearer \(token)")]
        if json != nil { headers.append(("Content-Type", "application/json")) }
        let reply = try await TestHTTP.transport.send(
          HTTPRequest(
            method: method, url: base + "/rpp/v1" + path, headers: headers,
            body: json.map { Array($0.serialized) } ?? []))
        try #require(reply.status == 200, "\(method) \(path): \(reply.status) \(reply.text)")
        return try JSONParser.parse(reply.body)
      }

      /// Every notification of hers, newest first as the phone lists them.
      func notifications() async throws -> [JSONValue] {
        guard case .array(let items)? = try await send("GET", "/notifications?limit=100")["items"] else { return [] }
        return items
      }

      func read(_ id: String) async throws {
        _ = try await send("PATCH", "/notifications/\(id)/read", json: ["read": true])
      }
    }

    func notifications(_ daemon: DaemonProcess) throws -> [NotificationInfo] {
      try rpp.json(NotificationsList.Result.self, try rpp.cli(daemon, ["notifications", "--json"])).notifications
    }

    /// A photographer's message in the conversation, told here after a sync; RPP's own
    /// `new_message` about it, as the phone sees it.
    func message(_ text: String, in conversation: String, _ sandbox: SandboxProcess, _ daemon: DaemonProcess)
      async throws -> (here: NotificationInfo, phone: String)
    {
      try await rpp.rppAdmin(
        sandbox, ["op": "staff-message", "conversationId": .string(conversation), "body": .string(text)])
      _ = try await sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 30])
      let sync = try rpp.cli(daemon, ["sync", "work", "--wait"])
      try #require(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
      let here = try #require(
        try notifications(daemon).first { $0.category == "new-message" && $0.summary.contains(text) }, "not told")
      let phone = try #require(
        try await Phone(sandbox).notifications().first {
          $0["type"] == "new_message" && $0["body"]?.stringValue?.contains(text) == true
        }?["id"]?.stringValue, "RPP made no notification")
      return (here, phone)
    }

    func readAtRPP(_ id: String, _ sandbox: SandboxProcess) async throws -> Bool {
      try await Phone(sandbox).notifications().first { $0["id"] == .string(id) }?["read"] == .bool(true)
    }

    @Test func readOnThePhoneIsReadHereAndReadHereOnlineOrOfflineIsReadOnThePhone() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess(arguments: ["--manual-clock"])
      let daemon = try DaemonProcess()
      try daemon.start()
      let added = try rpp.add(daemon, sandbox, name: "work", email: EndToEnd.RPP.agent)
      try #require(added.status == 0, "\(added.stderr)")
      try #require(try rpp.cli(daemon, ["sync", "work", "--wait"]).status == 0)
      let conversations = try rpp.json(
        ItemsList.Result.self, try rpp.cli(daemon, ["items", "--service", "rpp", "--kind", "conversation", "--json"]))
      let conversation = try #require(conversations.items.first { $0.item.details["kind"] == "order" }).item.upstreamID

      // Read on the phone: read here after the next sync.
      let first = try await message("Running ten minutes late", in: conversation, sandbox, daemon)
      #expect(first.here.readAt == nil)
      try await Phone(sandbox).read(first.phone)
      try #require(try rpp.cli(daemon, ["sync", "work", "--wait"]).status == 0)
      #expect(try notifications(daemon).first { $0.id == first.here.id }?.readAt != nil)

      // Read here: read on the phone, at once while RPP answers.
      let second = try await message("Parking is on the left", in: conversation, sandbox, daemon)
      #expect(try await readAtRPP(second.phone, sandbox) == false)
      let read = try rpp.cli(daemon, ["notifications", "read", "\(second.here.id)"])
      #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
      try #require(try rpp.cli(daemon, ["sync", "work", "--wait"]).status == 0)
      #expect(try await readAtRPP(second.phone, sandbox))

      // Read here while RPP cannot be reached: the receipt waits in the queue and goes when
      // it can, without a word to the user about it.
      let third = try await message("The gate code is 4711", in: conversation, sandbox, daemon)
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "rpp", "errorRate": 1])
      #expect(try rpp.cli(daemon, ["notifications", "read", "\(third.here.id)"]).status == 0)
      _ = try rpp.cli(daemon, ["sync", "work", "--wait"])
      let waiting = try rpp.json(ActionsList.Result.self, try rpp.cli(daemon, ["queue", "--json"])).actions
        .filter { $0.type == .rppNoticeRead && $0.target == third.phone }
      #expect(waiting.count == 1 && waiting.allSatisfy { [.pending, .running].contains($0.state) }, "\(waiting)")
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "rpp", "errorRate": 0])
      let back = try rpp.cli(daemon, ["sync", "work", "--wait"])
      #expect(back.status == 0, "\(back.stdout)\(back.stderr)")
      #expect(try await readAtRPP(third.phone, sandbox))
      let told = try notifications(daemon)
      #expect(!told.contains { $0.category == "queue-replayed" }, "\(told.map(\.summary))")
      #expect(!told.contains { $0.category == "action-failed" }, "\(told.map(\.summary))")
      // A number the centre does not have is the user's typo: said, exit 64.
      let typo = try rpp.cli(daemon, ["notifications", "read", "99999"])
      #expect(typo.status == 64 && typo.stderr.contains("99999"), "\(typo.stdout)\(typo.stderr)")
    }
  }
}

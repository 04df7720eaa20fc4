import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import Testing

/// An estate agent's RPP account through the CLI and a real daemon, against the sandbox: a
/// photographer's account is refused and nothing is kept; the agent's orders and messages sync;
/// a booking interrupted by `kill -9` while its reply is on the way is booked once, however the
/// daemon comes back; a reschedule queued offline that crosses the partner's deadline becomes a
/// visible conflict. The sandbox's clock moves only when the test says.
extension EndToEnd {
  @Suite struct RPP {
    let outpost = DaemonProcess.binary("outpost")
    static let agent = "ana@bayrealty.com"
    static let password = "sandbox-password"

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment, input: input)
    }

    func json<T: Decodable>(_ type: T.Type, _ result: CommandResult) throws -> T {
      try JSONCoding.decoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    func add(_ daemon: DaemonProcess, _ sandbox: SandboxProcess, name: String, email: String) throws -> CommandResult {
      try cli(
        daemon,
        [
          "account", "add", "rpp", "--name", name, "--username", email, "--base-url", sandbox.baseURL + "/rpp/v1",
          "--option", "firebase_api_key=sandbox-rpp-api-key",
          "--option", "firebase_auth_base=\(sandbox.baseURL)/identitytoolkit.googleapis.com",
          "--option", "firebase_token_base=\(sandbox.baseURL)/securetoken.googleapis.com", "--password-stdin",
        ], input: Self.password + "\n")
    }

    func state(_ sandbox: SandboxProcess) async throws -> JSONValue {
      try await sandbox.sharedAdmin("GET", "state?service=rpp")
    }

    func agentOrders(_ sandbox: SandboxProcess) async throws -> [JSONValue] {
      guard case .array(let orders)? = try await state(sandbox)["orders"] else { return [] }
      return orders.filter { $0["customer"] == .string(Self.agent) }
    }

    func rppAdmin(_ sandbox: SandboxProcess, _ fields: [String: JSONValue]) async throws {
      var body = fields
      body["service"] = "rpp"
      _ = try await sandbox.sharedAdmin("POST", "mutate", .object(body))
    }

    @Test func anAgentsShootsSyncABookingCutByKillIsBookedOnceAndALateRescheduleConflicts() async throws {
      _ = try KeyringSession.shared.get()
      // 10-second ID tokens, as the day asks; the clock moves only when the test says.
      let sandbox = try SandboxProcess(arguments: ["--manual-clock", "--rpp-token-lifetime", "10"])
      let daemon = try DaemonProcess()
      try daemon.start()
      var transcript = ""

      // A photographer's account: refused, in words, and nothing kept.
      let photographer = try add(daemon, sandbox, name: "shooter", email: "dana@sunsetmedia.com")
      transcript += photographer.stdout + photographer.stderr
      #expect(photographer.status == 1 && photographer.stderr.contains("photographer"), "\(photographer.stderr)")
      let accounts = try daemon.client().call(AccountsList.self, NoParams()).accounts
      #expect(!accounts.contains { $0.name == "shooter" })

      let agent = try add(daemon, sandbox, name: "work", email: Self.agent)
      transcript += agent.stdout + agent.stderr
      #expect(agent.status == 0, "\(agent.stderr)")
      let sync = try cli(daemon, ["sync", "work", "--wait"])
      #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")

      // Every order of hers, as the service holds them.
      let orders = try json(ItemsList.Result.self, try cli(daemon, ["rpp", "orders", "--json"])).items
      let truth = try await agentOrders(sandbox)
      #expect(Set(orders.map(\.item.upstreamID)) == Set(truth.compactMap { $0["id"]?.stringValue }))
      // One of them by its RPP link, as `outpost open` and the link handler name it.
      let linked = try #require(orders.first { $0.item.details["orderNumber"] != nil })
      let show = try cli(daemon, ["show", "rpp://order/\(linked.item.upstreamID)"])
      #expect(show.status == 0, "\(show.stderr)")
      #expect(show.stdout.contains(linked.item.title), "\(show.stdout)")
      #expect(show.stdout.contains(linked.item.details["orderNumber"]?.stringValue ?? "-"), "\(show.stdout)")
      let human = try cli(daemon, ["rpp", "orders", "--upcoming"])
      #expect(human.status == 0 && human.stdout.contains("RPP-"), "\(human.stdout)\(human.stderr)")
      // Still to come means not cancelled, unless asked for; the demo has a cancelled shoot ahead.
      let wall = Date()
      func status(_ order: ListedItem) -> String? { order.item.details["status"]?.stringValue }
      #expect(orders.contains { status($0) == "cancelled" && ($0.item.startsAt ?? .distantPast) > wall })
      let coming = try json(ItemsList.Result.self, try cli(daemon, ["rpp", "orders", "--upcoming", "--json"])).items
      #expect(!coming.isEmpty && !coming.contains { status($0) == "cancelled" }, "\(coming.map(status))")
      let called = try json(
        ItemsList.Result.self, try cli(daemon, ["rpp", "orders", "--upcoming", "--status", "cancelled", "--json"])
      ).items
      #expect(!called.isEmpty && called.allSatisfy { status($0) == "cancelled" })
      // --from and --to are days of the user's, both included.
      let soonest = try #require(coming.first?.item.startsAt)
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = .current
      let parts = calendar.dateComponents([.year, .month, .day], from: soonest)
      let shootDay = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
      let onDay = try json(
        ItemsList.Result.self, try cli(daemon, ["rpp", "orders", "--from", shootDay, "--to", shootDay, "--json"])
      ).items
      #expect(onDay.contains { $0.item.upstreamID == coming[0].item.upstreamID })
      #expect(onDay.allSatisfy { calendar.isDate($0.item.startsAt ?? .distantPast, inSameDayAs: soonest) })
      #expect(onDay.count < orders.count)
      let backwards = try cli(daemon, ["rpp", "orders", "--from", "2026-12-31", "--to", "2026-12-01"])
      #expect(backwards.status == 64 && backwards.stderr.contains("--from"), "\(backwards.stderr)")
      #expect(try cli(daemon, ["rpp", "orders", "--from", "2026-02-30"]).status == 64)

      // A free slot, as the CLI offers it.
      let services = try json(QueriesRun.Result.self, try cli(daemon, ["rpp", "services", "--json"]))
      guard case .array(let catalogue)? = services.result["items"],
        let service = catalogue.first?["id"]?.stringValue
      else { throw TestFailure("no services: \(services)") }
      let now = try #require(try await state(sandbox)["now"]?.stringValue.flatMap(UTCTimestamp.parse))
      let day = String(UTCTimestamp.format(now.addingTimeInterval(3 * 86_400)).prefix(10))
      let slots = try json(
        QueriesRun.Result.self,
        try cli(daemon, ["rpp", "availability", service, "--date", day, "--days", "3", "--json"]))
      guard case .array(let days)? = slots.result["days"] else { throw TestFailure("no days: \(slots)") }
      let free = days.flatMap { day -> [JSONValue] in
        if case .array(let slots)? = day["slots"] { return slots }
        return []
      }.filter { $0["available"] == .bool(true) }.compactMap { $0["start"]?.stringValue }
      try #require(free.count >= 3, "too few free slots")
      // Slots overlap (a 90-minute shoot every 30 minutes): the others are days apart.
      let (first, later, last) = (free[0], free[free.count / 2], free[free.count - 1])

      // The booking's reply is held; outpostd is killed while it waits; the booking happened.
      // Every reply takes 300 ms meanwhile, as over a slow network.
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "rpp", "latencyMilliseconds": 300])
      try await rppAdmin(sandbox, ["op": "config", "holdWriteReplies": true])
      let booking = try RunningCommand(
        outpost,
        ["rpp", "book", service, "--slot", first, "--address", "12 Ocean Ave, San Francisco, CA 94112, US"],
        environment: daemon.environment)
      let deadline = ContinuousClock.now + .seconds(60)
      while try await state(sandbox)["counters"]?["heldReplies"]?.int64Value ?? 0 < 1 {
        guard ContinuousClock.now < deadline else { throw TestFailure("the booking never reached the sandbox") }
        try await Task.sleep(for: .milliseconds(50))
      }
      _ = try daemon.stop(signal: SIGKILL)
      try await rppAdmin(sandbox, ["op": "config", "holdWriteReplies": false])
      let cut = booking.finish()
      #expect(cut.status != 0, "the interrupted booking said it succeeded: \(cut.stdout)")

      // Back: the queue sends it again with its key; the service answers with the first reply.
      try daemon.start()
      #expect(try cli(daemon, ["sync", "work", "--wait"]).status == 0)
      let queue = try json(ActionsList.Result.self, try cli(daemon, ["queue", "--all", "--json"])).actions
      let booked = try #require(queue.first { $0.type.rawValue == "rpp.book" })
      #expect(booked.state == .done, "\(booked)")
      let number = try #require(booked.serverState?["orderNumber"]?.stringValue)
      #expect(try await agentOrders(sandbox).count == truth.count + 1)
      guard case .object(let keys)? = try await state(sandbox)["bookingsByIdempotencyKey"] else {
        throw TestFailure("no bookings in the sandbox's state")
      }
      #expect(keys.count == 1)
      let listed = try cli(daemon, ["rpp", "orders"])
      #expect(listed.stdout.contains(number), "\(listed.stdout)")
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "rpp", "latencyMilliseconds": 0])

      // The saved addresses are listed, offered when --address is missing, and book by id.
      let saved = try json(QueriesRun.Result.self, try cli(daemon, ["rpp", "addresses", "--json"]))
      guard case .array(let addresses)? = saved.result["items"], let home = addresses.first?["id"]?.stringValue else {
        throw TestFailure("no saved addresses: \(saved)")
      }
      #expect(addresses.allSatisfy { $0["id"]?.stringValue?.hasPrefix("adr_") == true })
      let listedAddresses = try cli(daemon, ["rpp", "addresses"])
      #expect(listedAddresses.status == 0 && listedAddresses.stdout.contains(home), "\(listedAddresses.stdout)")
      let nowhere = try cli(daemon, ["rpp", "book", service, "--slot", last])
      #expect(nowhere.status == 64 && nowhere.stderr.contains(home), "\(nowhere.stderr)")

      // A booking that goes through at once prints its confirmation number.
      let second = try cli(daemon, ["rpp", "book", service, "--slot", last, "--address", home])
      transcript += second.stdout + second.stderr
      #expect(second.status == 0 && second.stdout.contains("Booked: RPP-"), "\(second.stdout)\(second.stderr)")

      // Offline, a reschedule waits in the queue; the partner's deadline passes meanwhile.
      let upcoming = try json(ItemsList.Result.self, try cli(daemon, ["rpp", "orders", "--upcoming", "--json"])).items
      let movable = try #require(
        upcoming.first {
          $0.item.details["status"] == "scheduled"
            && $0.item.details["allowedActions"]?["reschedule"]?["allowed"] == .bool(true)
        })
      let until = try #require(
        movable.item.details["allowedActions"]?["reschedule"]?["until"]?.stringValue.flatMap(UTCTimestamp.parse))
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "rpp", "errorRate": 1])
      let queued = try cli(
        daemon, ["rpp", "reschedule", "\(movable.number)", "--slot", later, "--no-wait", "--json"])
      #expect(queued.status == 0, "\(queued.stderr)")
      _ = try await sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": .double(until.timeIntervalSince(now) + 60)])
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "rpp", "errorRate": 0])
      #expect(try cli(daemon, ["sync", "work", "--wait"]).status == 0)
      let conflicts = try json(ActionsList.Result.self, try cli(daemon, ["conflicts", "--json"])).actions
      let late = try #require(conflicts.first { $0.type.rawValue == "rpp.reschedule" }, "no conflict: \(conflicts)")
      #expect(late.itemNumber == movable.number && late.problem != nil)
      #expect(late.serverState?["id"]?.stringValue == movable.item.upstreamID)

      // A photographer writes: the next sync tells the agent, in the notification centre.
      let conversations = try json(
        ItemsList.Result.self, try cli(daemon, ["items", "--service", "rpp", "--kind", "conversation", "--json"]))
      let conversation = try #require(conversations.items.first { $0.item.details["kind"] == "order" })
      try await rppAdmin(
        sandbox, ["op": "staff-message", "conversationId": .string(conversation.item.upstreamID), "body": "On my way!"])
      _ = try await sandbox.sharedAdmin("POST", "clock", ["advanceSeconds": 30])
      #expect(try cli(daemon, ["sync", "work", "--wait"]).status == 0)
      let told = try json(NotificationsList.Result.self, try cli(daemon, ["notifications", "--json"])).notifications
      #expect(told.contains { $0.category == "new-message" && $0.summary.contains("On my way!") }, "\(told)")
      func unread() async throws -> Int64? {
        guard case .array(let all)? = try await state(sandbox)["conversations"] else { return nil }
        return all.first { $0["id"] == .string(conversation.item.upstreamID) }?["unreadCount"]?.int64Value
      }
      let unreadBefore = try #require(try await unread())
      #expect(unreadBefore > 0)
      // A peek leaves it unread at RPP, even after the queue ran (a sync replays it first).
      let peeked = try cli(daemon, ["rpp", "messages", "\(conversation.number)", "--no-mark-read"])
      #expect(peeked.status == 0 && peeked.stdout.contains("On my way!"), "\(peeked.stdout)\(peeked.stderr)")
      #expect(try cli(daemon, ["sync", "work", "--wait"]).status == 0)
      #expect(try await unread() == unreadBefore)
      let shown = try cli(daemon, ["rpp", "messages", "\(conversation.number)"])
      #expect(shown.status == 0 && shown.stdout.contains("On my way!"), "\(shown.stdout)\(shown.stderr)")
      #expect(try cli(daemon, ["sync", "work", "--wait"]).status == 0)
      #expect(try await unread() == 0)

      // Signing out everywhere: RPP kills every session, and Outpost forgets its own.
      let out = try cli(daemon, ["rpp", "sign-out-everywhere"])
      #expect(out.status == 0 && out.stdout.contains("every device"), "\(out.stdout)\(out.stderr)")
      guard case .array(let users)? = try await state(sandbox)["users"] else { throw TestFailure("no users") }
      #expect(users.first { $0["email"] == .string(Self.agent) }?["liveRefreshTokens"] == 0)
      let after = try daemon.client().call(AccountsList.self, NoParams()).accounts.first { $0.name == "work" }
      #expect(after?.state == .needsLogin)

      // The password is nowhere but in the keyring.
      for (name, data) in try DaemonFiles.all(daemon) {
        #expect(data.range(of: Data(Self.password.utf8)) == nil, "the password is in \(name)")
      }
      #expect(!transcript.contains(Self.password))
      #expect(!daemon.log.contains(Self.password))
      #expect(try daemon.stop() == 0)
    }
  }
}

/// The seeded world of the "rpp" service, deterministic from the sandbox seed and laid out
/// around the sandbox clock's start: for each client 30–40 days of history and a month ahead,
/// in every status (delivered, completed, in progress right now, scheduled, pending at the
/// Zürich partner, cancelled before and after the fact), one appointment on the day Los Angeles
/// changes between PST and PDT, support conversations with messages (German and English, some
/// unread) and the notifications all that produced. History is played through the same code
/// as live changes (`book`, `confirm`, `cancel`, the life simulation), in time order.
extension RPPState {
  private struct SeedOrder {
    var customer: String
    var startMs: Int64
    var services: [String]
    var address: Int
    var notes: String? = nil
    /// Hours after creation the client cancels; nil never.
    var cancelAfterHours: Int? = nil
    /// Zürich only: whether the partner confirmed it (3 hours after booking).
    var confirmed = true
  }

  mutating func seed(nowMs: Int64) {
    for partner in RPPSeed.partners {
      var partner = partner
      partner.policy.updatedMs = nowMs - 90 * .dayMs
      partners[partner.id] = partner
    }
    for person in RPPSeed.staff { staff[person.id] = person }
    for user in RPPSeed.users {
      var user = user
      user.updatedMs = nowMs - 120 * .dayMs
      users[user.id] = user
      userIDsByEmail[user.email.lowercased()] = user.id
      if let partnerID = user.partnerID, user.role == "client" {
        savedAddresses[user.id] = RPPSeed.addresses[partnerID]!.filter { $0.id != nil }
      }
    }
    var events: [(atMs: Int64, order: Int, run: (inout RPPState) -> Void)] = []
    for (index, seed) in seedOrders(nowMs: nowMs).enumerated() {
      let user = users[seed.customer]!
      let partner = partners[user.partnerID!]!
      let services = seed.services.map { partner.service($0)! }
      let address = RPPSeed.addresses[partner.id]![seed.address]
      let createdMs = min(seed.startMs - 7 * .dayMs, nowMs - 2 * .dayMs + Int64(index) * 17 * .minuteMs)
      var created: String?
      events.append(
        (
          createdMs, index,
          { state in
            created =
              state.book(
                customerID: user.id, partnerID: partner.id, services: services, startMs: seed.startMs,
                address: address, notes: seed.notes, atMs: createdMs
              ).id
          }
        ))
      if !partner.policy.autoConfirm && seed.confirmed {
        events.append(
          (
            createdMs + 3 * .hourMs, index,
            { state in _ = state.confirm(created!, atMs: createdMs + 3 * .hourMs, actor: "partner") }
          ))
      }
      if let hours = seed.cancelAfterHours {
        let at = createdMs + Int64(hours) * .hourMs
        events.append(
          (at, index, { state in state.cancel(created!, reason: "Listing withdrawn", feeMinor: nil, atMs: at) }))
      }
    }
    for (index, message) in seedMessages(nowMs: nowMs).enumerated() {
      events.append(
        (
          message.atMs, 1000 + index,
          { state in
            let user = state.users[message.customer]!
            let conversation = state.supportConversation(
              of: user.id, partnerID: user.partnerID!, atMs: message.atMs)
            let sender = message.fromClient ? user.id : state.conversations[conversation]!.staffID
            state.addMessage(
              conversationID: conversation, senderID: sender, senderRole: message.fromClient ? "client" : "partner",
              body: message.body, atMs: message.atMs)
          }
        ))
    }
    for event in events.sorted(by: { ($0.atMs, $0.order) < ($1.atMs, $1.order) }) where event.atMs <= nowMs {
      simulate(until: event.atMs)
      event.run(&self)
    }
    simulate(until: nowMs)
    settleHistory(nowMs: nowMs)
  }

  /// What the client has long since seen: staff messages older than two days were read half an
  /// hour after they came, notifications older than three days an hour after.
  private mutating func settleHistory(nowMs: Int64) {
    for (conversationID, list) in messages {
      var list = list
      for index in list.indices
      where list[index].senderRole != "client" && list[index].readMs == nil
        && list[index].createdMs < nowMs - 2 * .dayMs
      {
        list[index].readMs = list[index].createdMs + 30 * .minuteMs
        list[index].updatedMs = list[index].readMs!
        list[index].version += 1
      }
      messages[conversationID] = list
      conversations[conversationID]?.unread = list.reduce(0) {
        $0 + ($1.senderRole != "client" && $1.readMs == nil ? 1 : 0)
      }
    }
    for (id, notification) in notifications where notification.createdMs < nowMs - 3 * .dayMs {
      notifications[id]?.readMs = notification.createdMs + .hourMs
      notifications[id]?.updatedMs = notification.createdMs + .hourMs
      notifications[id]?.version += 1
    }
  }

  private func seedOrders(nowMs: Int64) -> [SeedOrder] {
    let la = RPPZone.losAngeles
    let zurich = RPPZone.zurich
    let today = { (zone: RPPZone) in zone.localDay(utc: Int(nowMs / 1000)) }
    func at(_ zone: RPPZone, _ dayOffset: Int, _ hour: Int, _ minute: Int = 0) -> Int64 {
      Int64(zone.utc(local: (today(zone) + dayOffset) * 86_400 + hour * 3600 + minute * 60)) * 1000
    }
    // Right now: one shoot under way, one that ended two hours ago (editing).
    let quarter = 15 * Int64.minuteMs
    let underWay = (nowMs - 40 * .minuteMs).flooredDivision(by: quarter) * quarter
    let finished = (nowMs - 2 * .hourMs - 90 * .minuteMs).flooredDivision(by: quarter) * quarter
    var orders: [SeedOrder] = [
      SeedOrder(customer: "usr_ana", startMs: at(la, -38, 10), services: ["svc_photo25"], address: 0),
      SeedOrder(
        customer: "usr_ana", startMs: at(la, -31, 14), services: ["svc_photo25", "svc_drone"], address: 1,
        notes: "Please include the backyard."),
      SeedOrder(customer: "usr_ana", startMs: at(la, -24, 9), services: ["svc_tour"], address: 2, cancelAfterHours: 26),
      SeedOrder(customer: "usr_ana", startMs: at(la, -17, 11), services: ["svc_photo25"], address: 3),
      SeedOrder(customer: "usr_ana", startMs: at(la, -10, 15, 30), services: ["svc_drone"], address: 0),
      SeedOrder(customer: "usr_ana", startMs: at(la, -3, 13), services: ["svc_photo25", "svc_tour"], address: 1),
      SeedOrder(customer: "usr_ana", startMs: underWay, services: ["svc_photo25"], address: 2),
      SeedOrder(customer: "usr_ana", startMs: finished, services: ["svc_photo25"], address: 3),
      SeedOrder(customer: "usr_ana", startMs: at(la, 1, 10), services: ["svc_photo25"], address: 0),
      SeedOrder(customer: "usr_ana", startMs: at(la, 2, 11, 30), services: ["svc_drone"], address: 1),
      SeedOrder(customer: "usr_ana", startMs: at(la, 4, 9), services: ["svc_photo25", "svc_drone"], address: 2),
      SeedOrder(customer: "usr_ana", startMs: at(la, 7, 13), services: ["svc_tour"], address: 3, cancelAfterHours: 2),
      SeedOrder(customer: "usr_ana", startMs: at(la, 12, 10, 30), services: ["svc_photo25"], address: 0),
      SeedOrder(customer: "usr_ana", startMs: at(la, 20, 14), services: ["svc_photo25", "svc_tour"], address: 1),
      SeedOrder(customer: "usr_ana", startMs: at(la, 29, 9, 30), services: ["svc_drone"], address: 2),
      SeedOrder(customer: "usr_zoe", startMs: at(la, -33, 11), services: ["svc_photo25"], address: 2),
      SeedOrder(customer: "usr_zoe", startMs: at(la, -12, 16), services: ["svc_tour"], address: 3),
      SeedOrder(customer: "usr_zoe", startMs: at(la, -2, 9, 30), services: ["svc_drone"], address: 1),
      SeedOrder(customer: "usr_zoe", startMs: at(la, 3, 15), services: ["svc_photo25"], address: 2),
      SeedOrder(
        customer: "usr_zoe", startMs: at(la, 9, 9), services: ["svc_photo25", "svc_drone"], address: 3,
        cancelAfterHours: 30),
      SeedOrder(customer: "usr_mfa", startMs: at(la, 5, 16), services: ["svc_drone"], address: 1),
      SeedOrder(customer: "usr_lukas", startMs: at(zurich, -36, 10), services: ["svc_alp_fotos"], address: 0),
      SeedOrder(
        customer: "usr_lukas", startMs: at(zurich, -21, 14), services: ["svc_alp_fotos", "svc_alp_grundriss"],
        address: 1, cancelAfterHours: 50),
      SeedOrder(
        customer: "usr_lukas", startMs: at(zurich, -6, 9), services: ["svc_alp_grundriss"], address: 2,
        notes: "Bitte auch den Estrich fotografieren."),
      SeedOrder(customer: "usr_lukas", startMs: at(zurich, 2, 13), services: ["svc_alp_fotos"], address: 0),
      SeedOrder(
        customer: "usr_lukas", startMs: at(zurich, 5, 10), services: ["svc_alp_fotos"], address: 1, confirmed: false),
      SeedOrder(
        customer: "usr_lukas", startMs: at(zurich, 16, 15), services: ["svc_alp_grundriss"], address: 2,
        confirmed: false),
    ]
    // The next day Los Angeles changes between PST and PDT, 10:00 local: its offset differs
    // from the orders booked before the change.
    let first = today(la)
    if let change = (1...366).first(where: { day in
      la.offset(utc: la.utc(local: (first + day) * 86_400 + 12 * 3600))
        != la.offset(utc: la.utc(local: (first + day - 1) * 86_400 + 12 * 3600))
    }) {
      orders.append(
        SeedOrder(
          customer: "usr_ana", startMs: at(la, change, 10), services: ["svc_photo25"], address: 3,
          notes: "DST weekend: the clocks change this morning."))
    }
    return orders
  }

  private func seedMessages(nowMs: Int64) -> [(customer: String, fromClient: Bool, body: String, atMs: Int64)] {
    [
      ("usr_ana", true, "Hi! Could you add twilight shots for 12 Ocean Ave?", nowMs - 20 * .dayMs),
      ("usr_ana", false, "Twilight shoots are paused this season, sorry!", nowMs - 20 * .dayMs + 40 * .minuteMs),
      ("usr_ana", true, "No problem, thanks.", nowMs - 20 * .dayMs + 55 * .minuteMs),
      ("usr_lukas", true, "Grüezi, macht ihr auch Drohnenaufnahmen über dem See?", nowMs - 4 * .dayMs),
      ("usr_lukas", false, "Ja, ab nächstem Monat – wir melden uns gern.", nowMs - 20 * .hourMs),
    ]
  }
}

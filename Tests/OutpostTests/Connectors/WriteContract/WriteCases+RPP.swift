import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// RPP: bookings and messages under their stored Idempotency-Key, order changes under If-Match.
extension WriteCases {
  /// `GET /__admin/state?service=rpp`: the sandbox's ground truth.
  static func rppState(_ world: WriteWorld) async throws -> JSONValue {
    let reply = try await TestHTTP.transport.send(
      HTTPRequest(method: "GET", url: world.server.baseURL + "/__admin/state?service=rpp"))
    return try JSONParser.parse(reply.body)
  }

  static func rppMutate(_ world: WriteWorld, _ fields: [String: JSONValue]) async throws {
    var members = fields
    members["service"] = "rpp"
    let reply = try await TestHTTP.transport.send(
      HTTPRequest(
        method: "POST", url: world.server.baseURL + "/__admin/mutate", headers: [("Content-Type", "application/json")],
        body: Array(JSONValue.object(members).serialized)))
    try #require(reply.status == 200, "\(reply.text)")
  }

  /// Whether the sandbox holds a booking under the key (its map is keyed per user).
  static func booked(_ state: JSONValue, _ key: String) -> Bool {
    guard case .object(let byKey)? = state["bookingsByIdempotencyKey"], !key.isEmpty else { return false }
    return byKey.keys.contains { $0.hasSuffix(key) }
  }

  /// A free slot from the third day on, as `outpost rpp availability` lists them.
  static func freeSlot(_ world: WriteWorld) async throws -> (service: String, start: String) {
    let services = try await world.query("rpp.services", [:])
    let service = try #require(RPPSessionTests.array(services["items"]).first?["id"]?.stringValue)
    let day = String(UTCTimestamp.format(world.now.addingTimeInterval(3 * 86_400)).prefix(10))
    let availability = try await world.query(
      "rpp.availability", ["service": .string(service), "date": .string(day), "days": 3])
    let free = RPPSessionTests.array(availability["days"]).flatMap { RPPSessionTests.array($0["slots"]) }
      .filter { $0["available"] == .bool(true) }.compactMap { $0["start"]?.stringValue }
    return (service, try #require(free.first, "no free slot"))
  }

  static func booking(_ world: WriteWorld, service: String? = nil) async throws -> ActionRequest {
    let (free, start) = try await freeSlot(world)
    return WriteWorld.request(
      .rppBook,
      try RPPConnector.prepare(
        .rppBook,
        params: [
          "service": .string(service ?? free), "slot": .string(start),
          "address": "12 Ocean Ave, San Francisco, CA 94112, US",
        ], now: world.now))
  }

  /// An upcoming order that may still be changed for free.
  static func changeable(_ world: WriteWorld) async throws -> Item {
    let now = world.now
    return try #require(
      try await world.items(.order).first { item in
        guard item.details["status"] == "scheduled",
          let until = item.details["allowedActions"]?["cancel"]?["freeUntil"]?.stringValue.flatMap(UTCTimestamp.parse),
          item.details["allowedActions"]?["reschedule"]?["allowed"] == .bool(true)
        else { return false }
        return until > now.addingTimeInterval(3600)
      }, "no order that may still be changed for free")
  }

  static func reschedule(_ world: WriteWorld, offBoundary: Bool = false) async throws -> ActionRequest {
    let order = try await changeable(world)
    var (_, slot) = try await freeSlot(world)
    if offBoundary, let start = UTCTimestamp.parse(slot) {
      slot = UTCTimestamp.format(start.addingTimeInterval(7 * 60))
    }
    return WriteWorld.request(
      .rppReschedule,
      try RPPConnector.prepare(.rppReschedule, on: order, params: ["slot": .string(slot)], now: world.now),
      item: order)
  }

  static func cancel(_ world: WriteWorld) async throws -> ActionRequest {
    let order = try await changeable(world)
    return WriteWorld.request(
      .rppCancel,
      try RPPConnector.prepare(.rppCancel, on: order, params: ["reason": "Listing withdrawn"], now: world.now),
      item: order)
  }

  static func message(_ world: WriteWorld, text: String = "Please include the backyard.") async throws -> ActionRequest
  {
    let conversation = try #require(try await world.items(.conversation).first)
    var prepared = try RPPConnector.prepare(.rppSend, on: conversation, params: ["text": "placeholder"], now: world.now)
    // Past prepare's own checks: what an older build could have queued.
    prepared.params = ["text": .string(text), "idempotencyKey": prepared.params["idempotencyKey"] ?? .null]
    return WriteWorld.request(.rppSend, prepared, item: conversation)
  }

  static func unreadConversation(_ world: WriteWorld) async throws -> ActionRequest {
    let conversation = try #require(
      try await world.items(.conversation).first {
        ($0.details["unreadCount"]?.int64Value ?? 0) > 0 && $0.details["lastMessageId"] != nil
      })
    return WriteWorld.request(
      .rppRead, try RPPConnector.prepare(.rppRead, on: conversation, params: [:], now: world.now), item: conversation)
  }

  /// One of RPP's own notifications the agent has not read yet.
  static func unreadNotice(_ world: WriteWorld) async throws -> ActionRequest {
    let notice = try #require(
      try await world.items(.notice).first { $0.details["read"] == .bool(false) }, "no unread notification")
    return WriteWorld.request(
      .rppNoticeRead, try RPPConnector.prepare(.rppNoticeRead, on: notice, params: [:], now: world.now), item: notice)
  }

  /// The order's start, status and version as RPP lists them.
  static let orderState: @Sendable (WriteWorld, ActionRequest) async throws -> JSONValue? = { world, request in
    guard let order = try await world.item(.order, request.target) else { return nil }
    return [
      "start": order.startsAt.map { .string(UTCTimestamp.format($0)) } ?? .null,
      "status": order.details["status"] ?? .null, "version": order.details["version"] ?? .null,
    ]
  }

  static let touched: WriteCase.Plan<@Sendable (WriteWorld, ActionRequest) async throws -> Void> = .check {
    world, request in
    try await rppMutate(world, ["op": "touch-order", "orderId": .string(request.target)])
  }

  static var rpp: [WriteCase] {
    [
      WriteCase(
        connector: "rpp", action: .rppBook, world: WriteWorlds.rpp, request: { world in try await booking(world) },
        observe: { world, request in
          let key = request.params["idempotencyKey"]?.stringValue ?? ""
          let state = try await rppState(world)
          let orders = RPPSessionTests.array(state["orders"]).count { $0["customer"] == .string(RPPSeed.agent) }
          return ["orders": .int(Int64(orders)), "booked": .bool(booked(state, key))]
        },
        applied: { seen, _ in seen?["booked"] == .bool(true) },
        conflict: .check { world, request in
          let start = try #require(request.params["body"]?["appointment"]?["start"])
          try await rppMutate(world, ["op": "take-slot", "partnerId": .string(RPPSeed.sunset), "start": start])
        },
        refusal: .check { world in
          WriteCase.Refusal(request: try await booking(world, service: "svc_nope"), reason: "serviceIds")
        }),
      WriteCase(
        connector: "rpp", action: .rppReschedule, world: WriteWorlds.rpp,
        request: { world in try await reschedule(world) }, observe: orderState,
        applied: { seen, request in
          seen?["start"]?.stringValue.flatMap(UTCTimestamp.parse)
            == request.params["slot"]?.stringValue.flatMap(UTCTimestamp.parse)
        },
        conflict: touched,
        refusal: .check { world in
          WriteCase.Refusal(request: try await reschedule(world, offBoundary: true), reason: "slot boundary")
        }),
      WriteCase(
        connector: "rpp", action: .rppCancel, world: WriteWorlds.rpp, request: cancel, observe: orderState,
        applied: { seen, _ in seen?["status"] == "cancelled" }, conflict: touched,
        refusal: .notApplicable(
          "a cancel sends only the order's version and a reason; what RPP refuses of it (INVALID_STATE, the"
            + " cutoff, an unaccepted fee) is a precondition conflict (rpp.md §3.1)")),
      WriteCase(
        connector: "rpp", action: .rppSend, world: WriteWorlds.rpp, request: { world in try await message(world) },
        observe: { world, request in
          let text = request.params["text"]
          return .int(Int64(try await world.items(.message).count { $0.details["body"] == text }))
        },
        applied: { count, _ in count == .int(1) },
        conflict: .notApplicable("a message has no precondition: it is added to the conversation as it stands"),
        refusal: .check { world in
          WriteCase.Refusal(
            request: try await message(world, text: String(repeating: "a", count: 4001)), reason: "1…4000 characters")
        }),
      WriteCase(
        connector: "rpp", action: .rppRead, world: WriteWorlds.rpp, request: unreadConversation,
        observe: { world, request in
          try await world.item(.conversation, request.target).map { $0.details["unreadCount"] ?? .null }
        },
        applied: { unread, _ in unread == .int(0) },
        conflict: .notApplicable("marking read has no precondition: read elsewhere is read (idempotent by nature)"),
        refusal: .check { world in
          var request = try await unreadConversation(world)
          request.params = ["lastReadMessageId": "msg_nope"]
          return WriteCase.Refusal(request: request, reason: "lastReadMessageId")
        }),
      WriteCase(
        connector: "rpp", action: .rppNoticeRead, world: WriteWorlds.rpp, request: unreadNotice,
        observe: { world, request in
          try await world.item(.notice, request.target).map { $0.details["read"] ?? .null }
        },
        applied: { read, _ in read == .bool(true) },
        conflict: .notApplicable("marking read has no precondition: read elsewhere is read (idempotent by nature)"),
        refusal: .notApplicable(
          "the receipt sends only {\"read\": true}, which RPP always takes; a notification it no longer has is"
            + " nothing left to mark, done (rpp.md §4.6)")),
    ]
  }
}

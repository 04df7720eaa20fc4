import Foundation
import OutpostModel
import Testing

@testable import OutpostConnectors
@testable import OutpostSandbox

/// ViiRaa on PostgreSQL (contrib/supabase/viiraa.sql): inserts with client-made ids and dedup
/// keys, and version-preconditioned PATCHes of reminders and insights.
extension WriteCases {
  static let viiraaEmail = ViiRaaDemo.libreEmail

  static func viiraaRows(_ world: WriteWorld, _ query: String) async -> JSONValue? {
    let owner = ViiRaaDemo.userID(viiraaEmail)
    return await stored(world.server.viiraa.postgres, "\(query)&user_id=eq.\(owner)&order=id.asc")
  }

  /// A value typed in a minute ago: explicit, so that a second request can be for the same moment.
  static func typedIn(_ world: WriteWorld, _ type: ActionType, value: String) throws -> ActionRequest {
    let at = UTCTimestamp.format(world.now.addingTimeInterval(-60).rounded(to: 1))
    return WriteWorld.request(
      type, try ViiRaaConnector.prepare(type, params: ["value": .string(value), "at": .string(at)], now: world.now))
  }

  /// The rows holding the request's dedup key (one, once applied).
  static func byDedupKey(_ table: String) -> @Sendable (WriteWorld, ActionRequest) async throws -> JSONValue? {
    { world, request in
      let key = FormEncoding.percentEncode(request.params["row"]?["dedup_key"]?.stringValue ?? "")
      return await viiraaRows(world, "\(table)?select=id,version&dedup_key=eq.\(key)&deleted_at=is.null")
    }
  }

  /// Another device recorded a value for the same moment first.
  static func sameMomentElsewhere(_ type: ActionType, value: String)
    -> WriteCase.Plan<@Sendable (WriteWorld, ActionRequest) async throws -> Void>
  {
    .check { world, request in
      let at = try #require(request.params["row"]?["measured_at"]?.stringValue)
      let other = try ViiRaaConnector.prepare(
        type, params: ["value": .string(value), "at": .string(at)], now: world.now)
      guard case .done = try await world.perform(WriteWorld.request(type, other)) else {
        Issue.record("the other device's value was not recorded")
        return
      }
    }
  }

  /// The request with one of its row's values replaced (what an older build or a bad import
  /// would queue), past the client's own checks.
  static func withRow(_ request: ActionRequest, _ column: String, _ value: JSONValue) -> ActionRequest {
    var changed = request
    guard case .object(var row)? = request.params["row"] else { return request }
    row[column] = value
    changed.params = ["row": .object(row)]
    return changed
  }

  static func upcomingReminder(_ world: WriteWorld) async throws -> Item {
    let now = world.now
    return try #require(
      try await world.items(.coachingReminder).filter {
        $0.title == "Check your glucose" && ($0.startsAt ?? .distantPast) > now && $0.status != .closed
      }.min { $0.startsAt! < $1.startsAt! })
  }

  /// The occurrence "done" counts for now: the latest whose `doneFrom` has passed. Not the next
  /// one ahead, which cannot be marked done for half of every day (a 14:00 check is done from
  /// 02:00 on): the suite failed from 14:00 to 02:00 UTC.
  static func currentReminder(_ world: WriteWorld) async throws -> Item {
    let now = world.now
    return try #require(
      try await world.items(.coachingReminder).filter {
        guard $0.title == "Check your glucose", $0.status != .closed,
          let from = $0.details["doneFrom"]?.stringValue.flatMap(UTCTimestamp.parse)
        else { return false }
        return from <= now
      }.max { ($0.startsAt ?? .distantPast) < ($1.startsAt ?? .distantPast) })
  }

  static func reminderRequest(_ world: WriteWorld, _ type: ActionType) async throws -> ActionRequest {
    let item = try await type == .viiraaReminderDone ? currentReminder(world) : upcomingReminder(world)
    let params: [String: JSONValue] = type == .viiraaReminderSnooze ? ["minutes": 15] : [:]
    return WriteWorld.request(
      type, try ViiRaaConnector.prepare(type, on: item, params: params, now: world.now), item: item)
  }

  static func unreadInsight(_ world: WriteWorld) async throws -> ActionRequest {
    let item = try #require(try await world.items(.insight).first { $0.status == .active })
    return WriteWorld.request(
      .viiraaInsightRead, try ViiRaaConnector.prepare(.viiraaInsightRead, on: item, params: [:], now: world.now),
      item: item)
  }

  static func viiraaRow(_ table: String) -> @Sendable (WriteWorld, ActionRequest) async throws -> JSONValue? {
    { world, request in
      first(await viiraaRows(world, "\(table)?id=eq.\(FormEncoding.percentEncode(request.target))"))
    }
  }

  /// The column the PATCH sets holds its value (as an instant).
  static func holds(_ column: String) -> @Sendable (JSONValue?, ActionRequest) -> Bool {
    { row, request in
      guard let stored = row?[column]?.stringValue.flatMap(UTCTimestamp.parse) else { return false }
      return stored == request.params[column]?.stringValue.flatMap(UTCTimestamp.parse)
    }
  }

  static func viiraaChange(_ table: String, _ values: [(String, SandboxJSON)])
    -> WriteCase.Plan<@Sendable (WriteWorld, ActionRequest) async throws -> Void>
  {
    .check { world, request in
      try await changeElsewhere(
        world.server.viiraa.postgres, ViiRaaTables.named(table), id: request.target, values,
        now: world.server.viiraa.nowMicroseconds())
    }
  }

  /// A time PostgreSQL cannot read: 22007, whatever the column.
  static func badInstant(_ column: String, _ request: @escaping @Sendable (WriteWorld) async throws -> ActionRequest)
    -> WriteCase.Plan<@Sendable (WriteWorld) async throws -> WriteCase.Refusal>
  {
    .check { world in
      var made = try await request(world)
      guard case .object(var params) = made.params else { throw WriteContractError("no params") }
      params[column] = "the day after tomorrow"
      made.params = .object(params)
      return WriteCase.Refusal(request: made, reason: "invalid input syntax")
    }
  }

  static var viiraa: [WriteCase] {
    [
      WriteCase(
        connector: "viiraa", action: .viiraaLogGlucose, world: WriteWorlds.viiraa,
        request: { world in try typedIn(world, .viiraaLogGlucose, value: "112") },
        observe: byDedupKey("glucose_readings"), applied: { rows, _ in count(rows) == 1 },
        conflict: sameMomentElsewhere(.viiraaLogGlucose, value: "140"),
        refusal: .check { world in
          WriteCase.Refusal(
            request: withRow(try typedIn(world, .viiraaLogGlucose, value: "112"), "value_mgdl", .double(700)),
            reason: "glucose_readings_value_mgdl_check")
        }),
      WriteCase(
        connector: "viiraa", action: .viiraaLogWeight, world: WriteWorlds.viiraa,
        request: { world in try typedIn(world, .viiraaLogWeight, value: "81.4kg") },
        observe: byDedupKey("weight_readings"), applied: { rows, _ in count(rows) == 1 },
        conflict: sameMomentElsewhere(.viiraaLogWeight, value: "82kg"),
        refusal: .check { world in
          WriteCase.Refusal(
            request: withRow(try typedIn(world, .viiraaLogWeight, value: "81.4kg"), "weight_kg", .double(900)),
            reason: "weight_readings_weight_kg_check")
        }),
      WriteCase(
        connector: "viiraa", action: .viiraaUploadImport, world: WriteWorlds.viiraa,
        request: { world in try await viiraaUpload(world) },
        observe: { world, request in
          let batch = FormEncoding.percentEncode(request.target)
          return await viiraaRows(world, "glucose_readings?select=id,version&import_batch_id=eq.\(batch)")
        },
        applied: { rows, request in
          count(rows) == (ViiRaaImportRows.rows(request.params, batch: request.target)?.count ?? -1)
        },
        conflict: .notApplicable(
          "an import has no precondition: rows already there are skipped by their dedup key (viiraa.md §3)"),
        refusal: .check { world in
          var request = try await viiraaUpload(world)
          guard case .array(var rows)? = request.params["rows"], case .array(var first)? = rows.first else {
            throw WriteContractError("no rows")
          }
          // Short and whole rows alike keep value_mgdl second.
          first[1] = .double(700)
          rows[0] = .array(first)
          guard case .object(var params) = request.params else { throw WriteContractError("no params") }
          params["rows"] = .array(rows)
          request.params = .object(params)
          return WriteCase.Refusal(request: request, reason: "glucose_readings_value_mgdl_check")
        }),
      WriteCase(
        connector: "viiraa", action: .viiraaReminderDone, world: WriteWorlds.viiraa,
        request: { world in try await reminderRequest(world, .viiraaReminderDone) },
        observe: viiraaRow("coaching_reminders"), applied: holds("last_completed_at"),
        conflict: viiraaChange("coaching_reminders", [("title", .string("Check your glucose before lunch"))]),
        refusal: badInstant("last_completed_at") { world in try await reminderRequest(world, .viiraaReminderDone) }),
      WriteCase(
        connector: "viiraa", action: .viiraaReminderSnooze, world: WriteWorlds.viiraa,
        request: { world in try await reminderRequest(world, .viiraaReminderSnooze) },
        observe: viiraaRow("coaching_reminders"), applied: holds("snoozed_until"),
        conflict: viiraaChange("coaching_reminders", [("title", .string("Check your glucose before lunch"))]),
        refusal: badInstant("snoozed_until") { world in try await reminderRequest(world, .viiraaReminderSnooze) }),
      WriteCase(
        connector: "viiraa", action: .viiraaInsightRead, world: WriteWorlds.viiraa,
        request: unreadInsight, observe: viiraaRow("insights"), applied: holds("read_at"),
        // Read elsewhere is as good as read here (already done), so the conflict is a deletion.
        conflict: .check { world, request in
          try await changeElsewhere(
            world.server.viiraa.postgres, ViiRaaTables.insights, id: request.target,
            [("deleted_at", .string(UTCTimestamp.format(world.now)))], now: world.server.viiraa.nowMicroseconds())
        },
        refusal: badInstant("read_at", unreadInsight)),
    ]
  }

  static let libreFile = ViiRaaConnectorTests.libreFile

  static func viiraaUpload(_ world: WriteWorld) async throws -> ActionRequest {
    let profiles = try await world.items(.healthProfile)
    let context = ImportContext(existing: [:], items: profiles, options: [:], params: [:], now: world.now)
    let plan = try ViiRaaConnector.importFiles(
      "viiraa.cgm", files: [ImportFile(name: "Alex_glucose.csv", bytes: Array(libreFile.utf8))], context: context)
    let (type, upload) = try #require(plan.action)
    return WriteWorld.request(type, upload)
  }
}

struct WriteContractError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

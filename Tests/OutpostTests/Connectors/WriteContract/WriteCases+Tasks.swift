import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The tasks service: both actions are a preconditioned PATCH of fixed columns.
extension WriteCases {
  static let tasksEmail = SandboxTasksUser.demo.email

  /// The task as the service holds it, with its `updated_at` (stamped by every applied write).
  static func task(_ world: WriteWorld, _ request: ActionRequest) async -> JSONValue? {
    guard let task = await world.server.tasks.tasks(for: tasksEmail).first(where: { "\($0.id)" == request.target })
    else { return nil }
    return [
      "done": .bool(task.done), "due": task.dueAt.map { .string(UTCTimestamp.format($0)) } ?? .null,
      "updatedAt": .string(task.updatedAt),
    ]
  }

  static func openTask(_ world: WriteWorld) async throws -> Item {
    try #require(try await world.items(.task).first { $0.status != .closed && $0.details["updatedAt"] != nil })
  }

  /// Changed upstream since the last sync: its title, so the precondition (`updated_at`) fails.
  static let retitled: WriteCase.Plan<@Sendable (WriteWorld, ActionRequest) async throws -> Void> = .check {
    world, request in
    let id = try #require(Int(request.target))
    _ = try #require(
      await world.server.tasks.updateTask(email: tasksEmail, id: id, SandboxTaskChange(title: "Changed on the web")))
  }

  /// The tasks sandbox keeps no policy the fixed values could break, so the refusal is the one a
  /// Supabase project's row-level security gives (supabase.md §4.1), answered on the link.
  static func policyRefusal(_ world: WriteWorld, _ request: ActionRequest) -> WriteCase.Refusal {
    world.link.set(
      .refuseNextWrite(
        status: 403,
        body:
          #"{"code":"42501","details":null,"hint":null,"message":"new row violates row-level security policy for table \"tasks\""}"#
      ))
    return WriteCase.Refusal(request: request, reason: "row-level security policy")
  }

  static var tasks: [WriteCase] {
    [
      WriteCase(
        connector: "tasks", action: .taskComplete, world: WriteWorlds.tasks,
        request: { world in
          let item = try await openTask(world)
          return WriteWorld.request(
            .taskComplete, try TasksConnector.prepare(.taskComplete, on: item, params: [:], now: world.now), item: item)
        },
        observe: { world, request in await task(world, request) },
        applied: { task, _ in task?["done"] == .bool(true) },
        conflict: retitled,
        refusal: .check { world in
          let item = try await openTask(world)
          let request = WriteWorld.request(
            .taskComplete, try TasksConnector.prepare(.taskComplete, on: item, params: [:], now: world.now), item: item)
          return policyRefusal(world, request)
        }),
      WriteCase(
        connector: "tasks", action: .taskReschedule, world: WriteWorlds.tasks,
        request: { world in
          let item = try await openTask(world)
          let due = UTCTimestamp.format(world.now.addingTimeInterval(3 * 86_400).rounded(to: 60))
          return WriteWorld.request(
            .taskReschedule,
            try TasksConnector.prepare(.taskReschedule, on: item, params: ["due": .string(due)], now: world.now),
            item: item)
        },
        observe: { world, request in await task(world, request) },
        applied: { task, request in
          task?["due"]?.stringValue.flatMap(UTCTimestamp.parse)
            == request.params["due"]?.stringValue.flatMap(UTCTimestamp.parse)
        },
        conflict: retitled,
        refusal: .check { world in
          let item = try await openTask(world)
          let due = UTCTimestamp.format(world.now.addingTimeInterval(86_400).rounded(to: 60))
          let request = WriteWorld.request(
            .taskReschedule,
            try TasksConnector.prepare(.taskReschedule, on: item, params: ["due": .string(due)], now: world.now),
            item: item)
          return policyRefusal(world, request)
        }),
    ]
  }
}

extension Date {
  /// Whole multiples of `seconds` since the epoch: a time a service stores as sent.
  func rounded(to seconds: TimeInterval) -> Date {
    Date(timeIntervalSince1970: (timeIntervalSince1970 / seconds).rounded(.down) * seconds)
  }
}

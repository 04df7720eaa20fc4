import Foundation
import OutpostReminders
import OutpostStore

extension SyncBench {
  /// Issue 6's figure: re-planning the reminders after a sync that changed 500 items (their
  /// start moved by an hour), on a store of 1,000 assignments.
  static func reminders(in directory: URL) async throws {
    let store = try Store.open(path: directory.appendingPathComponent("reminders.sqlite").path)
    let id = UUID().uuidString.lowercased()
    try await account(store, id: id)
    let source = BenchSource(items: (0..<1_000).map(BenchSource.item))
    let engine = engine(store)
    await engine.register(accountID: id, name: "bench", source: source)
    _ = await engine.sync(accountID: id)
    let zone = TimeZone(identifier: "Europe/Zurich")!
    var planned = ReminderReconciliation()
    let first = try await timed {
      planned = try await ReminderPlanner.replan(
        in: store, itemNumbers: nil, rules: .defaults, timeZone: zone, now: Date())
    }
    print("  reminders: first plan of 1,000 assignments: \(ms(first)), \(planned.inserted) reminders")
    source.items.withLock { items in
      for index in 0..<500 {
        items[index].startsAt = items[index].startsAt?.addingTimeInterval(3600)
        items[index].endsAt = items[index].endsAt?.addingTimeInterval(3600)
      }
    }
    let report = await engine.sync(accountID: id)
    var replanned = ReminderReconciliation()
    let again = try await timed {
      replanned = try await ReminderPlanner.replan(
        in: store, itemNumbers: nil, rules: .defaults, timeZone: zone, now: Date())
    }
    print(
      "  reminders: re-plan after a sync that changed \(report?.changes.count ?? 0) items: \(ms(again)), \(replanned.moved) moved"
    )
    try store.close()
  }
}

/// Context switches of each of a process's threads: each is a wakeup. Threads come and go
/// (worker pools shrink when idle), so a delta counts the threads alive at its end.
enum ContextSwitches {
  static func sample(pid: Int32) -> [String: Int] {
    var counts: [String: Int] = [:]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for task in tasks {
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else {
        continue
      }
      let name =
        status.split(separator: "\n").first { $0.hasPrefix("Name:") }.map {
          $0.dropFirst(5).trimmingCharacters(in: .whitespaces)
        } ?? "?"
      for line in status.split(separator: "\n")
      where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
        counts[task + " " + name, default: 0] +=
          Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
      }
    }
    return counts
  }

  static func delta(_ before: [String: Int], _ after: [String: Int], where include: (String) -> Bool = { _ in true })
    -> Int
  {
    after.filter { include($0.key) }.reduce(0) { sum, entry in sum + entry.value - (before[entry.key] ?? 0) }
  }
}

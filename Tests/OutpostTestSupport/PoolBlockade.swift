import Foundation

/// Occupies every thread of the cooperative pool with a blocking wait, as tests that block on a
/// process or a socket do, until released: for the tests that show a helper working on threads
/// of its own while the pool runs nothing else.
public final class PoolBlockade: @unchecked Sendable {
  /// The pool is as wide as the machine has cores (two on the CI box).
  public static var poolWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

  private let width: Int
  /// Guards `holding` and `released`.
  private let condition = NSCondition()
  private var holding = 0
  private var released = false
  private var blockers: [Task<Void, Never>] = []

  /// Starts `width` pool tasks that each block their thread until `release()`. At the tests'
  /// own priority: blockers at high priority got threads beside the default ones and blocked
  /// nothing. The cost: in a full run the first blocker holds its thread while the other waits
  /// in the pool's queue behind the tests (33 s idle, over 2 minutes beside busy loops).
  public init(width: Int = PoolBlockade.poolWidth) {
    self.width = width
    blockers = (0..<width).map { _ in Task.detached { self.hold() } }
  }

  /// Blocks the calling thread (never call it on the pool) until every blocker holds a thread
  /// of the pool; false if that did not happen within `limit` (other tests kept the threads).
  public func waitUntilHolding(limit: Duration = .seconds(120)) -> Bool {
    let deadline = Date().addingTimeInterval(limit / .seconds(1))
    condition.lock()
    defer { condition.unlock() }
    while holding < width {
      guard condition.wait(until: deadline) else { return holding == width }
    }
    return true
  }

  /// Lets the blockers go and waits until they have given their threads back.
  public func release() async {
    open()
    for blocker in blockers { await blocker.value }
  }

  private func open() {
    condition.lock()
    released = true
    condition.broadcast()
    condition.unlock()
  }

  private func hold() {
    condition.lock()
    defer { condition.unlock() }
    holding += 1
    condition.broadcast()
    while !released { condition.wait() }
  }
}

import Foundation
import Testing

/// `.offThePool` on a suite (or a test): each of its tests runs on a `ThreadTaskExecutor` of its
/// own instead of the cooperative pool. For tests that block, synchronously or between awaits:
/// waiting for a process, reading a socket, running a command. On the pool such a test holds one
/// of its two threads (on a 2-core box) for as long as it blocks, and the tests beside it wait:
/// their polls and deadlines ran out while they were not running (issue 54).
///
/// Child tasks (`async let`, task groups) follow the test onto its threads; unstructured tasks
/// (`Task {}`) and the in-process servers' handlers stay on the pool.
public struct OffThePoolTrait: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope holds no test body: only its test cases move.
    guard testCase != nil else { return try await function() }
    let executor = ThreadTaskExecutor(name: "test: \(test.name)")
    defer { executor.shutdown() }
    try await withTaskExecutorPreference(executor) { try await function() }
  }
}

extension Trait where Self == OffThePoolTrait {
  /// Runs each test on threads of its own, not the cooperative pool (see `OffThePoolTrait`).
  public static var offThePool: Self { OffThePoolTrait() }
}

/// Runs blocking work on a thread of its own, off the cooperative pool, and waits for it
/// without holding a thread of the pool.
public func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}

/// `blocking` for work that cannot throw.
public func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: work()) }
  }
}

import Foundation
import OutpostModel
import Testing

@Suite struct QuietSleepTests {
  @Test func wakesAtTheWallClockInstant() async throws {
    let deadline = Date().addingTimeInterval(0.3)
    try await QuietSleep.sleep(until: deadline)
    #expect(Date() >= deadline)
  }

  @Test func aPastInstantReturnsAtOnce() async throws {
    let started = ContinuousClock.now
    try await QuietSleep.sleep(until: Date().addingTimeInterval(-60))
    #expect(started.duration(to: .now) < .seconds(5))
  }

  @Test func cancellationEndsTheSleepWithCancellationError() async {
    let task = Task { try await QuietSleep.sleep(until: Date().addingTimeInterval(3600)) }
    try? await Task.sleep(for: .milliseconds(50))
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func cancelledBeforeItStartsStillEnds() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await QuietSleep.sleep(until: Date().addingTimeInterval(3600))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }
}

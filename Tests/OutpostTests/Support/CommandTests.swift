import Foundation
import Testing

/// The shared launcher (Tests/OutpostTestSupport) that every test runs its peers with: outputs
/// larger than a pipe, input larger than a pipe, a command that ignores its input, a killed one.
@Suite(.offThePool, .timeLimit(.minutes(1))) struct CommandTests {
  @Test func bothOutputsAreReadTogether() throws {
    // 200 kB on stderr before a word on stdout: reading stdout to its end first would wait
    // forever on a command blocked writing stderr.
    let result = try runCommand("/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' e >&2; echo out"])
    #expect(result.status == 0)
    #expect(result.stdout == "out\n")
    #expect(result.stderr.utf8.count == 200_000)
    #expect(result.stderr.utf8.allSatisfy { $0 == UInt8(ascii: "e") })
  }

  @Test func inputLargerThanAPipeComesBackWhole() throws {
    let input = String(repeating: "0123456789abcdef\n", count: 20_000)
    let result = try runCommand("/bin/cat", [], input: input)
    #expect(result.status == 0)
    #expect(result.stdout == input)
    #expect(result.stdoutBytes == Array(input.utf8))
  }

  @Test func aCommandThatLeavesItsInputUnreadStillFinishes() throws {
    let result = try runCommand("/bin/sh", ["-c", "exit 4"], input: String(repeating: "x", count: 1_000_000))
    #expect(result.status == 4)
  }

  @Test func aKilledCommandReportsItsSignal() throws {
    let result = try runCommand("/bin/sh", ["-c", "echo before; kill -9 $$"])
    #expect(result.status == 128 + SIGKILL)
    #expect(result.stdout == "before\n")
  }

  @Test func aMissingProgramIsAnError() {
    #expect(throws: TestFailure.self) { try runCommand("/nonexistent/program", []) }
  }

  @Test func waitAndPollAgreeAcrossThreads() async throws {
    let child = try ChildProcess("/bin/sh", ["-c", "exit 7"], environment: [:])
    async let waited = Task.detached { child.wait() }.value
    let polled = await Task.detached { () -> Int32 in
      while true { if let status = child.poll() { return status } }
    }.value
    #expect(await waited == 7)
    #expect(polled == 7)
  }
}

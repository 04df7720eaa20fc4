import CSystemd
import Foundation
import Testing

/// systemd's service protocol as outpostd speaks it by hand (`CSystemd`, without libsystemd):
/// each case is what libsystemd 252's sd_notify, sd_listen_fds and sd_watchdog_enabled answer
/// for the same variables (checked by setting them for a C program linked against it), but for
/// the error numbers: it says -ERANGE for numbers out of range and -EINVAL for an address that
/// is not a Unix socket's, these -EINVAL and -EAFNOSUPPORT (as sd_notify(3)'s standalone
/// version), and it sends an empty message. Callers only ask whether the answer is positive.
/// The daemon's own use (READY=1, WATCHDOG=1, a passed socket) is in `DaemonLifecycleTests`.
@Suite struct ServiceProtocolTests {
  private let ourPID = String(getpid())
  /// A process id that is not this one (this process's parent).
  private let otherPID = String(getppid())

  @Test func notificationsReachAPathSocket() throws {
    let directory = TemporaryDirectory()
    let listener = try NotifyListener(path: directory.file("notify"))
    #expect(outpost_notify_to(listener.path, "READY=1\nSTATUS=Serving") == 1)
    #expect(listener.messages(until: "READY=1") == ["READY=1\nSTATUS=Serving"])
  }

  @Test func notificationsReachAnAbstractSocket() throws {
    let listener = try NotifyListener(path: "@outpost-test-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    #expect(outpost_notify_to(listener.path, "WATCHDOG=1") == 1)
    #expect(listener.messages(until: "WATCHDOG=1") == ["WATCHDOG=1"])
  }

  @Test func notificationsWithoutASocketDoNothingAndBadAddressesAreRefused() throws {
    let directory = TemporaryDirectory()
    #expect(outpost_notify_to(nil, "READY=1") == 0)
    #expect(outpost_notify_to(directory.file("notify"), "") == -EINVAL)
    #expect(outpost_notify_to("vsock:2:1234", "READY=1") == -EAFNOSUPPORT)
    #expect(outpost_notify_to("relative/notify", "READY=1") == -EAFNOSUPPORT)
    #expect(outpost_notify_to("/" + String(repeating: "n", count: 107), "READY=1") == -E2BIG)
    #expect(outpost_notify_to(directory.file("nobody-listens"), "READY=1") == -ENOENT)
  }

  @Test(
    arguments: [
      // WATCHDOG_USEC, WATCHDOG_PID, answer, interval
      ("400000", nil, 1, 400_000),
      ("400000", "ours", 1, 400_000),
      ("18446744073709551614", nil, 1, UInt64.max - 1),
      ("400000", "other", 0, 0),
      (nil, "ours", 0, 0),
      ("0", nil, -EINVAL, 0),
      ("18446744073709551615", nil, -EINVAL, 0),  // infinity
      ("18446744073709551616", nil, -EINVAL, 0),  // past 64 bits
      ("", nil, -EINVAL, 0),
      ("4e5", nil, -EINVAL, 0),
      ("-1", nil, -EINVAL, 0),
      ("400000", "0", -EINVAL, 0),
      ("400000", "x", -EINVAL, 0),
      ("400000", "4294967297", -EINVAL, 0),
    ] as [(String?, String?, Int32, UInt64)])
  func watchdogFromItsVariables(usec: String?, pid: String?, answer: Int32, interval: UInt64) {
    var read: UInt64 = 0
    #expect(outpost_watchdog_usec_from(usec, resolve(pid), &read) == answer)
    #expect(read == interval)
  }

  @Test(
    arguments: [
      // LISTEN_PID, LISTEN_FDS, answer
      (nil, "2", 0),
      ("other", "2", 0),
      ("ours", nil, 0),
      ("x", nil, -EINVAL),
      ("0", "2", -EINVAL),
      ("ours", "0", -EINVAL),
      ("ours", "-1", -EINVAL),
      ("ours", "two", -EINVAL),
      ("ours", "", -EINVAL),
      ("ours", "2147483647", -EINVAL),
    ] as [(String?, String?, Int32)])
  func listenDescriptorsFromTheirVariables(pid: String?, count: String?, answer: Int32) throws {
    let descriptors = try TwoDescriptors()
    #expect(outpost_listen_fds_from(resolve(pid), count, descriptors.first) == answer)
    #expect(!descriptors.closeOnExec(0) && !descriptors.closeOnExec(1), "touched when not passed")
  }

  @Test func passedDescriptorsAreCountedAndMadeCloseOnExec() throws {
    let descriptors = try TwoDescriptors()
    #expect(outpost_listen_fds_from(ourPID, "1", descriptors.first) == 1)
    #expect(descriptors.closeOnExec(0) && !descriptors.closeOnExec(1))
    #expect(outpost_listen_fds_from(ourPID, "2", descriptors.first) == 2)
    #expect(descriptors.closeOnExec(0) && descriptors.closeOnExec(1))
  }

  @Test func aPassedDescriptorThatIsNotOpenIsAnError() throws {
    let descriptors = try TwoDescriptors()
    #expect(outpost_listen_fds_from(ourPID, "3", descriptors.first) == -EBADF)
  }

  private func resolve(_ pid: String?) -> String? {
    switch pid {
    case "ours": ourPID
    case "other": otherPID
    default: pid
    }
  }
}

/// Two open descriptors with consecutive numbers, without FD_CLOEXEC (as systemd passes
/// them), and a closed one after them.
private final class TwoDescriptors {
  let first: CInt

  init() throws {
    var ends: [CInt] = [0, 0]
    guard pipe(&ends) == 0 else { throw TestFailure("pipe: \(errno)") }
    defer {
      close(ends[0])
      close(ends[1])
    }
    // Numbers well above what the test process uses, one after the other (F_DUPFD takes the
    // lowest free number from the one given and never sets FD_CLOEXEC). The suite's parallel
    // tests hold 1,500 descriptors at times, so the search starts halfway to the limit.
    var limit = rlimit()
    let soft =
      getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? CInt(clamping: limit.rlim_cur) : 1024
    for candidate in stride(from: max(700, soft / 2), to: soft - 3, by: 3) where fcntl(candidate, F_GETFD) < 0 {
      guard fcntl(candidate + 1, F_GETFD) < 0, fcntl(candidate + 2, F_GETFD) < 0 else { continue }
      guard fcntl(ends[0], F_DUPFD, candidate) == candidate else { continue }
      guard fcntl(ends[1], F_DUPFD, candidate + 1) == candidate + 1 else {
        close(candidate)
        continue
      }
      first = candidate
      return
    }
    throw TestFailure("no three free descriptor numbers in a row")
  }

  func closeOnExec(_ index: CInt) -> Bool { fcntl(first + index, F_GETFD) & FD_CLOEXEC != 0 }

  deinit {
    close(first)
    close(first + 1)
  }
}

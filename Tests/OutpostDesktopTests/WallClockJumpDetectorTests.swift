import OutpostDesktop
import Testing

@Suite struct WallClockJumpDetectorTests {
  typealias Reading = WallClockJumpDetector.Reading

  static let start = Reading(wall: .seconds(1_750_000_000), monotonic: .seconds(1000), boot: .seconds(1000))

  static func later(wall: Duration, monotonic: Duration, boot: Duration) -> Reading {
    Reading(wall: start.wall + wall, monotonic: start.monotonic + monotonic, boot: start.boot + boot)
  }

  @Test func theFirstReadingAndSteadyClocksShowNothing() {
    var detector = WallClockJumpDetector(threshold: .seconds(30))
    #expect(detector.check(Self.start) == [])
    #expect(detector.check(Self.later(wall: .seconds(60), monotonic: .seconds(60), boot: .seconds(60))) == [])
    // Jitter below the threshold (NTP slewing, readings taken a moment apart).
    #expect(
      detector.check(Self.later(wall: .seconds(125), monotonic: .seconds(120), boot: .milliseconds(120_010))) == [])
  }

  @Test func aSuspendShowsAsSleep() {
    var detector = WallClockJumpDetector(threshold: .seconds(30))
    _ = detector.check(Self.start)
    // 60 s awake, then 2 h asleep: the wall and boot clocks count it, the monotonic one does not.
    let jumps = detector.check(Self.later(wall: .seconds(7260), monotonic: .seconds(60), boot: .seconds(7260)))
    #expect(jumps == [.slept(.seconds(7200))])
    #expect(WallClockJumpDetector.mayHaveMissedReminders(jumps))
  }

  @Test func aClockSetForwardOrBackIsAWallClockChange() {
    var detector = WallClockJumpDetector(threshold: .seconds(30))
    _ = detector.check(Self.start)
    let forward = detector.check(Self.later(wall: .seconds(3660), monotonic: .seconds(60), boot: .seconds(60)))
    #expect(forward == [.wallClockChanged(by: .seconds(3600))])
    #expect(WallClockJumpDetector.mayHaveMissedReminders(forward))
    // Compared with the previous reading, not the first one.
    let back = detector.check(Self.later(wall: .seconds(1720), monotonic: .seconds(120), boot: .seconds(120)))
    #expect(back == [.wallClockChanged(by: .seconds(-2000))])
    #expect(!WallClockJumpDetector.mayHaveMissedReminders(back))
    #expect(detector.last == Self.later(wall: .seconds(1720), monotonic: .seconds(120), boot: .seconds(120)))
  }

  @Test func sleepAndAClockChangeTogether() {
    var detector = WallClockJumpDetector(threshold: .seconds(30))
    _ = detector.check(Self.start)
    // Hibernated 1 h, and on resume the wall clock was also corrected forward by 10 min.
    let jumps = detector.check(Self.later(wall: .seconds(4260), monotonic: .seconds(60), boot: .seconds(3660)))
    #expect(jumps == [.slept(.seconds(3600)), .wallClockChanged(by: .seconds(600))])
  }

  @Test func theClocksNowAreConsistent() {
    let first = Reading.now()
    let second = Reading.now()
    #expect(second.monotonic >= first.monotonic)
    #expect(second.boot >= second.monotonic)
    #expect(first.wall > .seconds(1_600_000_000))
    var detector = WallClockJumpDetector()
    _ = detector.check(first)
    #expect(detector.check(second) == [])
  }
}

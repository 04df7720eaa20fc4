import OutpostSnapshot
import Testing

@Test func snapshotFormatVersionIsPositive() {
  #expect(SnapshotFormatVersion.current >= 1)
}

// What status bars show: built from the store, written as files the bars read.
public enum SnapshotFormatVersion {
  public static let current = 1
}

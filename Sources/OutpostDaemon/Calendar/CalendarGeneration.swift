import Foundation
import OutpostCalendar
import OutpostModel

/// What the calendar files were last written from, kept beside them in `.generation`: one digest
/// of the store's calendar items, the accounts, the settings and this very binary, and the
/// instant until which the clock changes nothing in them. When both still hold, a regeneration
/// has nothing to write. Without it every daemon start rendered every calendar and the whole vdir
/// again: a daemon started by socket activation for one command spent 40 % of its CPU on that,
/// with 10,000 events (profiled).
struct CalendarGeneration: Codable, Equatable {
  var key: String
  /// The first instant at which an event's start or a cancelled event's end passes (it loses its
  /// alarms, or leaves the calendar); nil when there is none ahead. Seconds since 1970, to the
  /// fraction: a date in JSON would be cut to the second.
  var validUntil: Double?
  var writtenAt: Date

  static let fileName = ".generation"

  /// Whether files written for `key` are still right at `now`.
  func holds(key: String, at now: Date) -> Bool {
    self.key == key && validUntil.map { now.timeIntervalSince1970 < $0 } ?? true
  }

  static func key(
    sourceLines: [UInt8], accounts: [Account], settings: CalendarSettings, files: Bool, vdir: Bool
  ) -> String {
    var message: [UInt8] = []
    func field(_ text: String) {
      message += text.utf8
      message.append(0x1F)
    }
    field(binaryIdentity)
    field("files=\(files) vdir=\(vdir)")
    field(settings.identity)
    for account in accounts {
      field(account.id)
      field(account.name)
    }
    message.append(0x1E)
    message += sourceLines
    return HexDigest.sha256(message)
  }

  /// The earliest instant after `asOf` at which the clock changes one of `items`' events.
  static func validUntil(_ items: some Sequence<Item>, settings: CalendarSettings, asOf: Date) -> Double? {
    earliest(items.lazy.map { CalendarWriter.clockBoundaries($0, settings: settings) }, after: asOf)
  }

  /// The same from the events' drafts, whose content is already built.
  static func validUntil(_ drafts: some Sequence<EventDraft>, settings: CalendarSettings, asOf: Date) -> Double? {
    earliest(drafts.lazy.map { CalendarWriter.clockBoundaries($0, settings: settings) }, after: asOf)
  }

  private static func earliest(_ boundaries: some Sequence<[Date]>, after asOf: Date) -> Double? {
    var earliest: Date?
    for instants in boundaries {
      for instant in instants where instant > asOf { earliest = min(earliest ?? instant, instant) }
    }
    return earliest?.timeIntervalSince1970
  }

  /// This binary as the file system sees it: another build or an upgrade may write other bytes
  /// from the same items. When it cannot be read, this process's own id: nothing then matches.
  static let binaryIdentity: String = {
    var info = stat()
    guard stat("/proc/self/exe", &info) == 0 else { return "pid-\(getpid())-\(Date().timeIntervalSince1970)" }
    return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }()

  static func read(in directory: String) -> CalendarGeneration? {
    guard let data = FileManager.default.contents(atPath: directory + "/" + fileName) else { return nil }
    return try? JSONCoding.decode(CalendarGeneration.self, from: Array(data))
  }

  func write(in directory: String) throws {
    _ = try CalendarFileWriter.replace(directory + "/" + Self.fileName, with: JSONCoding.encode(self))
  }
}

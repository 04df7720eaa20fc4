import Foundation
import Logging
import OutpostConnectors
import OutpostModel

/// Everything `config.toml` can set, with its default. The daemon starts with these defaults
/// when there is no file. Every key is declared once in `ConfigurationKeys.all`, which parses
/// it, documents it (`outpostd --print-config`) and feeds the README's table.
public struct DaemonConfiguration: Sendable, Equatable {
  public var logLevel: Logger.Level = .info
  /// de, en, fr or it; empty: from the environment (OUTPOST_LANG, LANGUAGE, LC_ALL, LANG).
  public var language = ""
  public var maxFrameBytes = 1 << 20
  public var maxConnections = 1024
  public var drainTimeoutSeconds = 5
  public var keyringPollSeconds = 5
  public var syncIntervalMinutes = 15
  public var syncPastDays = 30
  public var syncRetentionDays = 90
  public var syncBackoffCapMinutes = 30
  public var calendarFiles = true
  public var calendarTimeZone = "Europe/Zurich"
  public var calendarAlarmMinutes = 60
  public var calendarIncludeContacts = false
  public var calendarVdir = true
  public var calendarFeed = true
  public var calendarFeedPort = 0
  public var eventsRetained = 1000
  public var snapshotFiles = true
  public var snapshotDirectory = ""
  public var snapshotMaxItems = 5
  public var snapshotOnChange = ""
  public var notificationsDesktop = true
  public var notificationsQuietHours = ""
  public var notificationsMuted = ""
  public var remindersEveningBefore = "20:00"
  public var remindersBeforeMinutes = 60
  public var remindersCatchUpMinutes = 120
  /// The keys the file sets (`reminders.evening_before`): a default a connector may refine
  /// (its kind's own evening time) yields to what the user wrote, even when it equals it.
  public var givenKeys: Set<String> = []
  /// The presets the file lists (`[[agile.brands]]`), laid over the shipped ones at start.
  public var presets = ServicePresets()

  public init() {}

  /// Reads `path`; a missing file means defaults. Reports every problem at once, each with its
  /// key and line.
  public static func load(path: String) throws(ConfigurationError) -> DaemonConfiguration {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
      return DaemonConfiguration()
    } catch {
      if !FileManager.default.fileExists(atPath: path) { return DaemonConfiguration() }
      throw ConfigurationError(
        path: path, problems: [.init(line: nil, message: "cannot be read: \(error.localizedDescription)")])
    }
    return try parse(text, path: path)
  }

  public static func parse(_ text: String, path: String) throws(ConfigurationError) -> DaemonConfiguration {
    let table: TOMLTable
    do {
      table = try TOMLParser.parse(text)
    } catch {
      throw ConfigurationError(
        path: path, problems: [.init(line: error.line, message: "not valid TOML: \(error.message)")])
    }
    var configuration = DaemonConfiguration()
    var problems: [ConfigurationError.Problem] = []
    for section in table.keys {
      let entry = table[section]!
      guard case .table(let members) = entry.value else {
        problems.append(
          .init(line: entry.line, message: "\(section): expected a [\(section)] table, got \(entry.value.typeName)"))
        continue
      }
      for name in members.keys {
        let member = members[name]!
        let fullName = "\(section).\(name)"
        if ConnectorRegistry.presetTables.contains(fullName) { continue }  // read below
        guard let key = ConfigurationKeys.all.first(where: { $0.name == fullName }) else {
          let known = ConfigurationKeys.all.map(\.name).joined(separator: ", ")
          problems.append(.init(line: member.line, message: "unknown key \(fullName) (known keys: \(known))"))
          continue
        }
        if let message = key.apply(&configuration, member.value) {
          problems.append(.init(line: member.line, message: "\(fullName): \(message)"))
        } else {
          configuration.givenKeys.insert(fullName)
        }
      }
    }
    let (presets, presetProblems) = ServicePresetReader.read(table, tables: ConnectorRegistry.presetTables)
    configuration.presets = presets
    problems += presetProblems.map { .init(line: $0.line, message: $0.message) }
    guard problems.isEmpty else { throw ConfigurationError(path: path, problems: problems) }
    return configuration
  }
}

public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  public struct Problem: Equatable, Sendable {
    public var line: Int?
    public var message: String
  }
  public var path: String
  public var problems: [Problem]

  public var description: String {
    problems.map { problem in
      "\(path)\(problem.line.map { ":\($0)" } ?? ""): \(problem.message)"
    }.joined(separator: "\n")
  }
}

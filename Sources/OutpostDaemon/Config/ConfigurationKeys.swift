import Foundation
import Logging
import OutpostConnectors
import OutpostDesktop
import OutpostModel

/// One key of `config.toml`: its dotted name, what it means, its default as TOML, and how it is
/// checked and applied. The list below is the single place keys are defined.
struct ConfigurationKey: Sendable {
  let name: String
  let summary: String
  let defaultValue: String
  let apply: @Sendable (inout DaemonConfiguration, TOMLValue) -> String?
}

enum ConfigurationKeys {
  static let all: [ConfigurationKey] = [
    ConfigurationKey(
      name: "daemon.log_level",
      summary: "Least severe log level written: \(OutpostLogHandler.levelNames.joined(separator: ", ")). "
        + "`outpostd --log-level` overrides it.",
      defaultValue: "\"info\""
    ) { configuration, value in
      guard case .string(let name) = value else { return "expected a string, got \(value.typeName)" }
      guard let level = OutpostLogHandler.level(named: name) else {
        return "unknown level \"\(name)\" (use one of \(OutpostLogHandler.levelNames.joined(separator: ", ")))"
      }
      configuration.logLevel = level
      return nil
    },
    stringKey(
      "daemon.language",
      "The language of calendars, notifications and the bars' files: de, en, fr or it; empty for the "
        + "environment's (OUTPOST_LANG, LANGUAGE, LC_ALL, LC_MESSAGES, LANG).", default: "", \.language
    ) { value in
      value.isEmpty || Language(rawValue: value) != nil ? nil : "expected de, en, fr or it (or empty), not \"\(value)\""
    },
    integerKey(
      "rpc.max_frame_bytes",
      "Longest request line accepted on the socket, in bytes; a longer one is refused "
        + "and its connection closed.", default: 1 << 20, range: 1024...(64 << 20), \.maxFrameBytes),
    integerKey(
      "rpc.max_connections", "Most clients connected at once; one more is told so and disconnected.",
      default: 1024, range: 1...65536, \.maxConnections),
    integerKey(
      "rpc.drain_timeout_seconds", "On shutdown, how long requests already running may take to finish.",
      default: 5, range: 0...300, \.drainTimeoutSeconds),
    integerKey(
      "events.retained", "How many recent events are kept for clients that reconnect with `since`.",
      default: 1000, range: 10...1_000_000, \.eventsRetained),
    integerKey(
      "accounts.keyring_poll_seconds",
      "While an account waits for a locked keyring, how often to look whether it was unlocked "
        + "(no polling otherwise).", default: 5, range: 1...3600, \.keyringPollSeconds),
    integerKey(
      "sync.interval_minutes", "How often each account is synced (each wait varies by up to 10 % at random).",
      default: 15, range: 1...1440, \.syncIntervalMinutes),
    integerKey(
      "sync.past_days", "How far back a sync reaches; everything upcoming is always synced.", default: 30,
      range: 1...366, \.syncPastDays),
    integerKey(
      "sync.retention_days",
      "Items that ended (or that the service stopped listing) longer ago are deleted, once a day; kinds that "
        + "say otherwise keep their own (money records seven tax years, open invoices and tasks until done).",
      default: 90,
      range: 30...3650, \.syncRetentionDays),
    integerKey(
      "sync.backoff_cap_minutes", "Longest wait between retries after temporary failures; they double from 30 s.",
      default: 30, range: 1...1440, \.syncBackoffCapMinutes),
    boolKey(
      "calendar.files", "Write the calendar files (one per account and all.ics) in the data directory's calendars/.",
      default: true, \.calendarFiles),
    boolKey(
      "calendar.vdir", "Write the vdir (one .ics per event) in calendars/vdir/, for khal and vdirsyncer.",
      default: true, \.calendarVdir),
    boolKey(
      "calendar.feed",
      "Serve the calendars on 127.0.0.1 for calendar programs to subscribe to (`outpost calendar url`).",
      default: true, \.calendarFeed),
    integerKey(
      "calendar.feed_port", "The feed's port; 0 picks a free one and keeps it across restarts while it stays free.",
      default: 0, range: 0...65535, \.calendarFeedPort),
    ConfigurationKey(
      name: "calendar.time_zone", summary: "The zone calendar events are written in (an IANA name).",
      defaultValue: "\"Europe/Zurich\""
    ) { configuration, value in
      guard case .string(let name) = value else { return "expected a string, got \(value.typeName)" }
      guard name.contains("/") || name == "UTC", TimeZone(identifier: name) != nil else {
        return "unknown time zone \"\(name)\" (use an IANA name such as \"Europe/Zurich\")"
      }
      configuration.calendarTimeZone = name
      return nil
    },
    integerKey(
      "calendar.alarm_minutes", "A reminder this many minutes before each event in the calendars; 0 for none.",
      default: 60, range: 0...10080, \.calendarAlarmMinutes),
    boolKey(
      "calendar.include_contacts", "Put other people's e-mail addresses and phone numbers into event descriptions.",
      default: false, \.calendarIncludeContacts),
    boolKey(
      "snapshot.files", "Write the status-bar files (snapshot.json, waybar.json, i3status-rust.json, line.txt).",
      default: true, \.snapshotFiles),
    stringKey(
      "snapshot.directory", "Where the status-bar files go; empty for $XDG_RUNTIME_DIR/outpost (memory, not disk).",
      default: "", \.snapshotDirectory
    ) { value in
      value.isEmpty || value.hasPrefix("/") ? nil : "must be an absolute path (or empty for the default)"
    },
    integerKey(
      "snapshot.max_items", "How many upcoming items snapshot.json lists.", default: 5, range: 1...50,
      \.snapshotMaxItems),
    stringKey(
      "snapshot.on_change",
      "A shell command run after the files change, to signal a bar (e.g. `pkill -RTMIN+8 waybar`); empty for none.",
      default: "", \.snapshotOnChange
    ) { _ in nil },
    integerKey(
      "reminders.before_minutes", "A reminder this many minutes before each assignment or task starts; 0 for none.",
      default: 60, range: 0...10080, \.remindersBeforeMinutes),
    stringKey(
      "reminders.evening_before",
      "A reminder on the evening before each assignment or task, at this local time (HH:MM); empty for none.",
      default: "20:00", \.remindersEveningBefore
    ) { value in
      value.isEmpty || (try? LocalTime.parse(value)) != nil ? nil : "expected a time like \"20:00\" (or empty for none)"
    },
    integerKey(
      "reminders.catch_up_minutes",
      "After a suspend, reminders late by more than this are recorded missed instead of shown.", default: 120,
      range: 1...1440, \.remindersCatchUpMinutes),
    boolKey(
      "notifications.desktop", "Show notifications on the desktop (they are always kept: `outpost notifications`).",
      default: true, \.notificationsDesktop),
    stringKey(
      "notifications.quiet_hours",
      "Local times (HH:MM-HH:MM, may wrap midnight) when nothing is shown; empty for none.",
      default: "", \.notificationsQuietHours
    ) { value in
      value.isEmpty || QuietHours(value) != nil ? nil : "expected a range like \"22:00-07:00\" (or empty for none)"
    },
    stringKey(
      "notifications.muted",
      "Categories never shown (comma-separated): \(ConnectorRegistry.notificationCategories.joined(separator: ", ")).",
      default: "", \.notificationsMuted
    ) { value in
      let known = Set(ConnectorRegistry.notificationCategories)
      let unknown = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty && !known.contains($0)
      }
      return unknown.isEmpty ? nil : "unknown categories: \(unknown.joined(separator: ", "))"
    },
  ]

  static func stringKey(
    _ name: String, _ summary: String, default defaultValue: String,
    _ keyPath: WritableKeyPath<DaemonConfiguration, String> & Sendable,
    check: @escaping @Sendable (String) -> String?
  ) -> ConfigurationKey {
    ConfigurationKey(name: name, summary: summary, defaultValue: "\"\(defaultValue)\"") { configuration, value in
      guard case .string(let text) = value else { return "expected a string, got \(value.typeName)" }
      if let problem = check(text) { return problem }
      configuration[keyPath: keyPath] = text
      return nil
    }
  }

  static func boolKey(
    _ name: String, _ summary: String, default defaultValue: Bool,
    _ keyPath: WritableKeyPath<DaemonConfiguration, Bool> & Sendable
  ) -> ConfigurationKey {
    ConfigurationKey(name: name, summary: summary, defaultValue: "\(defaultValue)") { configuration, value in
      guard case .bool(let flag) = value else { return "expected true or false, got \(value.typeName)" }
      configuration[keyPath: keyPath] = flag
      return nil
    }
  }

  static func integerKey(
    _ name: String, _ summary: String, default defaultValue: Int, range: ClosedRange<Int>,
    _ keyPath: WritableKeyPath<DaemonConfiguration, Int> & Sendable
  ) -> ConfigurationKey {
    ConfigurationKey(
      name: name, summary: summary + " Range \(range.lowerBound)–\(range.upperBound).", defaultValue: "\(defaultValue)"
    ) {
      configuration, value in
      guard case .integer(let number) = value else { return "expected an integer, got \(value.typeName)" }
      guard let int = Int(exactly: number), range.contains(int) else {
        return "\(number) is out of range (\(range.lowerBound)–\(range.upperBound))"
      }
      configuration[keyPath: keyPath] = int
      return nil
    }
  }

  /// A complete `config.toml` with every key at its default, each explained: what
  /// `outpostd --print-config` prints.
  static func documentedDefaults() -> String {
    var out = "# Outpost configuration (config.toml). Every key is optional; shown with its default.\n"
    var section = ""
    for key in all {
      let parts = key.name.split(separator: ".", maxSplits: 1)
      if parts[0] != section {
        section = String(parts[0])
        out += "\n[\(section)]\n"
      }
      out += "# \(key.summary)\n# \(parts[1]) = \(key.defaultValue)\n"
    }
    return out
  }
}

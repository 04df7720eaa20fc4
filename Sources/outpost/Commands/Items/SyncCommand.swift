import ArgumentParser
import Foundation
import OutpostModel
import OutpostRPC

struct SyncCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Sync an account (or all) with its service now.",
    discussion: """
      outpostd syncs every account by itself (every 15 minutes, config key sync.interval_minutes). \
      This starts a sync now; with --wait it waits and says what changed, and on a terminal how \
      far a long one got. Exits 75 when every failed sync is one the daemon tries again by \
      itself, and says when (the service could not be reached, was busy, limited the rate or \
      answered oddly; or the daemon stopped meanwhile): try again later. Exits 1 when a sync \
      failed in a way waiting does not cure (a new login is needed, the account is parked). An \
      account whose syncs keep failing says so in `outpost account list` and \
      `outpost status` ("failing since …"); --full lists everything anew, for a service that lost \
      track of where the last sync stopped.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("An account name (default: every account).", valueName: "account"))
  var account: String?

  @Flag(help: "Wait for the sync to finish and show what changed.")
  var wait = false

  @Flag(help: "List everything anew instead of only what changed since the last sync.")
  var full = false

  @Flag(help: "Show how syncing goes (last success, next run, last error) instead of syncing.")
  var status = false

  func run() throws {
    if status {
      try reportingFailures { try showStatus() }
      return
    }
    try Self.run(account: account, wait: wait, full: full, json: global.json, socket: global.socket)
  }

  /// A sync asked for (not `--status`), from plain values: `QuickCommandLine` calls it without
  /// ArgumentParser.
  static func run(account: String?, wait: Bool, full: Bool = false, json: Bool, socket: String?) throws {
    try reportingFailures {
      // A long first sync shows how far it got on the terminal while the reply is awaited.
      let progress = wait && !json && isatty(2) == 1 ? SyncProgressLine(account: account, socket: socket) : nil
      progress?.start()
      defer { progress?.stop() }
      let result = try GlobalOptions.connect(socket: socket).call(
        SyncRun.self, .init(account: account, wait: wait ? true : nil, full: full ? true : nil))
      progress?.stop()
      if json {
        Terminal.printJSON(result)
      } else if result.accounts.isEmpty {
        // Nothing to sync: say how to add an account rather than print nothing.
        print(localized(.accountNone))
      } else {
        for entry in result.accounts { print(Self.describe(entry)) }
      }
      let failed = result.accounts.filter { $0.outcome == .failed }
      if !failed.isEmpty {
        // A failure the daemon retries by itself (it names when) is temporary: 75, as a script
        // that tries again later expects; any other needs the user, a parked account's too
        // (retried every few hours, but waiting does not cure what it failed with).
        // A sync cut by the daemon's stop is made again when it starts: temporary too.
        let temporary = failed.allSatisfy {
          ($0.retryAt != nil && $0.parked != true) || $0.errorPhrase?.key == "sync.stopped"
        }
        throw ExitCode((temporary ? CLIExitStatus.tempFail : .daemonError).rawValue)
      }
    }
  }

  func showStatus() throws {
    let result = try global.connect().call(SyncStatusMethod.self, NoParams())
    if global.json {
      Terminal.printJSON(result)
      return
    }
    for entry in result.accounts where account == nil || entry.account.lowercased() == account?.lowercased() {
      var parts = [entry.running ? localized(.syncStatusRunning, entry.account) : entry.account]
      if let progress = entry.progress {
        parts.append(localized(.syncStatusProgress, "\(progress.pages)", "\(progress.rows)"))
      }
      parts.append(localized(.syncStatusLastSuccess, entry.lastSuccessAt.map(Terminal.localTime) ?? "–"))
      // A time already past (due, waiting for a free turn) reads as "now"; while one runs, its
      // next is set when it ends.
      if !entry.running {
        let next = entry.nextRunAt.map { $0 <= Date() ? localized(.syncStatusNextSoon) : Terminal.localTime($0) }
        parts.append(localized(.syncStatusNext, next ?? localized(.syncStatusWaitsForYou)))
      }
      if entry.offline { parts.append(localized(.syncStatusOffline)) }
      // One failure may be a blip; the account reads failing from the second, as everywhere.
      if let failures = entry.failures, failures >= 2, let since = entry.failingSince {
        parts.append(localized(.syncStatusFailing, Terminal.localTime(since), "\(failures)"))
      }
      if entry.parked == true { parts.append(localized(.syncStatusParked, entry.account)) }
      if let error = entry.lastError {
        parts.append(localized(.syncStatusLastError, Terminal.say(entry.lastErrorPhrase, or: error)))
      }
      print(parts.joined(separator: "\n  "))
    }
  }

  static func describe(_ entry: SyncRun.AccountSync) -> String {
    switch entry.outcome {
    case .started: return localized(.syncStarted, entry.account)
    case .notModified, .unsupported: return localized(.syncNothingNew, entry.account)
    case .synced:
      let points = entry.points.map { localized(.syncPoints, "\($0.stored)", "\($0.removed)") }
      guard let changes = entry.changes, changes.new + changes.changed + changes.cancelled + changes.removed > 0 else {
        return points.map { "\(entry.account): \($0)" } ?? localized(.syncNothingNew, entry.account)
      }
      return localized(
        .syncSynced, entry.account, "\(changes.new)", "\(changes.changed)", "\(changes.cancelled)", "\(changes.removed)"
      ) + (points.map { "; " + $0 } ?? "")
    case .failed:
      var text = localized(.syncFailed, entry.account, Terminal.say(entry.errorPhrase, or: entry.error ?? "?"))
      if let retryAt = entry.retryAt { text += "\n" + localized(.syncRetry, Terminal.localTime(retryAt)) }
      if entry.parked == true { text += "\n" + localized(.syncParkedNote, entry.account) }
      return text
    }
  }
}

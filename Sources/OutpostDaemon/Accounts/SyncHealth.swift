import Foundation
import OutpostModel
import OutpostSnapshot
import OutpostStore
import OutpostSync

/// An account's health is what its last syncs did (issue 47 §3): after the second failure in a
/// row an account that was fine reads "failing since …, N attempts: REASON" everywhere its
/// state shows (`account list`, `account status`, `status`, the snapshot and the bars), the
/// user is told once per run of failures (category `sync-failing`), and the next success makes
/// it fine again by itself.
actor SyncHealth {
  let store: Store
  let accounts: AccountService
  let sync: SyncEngine
  let notifier: ChangeNotifier
  let labels: TimeLabels
  let language: Language
  /// Accounts told of in the current run of failures (a success ends the run).
  private var told: Set<String> = []

  init(
    store: Store, accounts: AccountService, sync: SyncEngine, notifier: ChangeNotifier, language: Language,
    timeZone: TimeZone
  ) {
    self.store = store
    self.accounts = accounts
    self.sync = sync
    self.notifier = notifier
    self.language = language
    labels = TimeLabels(timeZone: timeZone, language: language)
  }

  /// Failures in a row before the account reads failing: one may be a blip.
  static let failuresShown = 2

  func syncFinished(accountID: String, report: SyncReport) async {
    guard let account = try? await store.accounts().first(where: { $0.id == accountID }) else { return }
    switch report.outcome {
    case .synced, .notModified:
      told.remove(accountID)
      // A sync that worked says the account works, whatever error was recorded before.
      await accounts.setSyncFailure(nil, accountID: accountID, name: account.name)
    case .failed(let message, _):
      guard let status = await sync.status(accountID: accountID), status.consecutiveFailures >= Self.failuresShown,
        let since = status.failingSince
      else { return }
      // A state that already says what to do (log in, unlock the keyring) stays.
      guard [.ok, .offline, .error].contains(account.state) else { return }
      let reason = Self.reason(
        since: since, attempts: status.consecutiveFailures, message: message, parked: status.parked,
        account: account.name)
      await accounts.setSyncFailure(
        SyncFailure(offline: status.unreachable, reason: reason), accountID: accountID, name: account.name)
      if told.insert(accountID).inserted {
        await notifier.syncFailing(
          accountID: accountID, name: account.name,
          reason: reason.text(language, time: labels.absolute) ?? reason.english)
      }
    case .unsupported, .stopped:
      return
    }
  }

  /// "failing since WHEN, N attempts: REASON", and the advice when the account is parked.
  static func reason(since: Date, attempts: Int, message: Phrase, parked: Bool, account: String) -> Phrase {
    let failing = Phrase("sync.failing", .time(since), .text(String(attempts)), .phrase(message))
    // The reason is the service's own text, without a full stop of its own: the advice is a
    // sentence of its own after it, not run on ("…not a JSON array Needs attention: …").
    guard parked else { return failing }
    return Phrase(.sentences, .phrase(failing), .phrase(Phrase("sync.parked", .text(account))))
  }
}

/// Why an account's syncs keep failing, as its state shows it: offline (the service cannot be
/// reached) or in error, with "failing since …, N attempts: REASON".
struct SyncFailure: Sendable, Equatable {
  var offline: Bool
  var reason: Phrase
}

extension AccountService {
  /// Records that the account's syncs fail (or work again, `nil`) and shows it in its state.
  func setSyncFailure(_ failure: SyncFailure?, accountID: String, name: String) async {
    syncFailures[accountID] = failure
    guard let failure else {
      // A sync worked: the account works, whatever error or offline state was recorded before.
      let state = try? await store.accounts().first(where: { $0.id == accountID })?.state
      // Only a state the failure set is undone: a sync that began before the user logged out
      // (or the keyring locked) and ended after it must not bring back "ok".
      if state == .error || state == .offline {
        await record(.online, accountID: accountID, name: name)
      }
      return
    }
    await record(
      failure.offline ? .offline(reason: failure.reason) : .failed(reason: failure.reason), accountID: accountID,
      name: name)
  }
}

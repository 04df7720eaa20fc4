import Logging
import ServiceLifecycle

/// Carries on by itself when the keyring is unlocked: idle (no wake-ups) until an account waits
/// for the keyring, then asks the Secret Service every few seconds until it is unlocked.
struct KeyringWatchService: Service {
  let accounts: AccountService
  let vault: KeyringVault
  let interval: Duration
  let logger: Logger

  func run() async throws {
    for await _ in accounts.keyringLockSignals.cancelOnGracefulShutdown() {
      logger.info("an account waits for the keyring; watching for it to be unlocked")
      while !Task.isCancelled, !Task.isShuttingDownGracefully, await accounts.hasKeyringLockedAccounts {
        guard let problem = await vault.problem() else {
          await accounts.keyringUnlocked()
          break
        }
        logger.debug("the keyring is still unavailable: \(problem)")
        try? await Task.sleep(for: interval)
      }
    }
  }
}

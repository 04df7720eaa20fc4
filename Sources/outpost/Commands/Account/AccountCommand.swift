import ArgumentParser

struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account",
    abstract: "Add, log in, check and remove the accounts Outpost keeps in sync.",
    discussion: """
      An account is one login at one service. Its password (or token) goes to your desktop \
      keyring (the Secret Service: GNOME Keyring, KeePassXC, KWallet) and nowhere else; Outpost \
      logs in again by itself whenever the service's session expires.

      Examples:
        outpost account add volleymanager --username referee@example.ch
        outpost account list
        outpost account status volleymanager
        outpost account login volleymanager      (after a password change)
        outpost account login agilenetwork --device   (a service you sign in to on its own pages)
        outpost account remove volleymanager

      States: ok; needs-login (the password was rejected or you logged out: run `outpost account \
      login NAME`); keyring-locked (Outpost carries on once the keyring is unlocked); offline \
      (the service cannot be reached; retried later); error (the reason is shown).
      """,
    subcommands: [
      AccountAddCommand.self, AccountListCommand.self, AccountStatusCommand.self, AccountLoginCommand.self,
      AccountLogoutCommand.self, AccountResetPasswordCommand.self, AccountRemoveCommand.self,
    ]
  )
}

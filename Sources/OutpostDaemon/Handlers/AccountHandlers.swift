import OutpostRPC

/// `accounts.*`. Params are never logged: `accounts.add` and `accounts.login` carry a secret.
/// Replies never carry one: an interactive sign-in's refresh token goes to the keyring only.
enum AccountHandlers {
  static func register(into registry: inout RPCHandlerRegistry, accounts: AccountService, calendars: CalendarFiles) {
    registry.register(AccountsList.self) { _, _ in AccountsList.Result(accounts: try await accounts.list()) }
    registry.register(AccountsAdd.self) { params, _ in try await accounts.add(params) }
    registry.register(AccountsLogin.self) { params, _ in try await accounts.login(params) }
    registry.register(AccountsLogout.self) { params, _ in try await accounts.logout(params) }
    registry.register(AccountsResetPassword.self) { params, _ in try await accounts.resetPassword(params) }
    registry.register(AccountsRemove.self) { params, _ in
      let removed = try await accounts.remove(params)
      // "Removed account X, its password and its data": the calendar files, the vdir and the
      // feed hold its data too, so they lose its events before the reply (nothing else would
      // rewrite them until another account's sync changed something). The CalDAV push that
      // follows deletes them from a calendar every account pushes into.
      await calendars.regenerateNow()
      return removed
    }
    registry.register(AccountsStatus.self) { params, _ in try await accounts.status(params) }
    registry.register(AccountsKinds.self) { _, _ in AccountService.kinds(presets: accounts.presets) }
    registry.register(AccountsLoginBegin.self) { params, _ in try await accounts.beginLogin(params) }
    registry.register(AccountsLoginWait.self) { params, _ in try await accounts.waitLogin(params) }
    registry.register(AccountsLoginCancel.self) { params, _ in try await accounts.cancelLogin(params) }
  }
}

import OutpostConnectors
import OutpostDesktop

/// The Secret Service as the connectors' credential vault.
struct KeyringVault: CredentialVault {
  let secrets: SecretStore

  func secret(for account: VaultKey) async throws(VaultError) -> SecretString? {
    do {
      return try await secrets.lookup(connector: account.kind, account: account.accountID).map(SecretString.init)
    } catch {
      throw Self.vaultError(error)
    }
  }

  func store(_ secret: SecretString, for account: VaultKey, label: String) async throws(VaultError) {
    do {
      try await secrets.store(secret.reveal(), connector: account.kind, account: account.accountID, label: label)
    } catch {
      throw Self.vaultError(error)
    }
  }

  @discardableResult
  func delete(for account: VaultKey) async throws(VaultError) -> Bool {
    do {
      return try await secrets.delete(connector: account.kind, account: account.accountID)
    } catch {
      throw Self.vaultError(error)
    }
  }

  /// Whether the keyring can be written now; nil when it can.
  func problem() async -> VaultError? {
    do {
      switch try await secrets.state() {
      case .unlocked: return nil
      case .locked: return .locked
      case .noDefaultCollection: return Self.vaultError(.noDefaultCollection)
      }
    } catch {
      return Self.vaultError(error)
    }
  }

  static func vaultError(_ error: SecretStoreError) -> VaultError {
    if case .locked = error { return .locked }
    return .unavailable(error.description)
  }
}

import OutpostDesktop

/// `outpostd --check-keyring`: whether credentials can be kept, in words a user can act on.
public enum KeyringCheck {
  public struct Report: Sendable {
    public var usable: Bool
    public var message: String
  }

  public static func run() async -> Report {
    do {
      switch try await SecretStore().state() {
      case .unlocked:
        return Report(usable: true, message: "keyring: unlocked; Outpost can keep credentials in it")
      case .locked:
        return Report(usable: false, message: "keyring: \(SecretStoreError.locked)")
      case .noDefaultCollection:
        return Report(usable: false, message: "keyring: \(SecretStoreError.noDefaultCollection)")
      }
    } catch {
      return Report(usable: false, message: "keyring: \(error)")
    }
  }
}

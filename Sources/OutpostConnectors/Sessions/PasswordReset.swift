import OutpostModel

/// A connector whose service mails a link to choose a new password (Firebase's
/// `sendOobCode` with `PASSWORD_RESET`, rpp.md §2): the phone app's "Forgot password?".
public protocol PasswordResettingConnector: Connector {
  /// Asks the service to mail a reset link to `email`. A service with enumeration protection
  /// answers the same whether or not the address has an account.
  func sendPasswordReset(email: String) async throws(ConnectorError)
}

/// An account whose connector resets passwords, seen through its session keeper.
public protocol PasswordResetSession: Sendable {
  func sendPasswordReset(email: String) async throws(SessionError)
}

extension SessionKeeper: PasswordResetSession where C: PasswordResettingConnector {
  public func sendPasswordReset(email: String) async throws(SessionError) {
    do {
      try await connector.sendPasswordReset(email: email)
    } catch {
      throw .connector(error)
    }
  }
}

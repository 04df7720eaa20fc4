import OutpostModel

extension SupabaseAuth {
  /// The login every Supabase connector does: with the password the user gave, a password
  /// sign-in; with the stored refresh token, a refresh, whose rotated token the session keeper
  /// writes to the keyring before anything else uses it.
  public func logIn(secret: SecretString, email: String?) async throws(ConnectorError) -> LoginResult<SupabaseSession> {
    let session: SupabaseSession
    switch SupabaseStoredSecret(secret) {
    case .password(let password):
      guard let email, !email.isEmpty else {
        throw .invalidCredentials("the account has no email address to sign in with")
      }
      session = try await signIn(email: email, password: password)
    case .refreshToken(let token):
      session = try await refresh(token)
    }
    return LoginResult(
      session: session, identity: AccountIdentity(displayName: session.email ?? email, groups: []),
      rotatedSecret: SupabaseStoredSecret.storing(refreshToken: session.refreshToken))
  }
}

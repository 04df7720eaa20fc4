import OutpostModel

extension SupabaseAuth {
  /// The login every Supabase connector does: with the password the user gave, a password
  /// sign-in; with the stored refresh token, a refresh, whose rotated token the session keeper
  /// writes to the keyring before anything else uses it. A password sign-in hands the password
  /// back too: the keeper keeps it beside the session (supabase.md §6.1) and signs in with it
  /// when a refresh says the session ended (§6.5).
  public func logIn(secret: SecretString, email: String?) async throws(ConnectorError) -> LoginResult<SupabaseSession> {
    let session: SupabaseSession
    var password: SecretString?
    switch SupabaseStoredSecret(secret) {
    case .password(let given):
      guard let email, !email.isEmpty else {
        throw .invalidCredentials("the account has no email address to sign in with")
      }
      session = try await signIn(email: email, password: given)
      password = given
    case .refreshToken(let token):
      session = try await refresh(token)
    }
    return LoginResult(
      session: session, identity: AccountIdentity(displayName: session.email ?? email, groups: []),
      rotatedSecret: SupabaseStoredSecret.storing(refreshToken: session.refreshToken), password: password)
  }
}

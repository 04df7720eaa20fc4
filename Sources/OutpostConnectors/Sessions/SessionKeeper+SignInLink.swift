import OutpostModel

/// An account whose connector signs in with mailed links, seen through its session keeper: the
/// daemon asks for a link and, when one comes back, completes it without knowing the connector.
public protocol SignInLinkSession: Sendable {
  func requestSignInLink(email: String, locale: String?) async throws(SessionError) -> SignInLinkRequest

  /// Trades the link's code for a session, keeps the refresh token in the keyring and uses the
  /// session; a sign-in under way in the browser or with a device code ends (cancelled).
  func completeSignInLink(code: String, secrets: SignInLinkSecrets, label: String) async
    -> PendingInteractiveLogin.Outcome
}

extension SessionKeeper: SignInLinkSession where C: SignInLinkConnector {
  public func requestSignInLink(email: String, locale: String?) async throws(SessionError) -> SignInLinkRequest {
    do {
      return try await connector.requestSignInLink(email: email, locale: locale)
    } catch {
      throw .connector(error)
    }
  }

  public func completeSignInLink(code: String, secrets: SignInLinkSecrets, label: String) async
    -> PendingInteractiveLogin.Outcome
  {
    let result: LoginResult<C.Session>
    do throws(InteractiveLoginError) {
      result = try await connector.completeSignInLink(code: code, secrets: secrets)
    } catch {
      return .failure(error)
    }
    guard let secret = result.rotatedSecret else {
      await connector.logOut(result.session)
      return .failure(.connector(.unexpectedReply("the service issued no refresh token to keep")))
    }
    interactiveLogin?.cancel()
    interactiveLogin = nil
    do {
      return .success(try await adopt(result, keeping: secret, label: label))
    } catch {
      return .failure(.vault(error))
    }
  }
}

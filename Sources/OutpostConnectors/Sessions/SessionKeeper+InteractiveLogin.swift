import OutpostModel

/// An account whose connector signs in interactively, seen through its session keeper: the
/// daemon begins a sign-in and waits for it without knowing the connector.
public protocol InteractiveLoginSession: Sendable {
  /// Starts signing in with `method`; the returned login tells the user what to do and ends by
  /// itself once they did it (the keyring then holds the new refresh token and the keeper uses
  /// the session), refused, or let it expire. A sign-in already under way is cancelled.
  func beginInteractiveLogin(_ method: LoginMethod, label: String, clock: any Clock<Duration>)
    async throws(SessionError) -> PendingInteractiveLogin
}

extension SessionKeeper: InteractiveLoginSession where C: InteractiveLoginConnector {
  public func beginInteractiveLogin(_ method: LoginMethod, label: String, clock: any Clock<Duration>)
    async throws(SessionError) -> PendingInteractiveLogin
  {
    interactiveLogin?.cancel()
    interactiveLogin = nil
    let flow: InteractiveLoginFlow<C.Session>
    do {
      flow = try await connector.beginLogin(method, clock: clock)
    } catch {
      throw .connector(error)
    }
    let pending = PendingInteractiveLogin(prompt: flow.prompt)
    interactiveLogin = pending
    pending.attach(
      Task {
        let outcome: PendingInteractiveLogin.Outcome
        do throws(InteractiveLoginError) {
          let result = try await flow.completion()
          outcome = await self.completeInteractiveLogin(result, label: label, pending: pending)
        } catch {
          outcome = .failure(error)
        }
        pending.finish(outcome)
      })
    return pending
  }

  /// The user signed in: the service's long-lived secret goes to the keyring before the
  /// session is used, exactly as after a password login. A sign-in cancelled meanwhile keeps
  /// nothing and ends its session upstream.
  private func completeInteractiveLogin(
    _ result: LoginResult<C.Session>, label: String, pending: PendingInteractiveLogin
  ) async -> PendingInteractiveLogin.Outcome {
    guard interactiveLogin === pending, !Task.isCancelled else {
      await connector.logOut(result.session)
      return .failure(.cancelled)
    }
    interactiveLogin = nil
    guard let secret = result.rotatedSecret else {
      await connector.logOut(result.session)
      return .failure(.connector(.unexpectedReply("the service issued no refresh token to keep")))
    }
    do {
      return .success(try await adopt(result, keeping: secret, label: label))
    } catch {
      return .failure(.vault(error))
    }
  }
}

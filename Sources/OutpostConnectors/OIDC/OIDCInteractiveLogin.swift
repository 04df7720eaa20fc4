import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The two interactive sign-ins of a native public client, shared by every OIDC connector:
/// authorization code with PKCE and a loopback redirect (RFC 8252, agile-network.md §2.3), and
/// the device authorization grant (RFC 8628, §2.4). Both end in an `OIDCSession` whose refresh
/// token the keeper keeps; every wait is on the clock it is handed.
extension OIDCProvider {
  /// How long a browser sign-in waits for the browser to come back (agile-network.md §2.3 [OP]).
  static let browserGiveUp: Duration = .seconds(600)

  func beginLogin(_ method: LoginMethod, clock: any Clock<Duration>) async throws(ConnectorError)
    -> InteractiveLoginFlow<OIDCSession>
  {
    switch method {
    case .browser: try await beginBrowserLogin(clock: clock)
    case .device: try await beginDeviceLogin(clock: clock)
    case .magicLink:
      throw .unsupported("a sign-in link is asked for with an e-mail address (accounts.login.begin's email)")
    }
  }

  /// Binds the loopback listener first, then builds the address with its port in the redirect.
  func beginBrowserLogin(clock: any Clock<Duration>) async throws(ConnectorError) -> InteractiveLoginFlow<OIDCSession> {
    let endpoints = try await endpoints()
    if !endpoints.codeChallengeMethods.isEmpty, !endpoints.codeChallengeMethods.contains(PKCE.method) {
      throw .unsupported("the provider does not offer PKCE with S256")
    }
    let pkce = PKCE()
    let listener = try await LoopbackRedirectListener.start(state: pkce.state)
    let prompt = InteractiveLoginPrompt(
      method: .browser, url: authorizationURL(endpoints, redirectURI: listener.redirectURI, pkce: pkce),
      expiresAt: now().addingTimeInterval(TimeInterval(Self.browserGiveUp.components.seconds)))
    return InteractiveLoginFlow(prompt: prompt) { () async throws(InteractiveLoginError) -> LoginResult<OIDCSession> in
      let callback = await Self.first(await listener.callback(), orNilAfter: Self.browserGiveUp, on: clock)
      await listener.close()
      switch callback {
      case nil:
        throw Task.isCancelled ? .cancelled : .expired
      case .error(let error, let description)?:
        if error == "access_denied" { throw .denied(description ?? "the sign-in was declined at the service") }
        throw .connector(.unexpectedReply("the service ended the sign-in with \(error)"))
      case .code(let code, let issuer)?:
        // RFC 9207: a provider that names itself in the redirect must be the one asked.
        if let issuer, issuer != endpoints.issuer {
          throw .connector(.unexpectedReply("the sign-in came back from another issuer"))
        }
        let sent = now()
        do throws(ConnectorError) {
          let tokens = try await exchange(
            endpoints, code: code, redirectURI: listener.redirectURI, verifier: pkce.verifier)
          try await checkIDToken(tokens, endpoints: endpoints, nonce: pkce.nonce)
          return try await signedIn(tokens, endpoints: endpoints, sentAt: sent)
        } catch .invalidCredentials(let detail) {
          throw .denied(detail)
        } catch {
          throw .connector(error)
        }
      }
    }
  }

  /// Asks for a device code, then polls the token endpoint every `interval` (5 s more for
  /// good after each `slow_down`), until the user approves, declines or the code expires.
  /// Temporary failures of a poll are waited out like `authorization_pending`.
  func beginDeviceLogin(clock: any Clock<Duration>) async throws(ConnectorError) -> InteractiveLoginFlow<OIDCSession> {
    let endpoints = try await endpoints()
    let authorization = try await requestDeviceAuthorization(endpoints)
    let prompt = InteractiveLoginPrompt(
      method: .device, url: authorization.verificationURIComplete ?? authorization.verificationURI,
      userCode: authorization.userCode, verificationURL: authorization.verificationURI,
      expiresAt: now().addingTimeInterval(TimeInterval(authorization.expiresIn)))
    return InteractiveLoginFlow(prompt: prompt) { () async throws(InteractiveLoginError) -> LoginResult<OIDCSession> in
      var interval = Duration.seconds(authorization.interval)
      var waited = Duration.zero
      let lifetime = Duration.seconds(authorization.expiresIn)
      while true {
        do {
          try await clock.sleep(for: interval)
        } catch {
          throw .cancelled
        }
        waited += interval
        let sent = now()
        let poll: DevicePoll
        do throws(ConnectorError) {
          poll = try await pollDevice(endpoints, authorization)
        } catch {
          if Task.isCancelled { throw .cancelled }
          guard error.isTemporary else { throw .connector(error) }
          if waited >= lifetime { throw .expired }
          continue
        }
        switch poll {
        case .pending:
          if waited >= lifetime { throw .expired }
        case .slowDown:
          interval += .seconds(5)
        case .denied(let detail): throw .denied(detail)
        case .expired: throw .expired
        case .granted(let tokens):
          do throws(ConnectorError) {
            try await checkIDToken(tokens, endpoints: endpoints, nonce: nil)
            return try await signedIn(tokens, endpoints: endpoints, sentAt: sent)
          } catch {
            throw .connector(error)
          }
        }
      }
    }
  }

  /// The session of a fresh sign-in, its refresh token as the secret to keep.
  private func signedIn(_ tokens: OIDCTokenSet, endpoints: OIDCEndpoints, sentAt: Date) async throws(ConnectorError)
    -> LoginResult<OIDCSession>
  {
    let session = tokens.session(sentAt: sentAt)
    return LoginResult(session: session, identity: session.identity, rotatedSecret: session.refreshToken)
  }

  /// `value`, unless `timeout` passes on `clock` first (then nil, as for a cancelled wait).
  static func first<T: Sendable>(
    _ value: @autoclosure @escaping @Sendable () async -> T?, orNilAfter timeout: Duration,
    on clock: any Clock<Duration>
  ) async -> T? {
    await withTaskGroup(of: T?.self) { group in
      group.addTask { await value() }
      group.addTask {
        try? await clock.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }
}

import OutpostModel

/// One account's session keeper, whatever its connector: what the daemon needs to log in, out
/// and check, without knowing the connector's session type.
public protocol AccountSession: Sendable {
  func check() async throws(SessionError)
  func adopt(_ secret: SecretString, label: String) async throws(SessionError) -> AccountIdentity
  @discardableResult
  func logOut(reason: Phrase, everywhere: Bool) async throws(SessionError) -> Bool
  func close() async
  func resume() async
  var hasSession: Bool { get async }
  var identity: AccountIdentity? { get async }
  var loginCount: Int { get async }
}

extension SessionKeeper: AccountSession {}

extension ConnectorRegistry {
  /// A session keeper for an account of `kind`, or nil for an unknown kind.
  public static func makeSession(
    kind: String, account: ConnectorAccount, transport: any HTTPTransport, vault: any CredentialVault,
    stoppedReason: Phrase?, report: @escaping @Sendable (SessionEvent) async -> Void
  ) -> (any AccountSession)? {
    Self.kind(kind)?.makeKeeper(account, transport, vault, stoppedReason, report)
  }
}

extension ConnectorRegistry {
  /// For kinds whose secret is the address itself: the form of it that may be stored and shown
  /// (`https://host/…`), or nil when the kind's secret is no address.
  public static func displayAddress(kind: String, secret: SecretString) -> Result<String, ConnectorError>? {
    guard let type = self.kind(kind)?.connectorType as? any SecretAddressConnector.Type else { return nil }
    do throws(ConnectorError) {
      return .success(try type.storableAddress(of: secret))
    } catch {
      return .failure(error)
    }
  }
}

/// A connector whose secret is an address (a personal calendar feed's URL): it says which form
/// of it may be stored and shown, or why the secret is not a usable address.
public protocol SecretAddressConnector: Connector {
  static func storableAddress(of secret: SecretString) throws(ConnectorError) -> String
}

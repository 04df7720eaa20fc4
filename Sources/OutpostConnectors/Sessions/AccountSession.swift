import OutpostModel

/// One account's session keeper, whatever its connector: what the daemon needs to log in, out
/// and check, without knowing the connector's session type.
public protocol AccountSession: Sendable {
  func check() async throws(SessionError)
  func adopt(_ secret: SecretString, label: String) async throws(SessionError) -> AccountIdentity
  @discardableResult
  func logOut(reason: String) async throws(SessionError) -> Bool
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
    stoppedReason: String?, report: @escaping @Sendable (SessionEvent) async -> Void
  ) -> (any AccountSession)? {
    func keeper<C: Connector>(_ type: C.Type) -> any AccountSession {
      SessionKeeper(
        connector: C(account: account, transport: transport), account: account, vault: vault,
        stoppedReason: stoppedReason, report: report)
    }
    switch kind {
    case VolleyManagerConnector.descriptor.kind: return keeper(VolleyManagerConnector.self)
    default: return nil
    }
  }
}

/// How the "rpp" service (Real Property Photography's client API behind a Firebase Auth
/// stand-in, rpp.md) behaves at start. Every switch can change later through `RPPSandbox` or
/// `POST /__admin/mutate {"service":"rpp","op":"config",…}`.
public struct SandboxRPPConfiguration: Sendable, Equatable {
  /// The Firebase Web API key every Identity Toolkit and Secure Token call must carry as `?key=`.
  public var apiKey: String
  /// The Firebase project: `aud` of the ID tokens, and `iss` = https://securetoken.google.com/<id>.
  public var projectID: String
  /// Seconds an ID token lives (`expiresIn`); 3600 upstream, 5 at least.
  public var idTokenLifetimeSeconds: Int
  /// When true every refresh hands out a new refresh token and the presented one dies
  /// (`INVALID_REFRESH_TOKEN` from then on); Firebase itself returns the same token.
  public var rotateRefreshTokens: Bool
  /// E-mail enumeration protection (Firebase's default since 15 Sep 2023): a wrong e-mail or
  /// password gives `INVALID_LOGIN_CREDENTIALS`; off, `EMAIL_NOT_FOUND` / `INVALID_PASSWORD`.
  public var enumerationProtection: Bool
  /// Consecutive failed sign-ins of one account before `TOO_MANY_ATTEMPTS_TRY_LATER`; 0 never.
  public var maxFailedSignIns: Int
  /// How long that lock lasts, on the sandbox clock.
  public var lockoutSeconds: Int
  /// The API's per-user limit (rpp.md §3 says 120 a minute): `429 RATE_LIMITED` with
  /// `Retry-After` beyond it. 0 (the default) is off, so tests and benchmarks are not throttled.
  public var rateLimitPerMinute: Int

  public init(
    apiKey: String = Self.defaultAPIKey, projectID: String = "rpp-sandbox", idTokenLifetimeSeconds: Int = 3600,
    rotateRefreshTokens: Bool = false, enumerationProtection: Bool = true, maxFailedSignIns: Int = 5,
    lockoutSeconds: Int = 900, rateLimitPerMinute: Int = 0
  ) {
    self.apiKey = apiKey
    self.projectID = projectID
    self.idTokenLifetimeSeconds = idTokenLifetimeSeconds
    self.rotateRefreshTokens = rotateRefreshTokens
    self.enumerationProtection = enumerationProtection
    self.maxFailedSignIns = maxFailedSignIns
    self.lockoutSeconds = lockoutSeconds
    self.rateLimitPerMinute = rateLimitPerMinute
  }

  public static let defaultAPIKey = "sandbox-rpp-api-key"
  /// The project number Secure Token answers as `project_id`.
  static let projectNumber = "1234567890"
  public static let lifetimes = 5...(365 * 24 * 3600)
}

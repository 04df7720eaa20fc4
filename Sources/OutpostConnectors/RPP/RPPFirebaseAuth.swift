import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Firebase Auth's REST API as RPP uses it (upstreams/rpp.md §2): password sign-in at the
/// Identity Toolkit, refresh at the Secure Token service. The two answer in different
/// dialects (camelCase vs snake_case, numbers as strings); errors are classified by the code
/// before " : " in `error.message`, never by the prose after it.
struct RPPFirebaseAuth: Sendable {
  let apiKey: String
  let authBase: String
  let tokenBase: String
  let transport: any HTTPTransport
  let now: @Sendable () -> Date

  func signIn(email: String, password: SecretString) async throws(ConnectorError) -> RPPSession {
    let body: JSONValue = [
      "email": .string(email), "password": .string(password.reveal()), "returnSecureToken": true,
    ]
    let sent = now()
    let reply = try await post(
      authBase + "/v1/accounts:signInWithPassword?key=" + FormEncoding.percentEncode(apiKey),
      contentType: "application/json", body: Array(body.serialized))
    guard reply.status == 200 else { throw Self.classify(reply, signingIn: true) }
    guard let json = try? JSONParser.parse(reply.body) else {
      // A body cut short by a dropped connection: the network's fault, tried again later.
      throw .transient("signing in: the reply was cut short or is not JSON")
    }
    if json["mfaPendingCredential"] != nil {
      throw .unsupported("the account uses two-step sign-in, which Outpost does not support yet; sign in on the web")
    }
    guard let token = json["idToken"]?.stringValue, let refresh = json["refreshToken"]?.stringValue,
      let userID = json["localId"]?.stringValue, !token.isEmpty, !refresh.isEmpty
    else { throw .unexpectedReply("signing in: the reply holds no ID token") }
    return try session(
      idToken: token, refreshToken: refresh, expiresIn: json["expiresIn"], userID: userID,
      email: json["email"]?.stringValue, sent: sent)
  }

  /// Mails the address a link to choose a new password (rpp.md §2, Firebase's sendOobCode).
  func sendPasswordReset(email: String) async throws(ConnectorError) {
    let body: JSONValue = ["requestType": "PASSWORD_RESET", "email": .string(email)]
    let reply = try await post(
      authBase + "/v1/accounts:sendOobCode?key=" + FormEncoding.percentEncode(apiKey),
      contentType: "application/json", body: Array(body.serialized))
    guard reply.status == 200 else { throw Self.classify(reply, signingIn: false) }
  }

  /// Trades the refresh token for a new ID token. Keep the refresh token that comes back: it
  /// may differ from the one sent.
  func refresh(_ refreshToken: SecretString, email: String?) async throws(ConnectorError) -> RPPSession {
    let form = "grant_type=refresh_token&refresh_token=" + FormEncoding.percentEncode(refreshToken.reveal())
    let sent = now()
    let reply = try await post(
      tokenBase + "/v1/token?key=" + FormEncoding.percentEncode(apiKey),
      contentType: "application/x-www-form-urlencoded", body: Array(form.utf8))
    guard reply.status == 200 else { throw Self.classify(reply, signingIn: false) }
    guard let json = try? JSONParser.parse(reply.body) else {
      throw .transient("renewing the session: the reply was cut short or is not JSON")
    }
    guard let token = json["id_token"]?.stringValue, let userID = json["user_id"]?.stringValue, !token.isEmpty
    else { throw .unexpectedReply("renewing the session: the reply holds no ID token") }
    let next = json["refresh_token"]?.stringValue ?? refreshToken.reveal()
    return try session(
      idToken: token, refreshToken: next, expiresIn: json["expires_in"], userID: userID, email: email, sent: sent)
  }

  private func session(
    idToken: String, refreshToken: String, expiresIn: JSONValue?, userID: String, email: String?, sent: Date
  ) throws(ConnectorError) -> RPPSession {
    // A string in both dialects; a number is taken too.
    let seconds = expiresIn?.stringValue.flatMap(Int64.init) ?? expiresIn?.int64Value ?? 3600
    let lifetime = TimeInterval(max(seconds, 0))
    return RPPSession(
      idToken: SecretString(idToken), refreshToken: SecretString(refreshToken),
      expiresAt: sent.addingTimeInterval(lifetime), lifetime: lifetime, userID: userID, email: email)
  }

  private func post(_ url: String, contentType: String, body: [UInt8]) async throws(ConnectorError) -> HTTPResponse {
    do {
      return try await transport.send(
        HTTPRequest(
          method: "POST", url: url, headers: [("Content-Type", contentType), ("Accept", "application/json")],
          body: body))
    } catch {
      throw error.connectorError
    }
  }

  /// The error code: `error.message` up to the first " : " (rpp.md §2.3).
  static func errorCode(_ reply: HTTPResponse) -> String? {
    guard let message = (try? JSONParser.parse(reply.body))?["error"]?["message"]?.stringValue else { return nil }
    if let range = message.range(of: " : ") { return String(message[..<range.lowerBound]) }
    return message
  }

  static func classify(_ reply: HTTPResponse, signingIn: Bool) -> ConnectorError {
    let activity = signingIn ? "signing in" : "renewing the session"
    if reply.status == 429 { return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init)) }
    if (500..<600).contains(reply.status) { return .transient("\(activity): HTTP \(reply.status)") }
    let code = errorCode(reply) ?? ""
    switch code {
    case "INVALID_LOGIN_CREDENTIALS", "EMAIL_NOT_FOUND", "INVALID_PASSWORD":
      return .invalidCredentials("the email or password was not accepted")
    case "USER_DISABLED":
      return .invalidCredentials("the account is disabled at RPP; ask your photography partner")
    case "TOO_MANY_ATTEMPTS_TRY_LATER":
      // The account is locked after failed attempts; no Retry-After. Not before 15 minutes.
      return .rateLimited(
        retryAfter: 15 * 60,
        reason: "too many failed sign-ins: RPP has paused sign-in for this account; "
          + "try again in about 15 minutes or reset the password")
    case "TOKEN_EXPIRED", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND":
      // The stored refresh token is dead: the caller signs in again with the password.
      return .sessionExpired
    case "INVALID_EMAIL": return .invalidCredentials("that is not a valid email address")
    case "MISSING_PASSWORD": return .invalidCredentials("no password was given")
    case "OPERATION_NOT_ALLOWED":
      return .unsupported("\(activity): password sign-in is switched off for this RPP project")
    case "INVALID_GRANT_TYPE", "MISSING_REFRESH_TOKEN":
      return .unexpectedReply("\(activity): the service refused Outpost's request (\(code))")
    default:
      if code.hasPrefix("API key not valid") {
        return .unsupported("\(activity): the service refused the API key; check --option firebase_api_key")
      }
      return .unexpectedReply("\(activity): HTTP \(reply.status)\(code.isEmpty ? "" : " (\(code))")")
    }
  }
}

import OutpostModel

/// The one error type that crosses the wire. Every failure a client can see is mapped to one of
/// these codes in exactly one place (the dispatcher for protocol errors, the handlers for
/// application errors); internal details (SQL, paths of secrets, stack traces) never go in
/// `message`.
public struct RPCError: Error, Codable, Sendable, Equatable {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// An error a person reads: `message` is the phrase in English, and `data.phrase` the phrase
  /// itself, which a client says in its own language (beside `data`'s other members).
  public init(code: Int, phrase: Phrase, data: [String: JSONValue] = [:]) {
    var data = data
    data["phrase"] = (try? JSONTreeEncoder.encode(phrase)) ?? .null
    self.init(code: code, message: phrase.sentence(.en) ?? phrase.english, data: .object(data))
  }

  /// The phrase a client says in its own language, when the daemon sent one it can read.
  public var phrase: Phrase? {
    guard let value = data?["phrase"] else { return nil }
    return try? JSONCoding.convert(value, to: Phrase.self)
  }
}

extension RPCError {
  // JSON-RPC 2.0 standard codes.
  public static let parseErrorCode = -32700
  public static let invalidRequestCode = -32600
  public static let methodNotFoundCode = -32601
  public static let invalidParamsCode = -32602
  public static let internalErrorCode = -32603
  // Outpost's application codes, -32000 to -32099; documented in rpc-schema/openrpc.json.
  public static let shuttingDownCode = -32000
  public static let frameTooLargeCode = -32001
  public static let tooManyConnectionsCode = -32002
  public static let permissionDeniedCode = -32003
  public static let notOperationalCode = -32004
  public static let accountNotFoundCode = -32010
  public static let accountExistsCode = -32011
  public static let credentialsRejectedCode = -32012
  public static let upstreamUnavailableCode = -32013
  public static let upstreamUnexpectedCode = -32014
  public static let notSupportedCode = -32015
  public static let keyringUnavailableCode = -32016
  public static let actionsPendingCode = -32017
  public static let needsLoginCode = -32018
  public static let itemNotFoundCode = -32019
  public static let actionNotAllowedCode = -32020
  public static let actionNotFoundCode = -32021
  public static let feedUnavailableCode = -32022
  public static let notACalendarCode = -32023
  public static let calendarTargetNotFoundCode = -32024
  public static let reminderNotFoundCode = -32025
  public static let loginNotFoundCode = -32026
  public static let loginFailedCode = -32027
  public static let signInLinkUnknownCode = -32028
  public static let signInLinkExpiredCode = -32029

  public static func parseError(_ detail: String) -> RPCError {
    RPCError(code: parseErrorCode, message: "Parse error: \(detail)")
  }
  public static func invalidRequest(_ detail: String) -> RPCError {
    RPCError(code: invalidRequestCode, message: "Invalid request: \(detail)")
  }
  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: methodNotFoundCode, message: "Method not found: \(method)",
      data: ["method": .string(method)])
  }
  public static func invalidParams(_ detail: String) -> RPCError {
    RPCError(code: invalidParamsCode, message: "Invalid params: \(detail)")
  }
  /// The same with what is wrong as a phrase, said in the client's language.
  public static func invalidParams(_ reason: Phrase) -> RPCError {
    RPCError(code: invalidParamsCode, phrase: reason)
  }
  public static let internalError = RPCError(
    code: internalErrorCode, message: "Internal error; the daemon's log has the details")
  public static let shuttingDown = RPCError(
    code: shuttingDownCode, message: "The daemon is shutting down; try again once it has restarted")
  public static func frameTooLarge(limit: Int) -> RPCError {
    RPCError(
      code: frameTooLargeCode,
      message: "Frame too large: requests are limited to \(limit) bytes per line; the connection is closed",
      data: ["limit": .int(Int64(limit))])
  }
  public static func tooManyConnections(limit: Int) -> RPCError {
    RPCError(
      code: tooManyConnectionsCode,
      message: "Too many connections (limit \(limit)); close idle clients and try again",
      data: ["limit": .int(Int64(limit))])
  }
  /// The daemon runs (so that clients can learn why) but cannot do its work; `daemon.status`
  /// names the failing component and what to do.
  public static func notOperational(_ reason: String) -> RPCError {
    RPCError(
      code: notOperationalCode, message: "outpostd is not operational: \(reason)",
      data: ["reason": .string(reason)])
  }
  public static func permissionDenied(servedUID: UInt32) -> RPCError {
    RPCError(
      code: permissionDeniedCode,
      message: "Permission denied: this daemon serves only uid \(servedUID); run your own outpostd",
      data: ["uid": .int(Int64(servedUID))])
  }
}

/// Every application error code, with what it means; the schema test checks that
/// `rpc-schema/openrpc.json` documents exactly these.
public enum RPCErrorCatalog {
  public static let applicationCodes: [Int: String] = [
    RPCError.shuttingDownCode: "ShuttingDown",
    RPCError.frameTooLargeCode: "FrameTooLarge",
    RPCError.tooManyConnectionsCode: "TooManyConnections",
    RPCError.permissionDeniedCode: "PermissionDenied",
    RPCError.notOperationalCode: "NotOperational",
    RPCError.accountNotFoundCode: "AccountNotFound",
    RPCError.accountExistsCode: "AccountExists",
    RPCError.credentialsRejectedCode: "CredentialsRejected",
    RPCError.upstreamUnavailableCode: "UpstreamUnavailable",
    RPCError.upstreamUnexpectedCode: "UpstreamUnexpected",
    RPCError.notSupportedCode: "NotSupported",
    RPCError.keyringUnavailableCode: "KeyringUnavailable",
    RPCError.actionsPendingCode: "ActionsPending",
    RPCError.needsLoginCode: "NeedsLogin",
    RPCError.itemNotFoundCode: "ItemNotFound",
    RPCError.actionNotAllowedCode: "ActionNotAllowed",
    RPCError.actionNotFoundCode: "ActionNotFound",
    RPCError.feedUnavailableCode: "FeedUnavailable",
    RPCError.notACalendarCode: "NotACalendar",
    RPCError.calendarTargetNotFoundCode: "CalendarTargetNotFound",
    RPCError.reminderNotFoundCode: "ReminderNotFound",
    RPCError.loginNotFoundCode: "LoginNotFound",
    RPCError.loginFailedCode: "LoginFailed",
    RPCError.signInLinkUnknownCode: "SignInLinkUnknown",
    RPCError.signInLinkExpiredCode: "SignInLinkExpired",
  ]
}

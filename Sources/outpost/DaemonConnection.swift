import OutpostModel
import OutpostRPC
import OutpostRPCClient

/// The CLI's connection to outpostd, with every failure turned into a message a person can act on.
struct DaemonConnection {
  let client: RPCClient
  let socketPath: String

  init(socketPath: String) throws(CLIFailure) {
    self.socketPath = socketPath
    do {
      client = try RPCClient(socketPath: socketPath)
    } catch {
      throw Self.failure(error, socketPath: socketPath)
    }
  }

  func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(CLIFailure) -> M.Result {
    do {
      return try client.call(method, Self.inUserLanguage(params))
    } catch {
      throw Self.failure(error, socketPath: socketPath)
    }
  }

  /// `method`'s result, or nil when the daemon does not know the method: one older than this
  /// CLI, still running after an upgrade until it is restarted. The caller asks the older way.
  func callIfKnown<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(CLIFailure) -> M.Result? {
    do {
      return try client.call(method, Self.inUserLanguage(params))
    } catch .remote(let error) where error.code == RPCError.methodNotFoundCode {
      return nil
    } catch {
      throw Self.failure(error, socketPath: socketPath)
    }
  }

  func callRaw(method: String, params: JSONValue?) throws(CLIFailure) -> JSONValue {
    do {
      return try client.callRaw(method: method, params: params)
    } catch {
      throw Self.failure(error, socketPath: socketPath)
    }
  }

  /// Params that take a language ask for the user's, unless the command chose one.
  static func inUserLanguage<P>(_ params: P) -> P {
    guard var spoken = params as? any SpokenParams, spoken.language == nil else { return params }
    spoken.language = localized.language.rawValue
    return spoken as? P ?? params
  }

  static func failure(_ error: RPCClientError, socketPath: String) -> CLIFailure {
    switch error {
    case .daemonNotRunning(let path): return CLIFailure(.unavailable, localized(.daemonNotRunning, path))
    case .permissionDenied(let path): return CLIFailure(.permissionDenied, localized(.permissionDenied, path))
    case .socketPathTooLong(let path): return CLIFailure(.usage, localized(.socketPathTooLong, path))
    case .connectionLost: return CLIFailure(.unavailable, localized(.connectionLost))
    case .timedOut: return CLIFailure(.unavailable, localized(.timedOut))
    case .io(let detail): return CLIFailure(.unavailable, detail)
    case .protocolError(let detail): return CLIFailure(.protocolError, localized(.protocolMismatch, detail))
    case .remote(let error):
      // Said in the user's language when the daemon sent a phrase; its code only under --json
      // (the reply as it came) or `outpost rpc`.
      // The protocol's "Invalid params: " is for programs; a person reads what is wrong.
      var plain = Substring(error.message)
      if error.code == RPCError.invalidParamsCode, plain.hasPrefix("Invalid params: ") {
        plain = plain.dropFirst("Invalid params: ".count)
      }
      // What is wrong with a parameter starts with its name ("due must be …"): not capitalised.
      let message =
        error.code == RPCError.invalidParamsCode
        ? Terminal.say(error.phrase, or: String(plain)) : Terminal.sayAsSentence(error.phrase, or: String(plain))
      var failure: CLIFailure =
        switch error.code {
        case RPCError.permissionDeniedCode: CLIFailure(.permissionDenied, message)
        case RPCError.invalidParamsCode: CLIFailure(.usage, message)
        case RPCError.upstreamUnavailableCode where error.data?["reason"] == "online-only":
          // An online-only action refused offline: said in the user's language, exit 75 as offline.
          CLIFailure(
            .tempFail,
            localized(
              .actionOnlineOnlyRefused, error.data?["action"]?.stringValue ?? "?",
              error.data?["account"]?.stringValue ?? "?"))
        case RPCError.upstreamUnavailableCode, RPCError.keyringUnavailableCode: CLIFailure(.tempFail, message)
        default: CLIFailure(.daemonError, message)
        }
      failure.rpcError = error
      return failure
    }
  }
}

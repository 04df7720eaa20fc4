import OutpostModel
import OutpostRPC
import OutpostRPCTransport

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
      return try client.call(method, params)
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

  static func failure(_ error: RPCClientError, socketPath: String) -> CLIFailure {
    switch error {
    case .daemonNotRunning(let path):
      return CLIFailure(
        .unavailable,
        """
        outpostd is not running (nothing listens on \(path)).
        Start it with:  systemctl --user start outpostd.socket
                   or:  outpostd
        """)
    case .permissionDenied(let path):
      return CLIFailure(
        .permissionDenied,
        "permission denied on \(path): the socket belongs to another user. Run your own outpostd, or pass --socket.")
    case .socketPathTooLong(let path):
      return CLIFailure(.usage, "the socket path is too long for a Unix socket (max 107 bytes): \(path)")
    case .connectionLost:
      return CLIFailure(
        .unavailable, "the connection to outpostd was lost; it may have stopped (`outpost status` tells).")
    case .timedOut:
      return CLIFailure(
        .unavailable,
        "outpostd did not answer in time; it may be overloaded or stuck (see its log: journalctl --user -u outpostd).")
    case .io(let detail):
      return CLIFailure(.unavailable, detail)
    case .protocolError(let detail):
      return CLIFailure(.protocolError, "\(detail). Are outpost and outpostd the same version?")
    case .remote(let error):
      if error.code == RPCError.permissionDeniedCode { return CLIFailure(.permissionDenied, error.message) }
      return CLIFailure(.daemonError, "\(error.message) (error \(error.code))")
    }
  }
}

import ArgumentParser
import OutpostModel
import OutpostRPC
import OutpostRPCClient

struct RawRPCCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rpc",
    abstract: "Call any JSON-RPC method of the daemon and print its result.",
    discussion: """
      For exploring and scripting. Methods, their params and results are described in \
      rpc-schema/openrpc.json. Example: outpost rpc events.subscribe '{"since": 10}'
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The method, e.g. daemon.status.", valueName: "method"))
  var method: String

  @Argument(help: ArgumentHelp("Params as a JSON object (or array).", valueName: "json"))
  var params: String?

  func run() throws {
    var parsed: JSONValue?
    if let params {
      guard let value = try? JSONCoding.decode(JSONValue.self, from: params.utf8) else {
        throw ValidationError("params are not valid JSON: \(params)")
      }
      switch value {
      case .object, .array: parsed = value
      default: throw ValidationError("params must be a JSON object or array, not \(value.typeName)")
      }
    }
    try call(parsed)
  }

  private func call(_ params: JSONValue?) throws {
    let connection: DaemonConnection
    do {
      connection = try global.connect()
    } catch let failure as CLIFailure {
      Terminal.error(failure.message)
      throw ExitCode(failure.status.rawValue)
    }
    do {
      let result = try connection.client.callRaw(method: method, params: params)
      global.json ? Terminal.printJSON(result) : Terminal.printPrettyJSON(result)
    } catch .remote(let error) {
      // Scripts get the error object itself on stdout; people get a sentence on stderr.
      if global.json {
        Terminal.printJSON(["error": error])
      } else {
        Terminal.error("\(error.message) (error \(error.code))")
      }
      throw ExitCode(CLIExitStatus.daemonError.rawValue)
    } catch {
      let failure = DaemonConnection.failure(error, socketPath: connection.socketPath)
      Terminal.error(failure.message)
      throw ExitCode(failure.status.rawValue)
    }
  }
}

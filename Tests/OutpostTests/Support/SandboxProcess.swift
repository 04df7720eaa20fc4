import Foundation
import OutpostConnectors
import OutpostModel
import OutpostSandbox

/// The `outpost-sandbox` binary, as its own process (as a user or the demo runs it), driven
/// through its admin endpoints over HTTP.
final class SandboxProcess: @unchecked Sendable {
  let process: ChildProcess
  let baseURL: String

  /// `port` 0 picks a free one; give the previous one's port to restart "the same service".
  init(port: Int = 0, arguments: [String] = []) throws {
    let out = ClosingPipe()
    process = try ChildProcess(
      DaemonProcess.binary("outpost-sandbox"), ["--port", "\(port)"] + arguments,
      environment: ProcessInfo.processInfo.environment, redirections: [1: out.write])
    close(out.write)
    defer { close(out.read) }
    // The first line says where it listens, once it does (an event, not a poll); read it byte by
    // byte so nothing else is consumed. Blocking: its tests run `.offThePool`.
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(out.read, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
    let text = String(decoding: line, as: UTF8.self)
    guard let range = text.range(of: "http://") else {
      // Its standard error is the test's: why it stopped is printed just above.
      let status = process.wait(upTo: .seconds(10)).map { "exited with \($0)" } ?? "still runs"
      throw TestFailure("outpost-sandbox did not say where it listens (\(status)): \"\(text)\"")
    }
    baseURL = String(text[range.lowerBound...])
  }

  deinit { stop() }

  var port: Int { Int(baseURL.split(separator: ":").last ?? "") ?? 0 }

  /// The `account add KIND` flags that point an account at this sandbox (its address and public
  /// keys, as `outpost-sandbox --print-presets` prints them): Outpost has no sandbox defaults.
  func accountFlags(_ kind: String) -> [String] {
    SandboxPresets(baseURL: baseURL).flags(for: kind) ?? []
  }

  /// Stops the service (as a network outage would, from the daemon's side).
  func stop() {
    guard process.poll() == nil else { return }
    kill(process.pid, SIGTERM)
    _ = process.wait()
  }

  struct Exchange: Decodable {
    var id: String
    var gameNumber: Int
    var status: String
    var appliedByUser: Bool
  }

  func exchanges(for username: String) async throws -> [Exchange] {
    struct DataReply: Decodable { var exchanges: [Exchange] }
    let encoded = username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? username
    return try JSONDecoder().decode(DataReply.self, from: try await admin("GET", "data?username=\(encoded)")).exchanges
  }

  struct Stats: Decodable {
    var logins: Int
    var failedLogins: Int
    var activeSessions: Int
    var apiRequests: Int
    var staleSessionReplies: Int
  }

  func stats() async throws -> Stats {
    try JSONDecoder().decode(Stats.self, from: try await admin("GET", "stats"))
  }

  /// The counters once more than `count` logins have succeeded: the sandbox answers when that
  /// happens (or after 30 s, with the counters unchanged, for the test to fail on).
  func stats(loginsAbove count: Int) async throws -> Stats {
    try JSONDecoder().decode(Stats.self, from: try await admin("GET", "stats?loginsAbove=\(count)"))
  }

  func setPassword(_ password: String, for username: String) async throws {
    _ = try await admin("POST", "users", ["username": .string(username), "password": .string(password)])
  }

  func expireSessions() async throws {
    _ = try await admin("POST", "expire-sessions")
  }

  @discardableResult
  func admin(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> Data {
    Data(try await adminRequest(method, "__sandbox/volleymanager/\(path)", body))
  }

  /// One JSON request to an admin endpoint; anything but 200 is a test failure with the reply.
  func adminRequest(_ method: String, _ path: String, _ body: JSONValue?) async throws -> [UInt8] {
    let bytes = try body.map { try JSONCoding.encode($0) } ?? []
    let reply = try await TestHTTP.transport.send(
      HTTPRequest(
        method: method, url: "\(baseURL)/\(path)",
        headers: bytes.isEmpty ? [] : [(name: "Content-Type", value: "application/json")], body: bytes))
    guard reply.status == 200 else { throw TestFailure("sandbox admin \(method) \(path): \(reply.text)") }
    return reply.body
  }
}

extension SandboxProcess {
  /// The sandbox's shared admin API (`/__admin/…`), for every service it hosts.
  @discardableResult
  func sharedAdmin(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
    try JSONParser.parse(try await adminRequest(method, "__admin/\(path)", body))
  }

  /// The demo tasks user's rows as the service holds them now.
  func tasks(of email: String = DemoTasksUser.email) async throws -> [JSONValue] {
    let state = try await sharedAdmin("GET", "state?service=tasks")
    guard case .array(let users)? = state["users"],
      case .array(let rows)? = users.first(where: { $0["email"]?.stringValue == email })?["tasks"]
    else { throw TestFailure("no tasks for \(email) in the sandbox's state") }
    return rows
  }
}

/// The sandbox's demo user of the tasks service.
enum DemoTasksUser {
  static let email = "tasks@example.ch"
  static let password = "demo-tasks-2026"

  /// `outpost account add tasks` for her, named `name`, with the password on standard input.
  static func add(to daemon: DaemonProcess, sandbox: SandboxProcess, name: String = "todo") throws -> CommandResult {
    try runCommand(
      DaemonProcess.binary("outpost"),
      [
        "account", "add", "tasks", "--name", name, "--username", email, "--password-stdin",
      ] + sandbox.accountFlags("tasks"), environment: daemon.environment, input: password + "\n")
  }
}

import Foundation
import OutpostRPC

/// The sandbox's demo referee, as the end-to-end tests use her.
enum DemoReferee {
  static let username = "referee@example.ch"
  static let password = "demo-referee-2026"

  /// Adds her VolleyManager account on `sandbox` through the CLI, as a user would.
  static func add(to daemon: DaemonProcess, sandbox: SandboxProcess) throws -> CommandResult {
    try runCommand(
      DaemonProcess.binary("outpost"),
      ["account", "add", "volleymanager", "--username", username, "--base-url", sandbox.baseURL, "--password-stdin"],
      environment: daemon.environment, input: password)
  }

  /// Open exchange entries someone else offered, that the service lets her take, still ahead.
  static func takeableEntries(_ daemon: DaemonProcess) throws -> [ListedItem] {
    try daemon.client().call(ItemsList.self, .init(kinds: ["exchange"])).items.filter {
      $0.item.status == .active && $0.item.details["mine"] == .bool(false) && $0.item.details["mayApply"] == .bool(true)
        && ($0.item.startsAt ?? .distantPast) > Date()
    }
  }
}

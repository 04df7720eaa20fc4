import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// "Forgot password?" for RPP (rpp.md §2) with the real binaries: the reset mail is asked of
/// Firebase (`sendOobCode` PASSWORD_RESET), the user chooses a new password at its link (the
/// sandbox's admin stands in for that page), and the command signs in with it.
extension EndToEnd.RPP {
  @Test func aForgottenPasswordIsResetByMailAndTheAccountSignsInWithTheNewOne() async throws {
    _ = try KeyringSession.shared.get()
    let sandbox = try SandboxProcess(arguments: ["--service", "rpp"])
    let daemon = try DaemonProcess()
    try daemon.start()
    #expect(try add(daemon, sandbox, name: "work", email: Self.agent).status == 0)
    func mails() async throws -> Int64? { try await state(sandbox)["counters"]?["passwordResetMails"]?.int64Value }
    let before = try #require(try await mails())

    // Only the mail: said where it went and what to do next.
    let asked = try cli(daemon, ["account", "reset-password", "work", "--no-wait"])
    #expect(asked.status == 0, "\(asked.stdout)\(asked.stderr)")
    #expect(asked.stdout.contains(Self.agent) && asked.stdout.contains("outpost account login work"), "\(asked.stdout)")
    #expect(try await mails() == before + 1)

    // The user follows the link and chooses a new password; the old one no longer signs in.
    let chosen = "a-new-password-2026"
    try await rppAdmin(sandbox, ["op": "user", "email": .string(Self.agent), "password": .string(chosen)])
    let reset = try cli(daemon, ["account", "reset-password", "work", "--password-stdin"], input: chosen + "\n")
    #expect(reset.status == 0, "\(reset.stdout)\(reset.stderr)")
    #expect(reset.stderr.contains(Self.agent), "\(reset.stderr)")
    #expect(try await mails() == before + 2)
    let account = try #require(try daemon.client().call(AccountsList.self, NoParams()).accounts.first)
    #expect(account.state == .ok)
    #expect(try cli(daemon, ["sync", "work", "--wait"]).status == 0)
    // The password never reaches the output.
    #expect(!(reset.stdout + reset.stderr + asked.stdout).contains(chosen))
    #expect(try cli(daemon, ["account", "reset-password", "work", "--no-wait", "--password-stdin"]).status == 64)
    #expect(try daemon.stop() == 0)
  }
}

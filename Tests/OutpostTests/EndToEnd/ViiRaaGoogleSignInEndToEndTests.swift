import Foundation
import OutpostModel
import OutpostRPC
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// ViiRaa's Google sign-in (supabase.md §3.5) with the real binaries, as the Agile Network's
/// browser sign-in is tested: the CLI prints Supabase's authorize address with a PKCE
/// challenge, the test plays the browser (Google and Supabase send it back to the daemon's
/// loopback listener), the daemon trades the code with its verifier, and the account syncs.
extension EndToEnd.ViiRaa {
  @Test func aGoogleOnlyAccountSignsInThroughTheBrowserAndSyncs() async throws {
    _ = try KeyringSession.shared.get()
    let sandbox = try SandboxProcess(arguments: ["--service", "viiraa", "--viiraa-history-days", "1"])
    let daemon = try DaemonProcess()
    try daemon.start()
    var headless = daemon.environment
    headless["DISPLAY"] = nil
    headless["WAYLAND_DISPLAY"] = nil

    // No password: the account waits for a sign-in at the service's pages.
    let added = try runCommand(
      outpost,
      ["account", "add", "viiraa", "--name", "g", "--username", ViiRaaDemo.googleEmail, "--browser"]
        + sandbox.accountFlags("viiraa"), environment: headless)
    #expect(added.status == 0, "\(added.stdout)\(added.stderr)")
    let login = try RunningCommand(outpost, ["account", "login", "g", "--browser"], environment: headless)
    var url = ""
    while let line = login.nextLine() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("http") {
        url = trimmed
        break
      }
    }
    let query = Dictionary(
      (URLComponents(string: url)?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    #expect(url.contains("/viiraa/auth/v1/authorize"), "\(url)")
    #expect(query["provider"] == "google" && query["code_challenge_method"]?.lowercased() == "s256")
    #expect(query["redirect_to"]?.hasPrefix("http://127.0.0.1:") == true, "\(query)")

    // The test is the browser.
    let page = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: url))
    #expect(page.status == 302, "\(page.text)")
    let back = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: try #require(page.header("location"))))
    #expect(back.status == 200 && back.text.contains("You are signed in"), "\(back.text)")
    let finished = login.finish()
    #expect(finished.status == 0, "\(finished.stdout)\(finished.stderr)")
    #expect(finished.stdout.contains("Account g is signed in"), "\(finished.stdout)")
    let account = try #require(
      try daemon.client().call(AccountsList.self, NoParams()).accounts.first { $0.name == "g" })
    #expect(account.state == .ok)
    let synced = try cli(daemon, ["sync", "g", "--wait"])
    #expect(synced.status == 0, "\(synced.stdout)\(synced.stderr)")
    // The listener took its one callback and closed: a second visit finds nobody listening.
    let location = try #require(page.header("location"))
    await #expect(throws: HTTPTransportError.self) {
      _ = try await TestHTTP.quick.send(HTTPRequest(method: "GET", url: location))
    }
    #expect(try daemon.stop() == 0)
  }
}

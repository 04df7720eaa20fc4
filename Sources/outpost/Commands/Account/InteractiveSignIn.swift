import OutpostModel
import OutpostRPC

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An interactive sign-in from the terminal, over the generic `accounts.login.*` methods: says
/// where to go, opens the browser when it can, and waits (long polls) until the daemon reports
/// the account signed in, or why not.
struct InteractiveSignIn {
  let connection: DaemonConnection
  let json: Bool
  let account: Account
  let kind: AccountKind

  /// Whether a graphical session is there to open a browser in.
  static var hasDisplay: Bool {
    let environment = ProcessEnvironment.current()
    return ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
  }

  /// `email` is where a sign-in link goes (`--magic-link EMAIL`), which picks that method.
  func run(_ requested: LoginMethod?, email: String? = nil) throws(CLIFailure) {
    let method = email != nil ? .magicLink : requested ?? defaultMethod
    guard kind.loginMethods.contains(method) else {
      throw CLIFailure(
        .usage,
        localized(
          .accountLoginMethodUnsupported, kind.kind, method.rawValue,
          kind.loginMethods.map(\.rawValue).joined(separator: ", ")))
    }
    let begun = try connection.call(
      AccountsLoginBegin.self,
      .init(
        name: account.name, method: method, email: email,
        locale: email == nil ? nil : Language.preferred(environment: ProcessEnvironment.current()).rawValue))
    if json {
      Terminal.printJSON(begun)
    } else {
      describe(begun)
    }
    if begun.method == .browser && Self.hasDisplay {
      do { try OpenCommand.openInBrowser(begun.url) } catch let failure as CLIFailure {
        Terminal.note(failure.message)
      } catch {}
    }
    let interactive = !json && isatty(2) == 1
    while true {
      let reply = try connection.call(
        AccountsLoginWait.self, .init(loginID: begun.loginID, timeoutSeconds: interactive ? 5 : 30))
      if reply.status == .signedIn {
        if interactive { Terminal.note("") }
        if json {
          Terminal.printJSON(reply)
        } else {
          let who = AccountText.identity(reply.identity, fallback: reply.account.username ?? reply.account.name)
          Terminal.printLine(localized(.accountSignedIn, reply.account.name, who))
        }
        return
      }
      if interactive {
        let left = Terminal.duration(max(0, reply.expiresAt.timeIntervalSinceNow))
        Terminal.progress(
          begun.method == .magicLink
            ? localized(.accountSignInLinkWaiting, left) : localized(.accountSignInWaiting, left))
      }
    }
  }

  /// The browser when there is a display to open it in, else a device code.
  private var defaultMethod: LoginMethod {
    if Self.hasDisplay, kind.loginMethods.contains(.browser) { return .browser }
    if kind.loginMethods.contains(.device) { return .device }
    return kind.loginMethods.first ?? .browser
  }

  private func describe(_ begun: AccountsLoginBegin.Result) {
    switch begun.method {
    case .browser:
      Terminal.printLine(localized(.accountSignInBrowser, kind.displayName, begun.url))
    case .device:
      let page = begun.verificationURL ?? begun.url
      Terminal.printLine(localized(.accountSignInDevice, kind.displayName, page, begun.userCode ?? "?"))
      if begun.url != page { Terminal.printLine(localized(.accountSignInDeviceDirect, begun.url)) }
    case .magicLink:
      // The brand's own name from its preset, not the kind's.
      let preset = kind.presetOption.flatMap { begun.account.options?[$0] }
      let service = kind.presets?.first { $0.id == preset }?.name ?? kind.displayName
      Terminal.printLine(
        localized(.accountSignInLinkSent, service, begun.sentTo ?? "?", Terminal.localTime(begun.expiresAt)))
      return
    }
    if isatty(2) == 0 {
      Terminal.note(localized(.accountSignInWaiting, Terminal.duration(max(0, begun.expiresAt.timeIntervalSinceNow))))
    }
  }
}

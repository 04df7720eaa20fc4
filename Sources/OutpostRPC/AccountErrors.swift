import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The errors of the `accounts.*` methods. Messages say what to do; `data` carries what a
/// script needs to decide (the account name, a retry delay, the keyring's state).
extension RPCError {
  public static func accountNotFound(_ name: String) -> RPCError {
    RPCError(
      code: accountNotFoundCode, phrase: Phrase("rpc.accountNotFound", .text(name)), data: ["name": .string(name)])
  }

  public static func accountExists(_ name: String) -> RPCError {
    RPCError(code: accountExistsCode, phrase: Phrase("rpc.accountExists", .text(name)), data: ["name": .string(name)])
  }

  public static func credentialsRejected(_ detail: String) -> RPCError {
    RPCError(code: credentialsRejectedCode, phrase: Phrase("rpc.credentialsRejected", .text(detail)))
  }

  /// The service could not be reached, failed temporarily or asks to slow down. `detail` is the
  /// connector's description of it ("the service cannot be reached: …"), which already says
  /// what happened: it opens the message, followed by what to do.
  public static func upstreamUnavailable(_ detail: Phrase, retryAfter: Double? = nil, slowDown: Bool = false)
    -> RPCError
  {
    var data: [String: JSONValue] = [:]
    if let retryAfter { data["retryAfter"] = .double(retryAfter) }
    let advice: PhraseKey = slowDown ? "rpc.upstreamSlowDown" : "rpc.upstreamUnavailable"
    return RPCError(code: upstreamUnavailableCode, phrase: Phrase(advice, .phrase(detail)), data: data)
  }

  /// An online-only action (a booking) that could not be sent at once: refused, not queued.
  /// `data.reason` is "online-only" so that a client can say it in the user's language.
  public static func onlineOnlyOffline(action: String, account: String, detail: String) -> RPCError {
    RPCError(
      code: upstreamUnavailableCode,
      message: "\(action) is online only and \(account) is offline (\(detail)): it was not sent and is not "
        + "queued. Try again when the service can be reached",
      data: ["reason": "online-only", "action": .string(action), "account": .string(account)])
  }

  public static func upstreamUnexpected(_ detail: Phrase) -> RPCError {
    RPCError(code: upstreamUnexpectedCode, phrase: Phrase("rpc.upstreamUnexpected", .phrase(detail)))
  }

  public static func upstreamUnexpected(_ detail: String) -> RPCError { upstreamUnexpected(.verbatim(detail)) }

  public static func notSupported(_ detail: Phrase) -> RPCError {
    RPCError(code: notSupportedCode, phrase: Phrase("rpc.notSupported", .phrase(detail)))
  }

  public static func notSupported(_ detail: String) -> RPCError { notSupported(.verbatim(detail)) }

  /// `reason` is `locked`, or `unavailable` with the detail in the message.
  public static func keyringUnavailable(_ detail: Phrase, locked: Bool) -> RPCError {
    RPCError(
      code: keyringUnavailableCode, phrase: Phrase("rpc.keyringUnavailable", .phrase(detail)),
      data: ["reason": .string(locked ? "locked" : "unavailable")])
  }

  public static func keyringUnavailable(_ detail: String, locked: Bool) -> RPCError {
    keyringUnavailable(.verbatim(detail), locked: locked)
  }

  public static func actionsPending(_ name: String, count: Int) -> RPCError {
    RPCError(
      code: actionsPendingCode, phrase: Phrase("rpc.actionsPending", .text(name), .text(String(count))),
      data: ["name": .string(name), "pendingActions": .int(Int64(count))])
  }

  public static func needsLogin(_ name: String, reason: Phrase) -> RPCError {
    RPCError(
      code: needsLoginCode, phrase: Phrase("rpc.needsLogin", .text(name), .phrase(reason)),
      data: ["name": .string(name)])
  }

  public static func itemNotFound(_ number: Int64) -> RPCError {
    RPCError(
      code: itemNotFoundCode, phrase: Phrase("rpc.itemNotFound", .text(String(number))),
      data: ["number": .int(number)])
  }

  /// The action does not fit the item (taking one's own entry, editing a paid compensation, …).
  /// The detail is the connector's own words.
  public static func actionNotAllowed(_ detail: String) -> RPCError {
    RPCError(code: actionNotAllowedCode, phrase: Phrase("rpc.actionNotAllowed", .text(detail)))
  }

  /// The same with the reason as a phrase, said in the client's language.
  public static func actionNotAllowed(_ reason: Phrase) -> RPCError {
    RPCError(code: actionNotAllowedCode, phrase: Phrase("rpc.actionNotAllowed", .phrase(reason)))
  }

  public static func actionNotFound(_ number: Int64) -> RPCError {
    RPCError(
      code: actionNotFoundCode, phrase: Phrase("rpc.actionNotFound", .text(String(number))),
      data: ["number": .int(number)])
  }
}

extension RPCError {
  /// The URL answers, but is no calendar that takes events (a principal, an address book, a
  /// web page).
  public static func notACalendar(_ detail: String) -> RPCError {
    RPCError(
      code: notACalendarCode,
      message: "Not a calendar: \(detail). Give the address of the calendar itself (it usually ends in the "
        + "calendar's name and a slash), as your CalDAV server shows it")
  }

  public static func calendarTargetNotFound(_ url: String) -> RPCError {
    RPCError(
      code: calendarTargetNotFoundCode,
      message: "Outpost does not push into \(url); `outpost calendar status` lists the CalDAV calendars it does",
      data: ["url": .string(url)])
  }
}

extension RPCError {
  public static func loginNotFound(_ loginID: String) -> RPCError {
    RPCError(
      code: loginNotFoundCode,
      message: "No sign-in \"\(loginID)\" is known (a newer sign-in of its account replaced it, or the daemon "
        + "restarted); begin again with `outpost account login NAME`",
      data: ["loginID": .string(loginID)])
  }

  /// Why an interactive sign-in ended without a session: `denied`, `expired` or `cancelled`.
  /// The account is left as it was (waiting for a login).
  public static func loginFailed(_ name: String, reason: String, detail: String) -> RPCError {
    RPCError(
      code: loginFailedCode,
      message: "The sign-in of account \"\(name)\" ended: \(detail); nothing was kept. "
        + "Begin again with `outpost account login \(name)`",
      data: ["name": .string(name), "reason": .string(reason)])
  }
}

extension RPCError {
  /// A sign-in link this daemon did not ask for (another machine, used already, data wiped):
  /// the words of agile-network.md §3, which the product uses too.
  public static func signInLinkUnknown() -> RPCError {
    RPCError(
      code: signInLinkUnknownCode,
      message: "Please open this link on the device where you requested it. "
        + "To sign in on this computer, ask for a link from it: `outpost account login NAME --magic-link EMAIL`")
  }

  /// A sign-in link that already signed in once (each does once): when, and how to get another.
  public static func signInLinkUsed(at time: Date) -> RPCError {
    RPCError(code: signInLinkUnknownCode, phrase: Phrase("signInLink.used", .time(time)))
  }

  /// The service mails one link per address a minute (agile-network.md §3): the one sent still
  /// works. An `UpstreamUnavailable` with `retryAfter`, as for any rate limit, in plain words.
  public static func signInLinkTooSoon(retryAfter: Double?) -> RPCError {
    let wait = retryAfter.map { "in \(Int($0.rounded(.up))) s" } ?? "in a minute"
    return RPCError(
      code: upstreamUnavailableCode,
      message: "A sign-in link went to this address less than a minute ago, and the service sends one a "
        + "minute: open that one, or ask again \(wait)",
      data: retryAfter.map { JSONValue.object(["retryAfter": .double($0)]) })
  }

  public static func signInLinkExpired(_ name: String) -> RPCError {
    RPCError(
      code: signInLinkExpiredCode,
      message: "This sign-in link has expired. Request a new one: "
        + "`outpost account login \(name) --magic-link EMAIL`",
      data: ["name": .string(name)])
  }
}

extension RPCError {
  public static func reminderNotFound(_ number: Int64) -> RPCError {
    RPCError(
      code: reminderNotFoundCode, message: "No reminder number \(number); `outpost reminders` lists them",
      data: ["number": .int(number)])
  }
}

import Foundation
import OutpostModel
import Testing

@testable import OutpostConnectors

/// The RPP connector's pure parts: its reading of rpp.md's JSON, the keyring form, the
/// Firebase error codes, and the preconditions that make booking and cancelling safe.
@Suite struct RPPConnectorTests {
  static let order: JSONValue = [
    "id": "ord_8Yq2", "orderNumber": "RPP-7K3Q9D", "status": "scheduled", "version": 3,
    "appointment": [
      "start": "2026-03-14T09:00:00-07:00", "end": "2026-03-14T10:30:00-07:00", "timeZone": "America/Los_Angeles",
    ],
    "services": [["id": "svc_photo25", "name": "25 HDR photos"]],
    "total": ["amountMinor": 24900, "currency": "USD"],
    "address": [
      "line1": "12 Ocean Ave", "line2": .null, "city": "San Francisco", "region": "CA", "postalCode": "94112",
      "country": "US", "lat": .double(37.7237), "lng": .double(-122.4533), "accessInstructions": "Lockbox on side gate",
    ],
    "assignedTo": ["id": "usr_dana", "name": "Dana Reyes", "role": "photographer"],
    "timeline": [["event": "created"], ["event": "photographer_en_route"]],
    "delivery": ["status": "not_ready", "url": .null],
    "allowedActions": [
      "reschedule": ["allowed": true, "until": "2026-03-13T09:00:00-07:00"],
      "cancel": [
        "allowed": true, "freeUntil": "2026-03-13T09:00:00-07:00",
        "lateFee": ["amountMinor": 12450, "currency": "USD"],
      ],
    ],
    "someFieldFromTheFuture": ["ignored": true],
  ]

  @Test func anOrderBecomesAnAppointmentWithItsAddressPriceAndStage() throws {
    let item = try #require(RPPItems.order(Self.order))
    #expect(item.kind == .order && item.upstreamID == "ord_8Yq2" && item.status == .active)
    #expect(item.title == "25 HDR photos · 12 Ocean Ave")
    #expect(item.location == "12 Ocean Ave, San Francisco, CA 94112, US")
    #expect(item.startsAt == UTCTimestamp.parse("2026-03-14T16:00:00Z"))
    #expect(item.details["price"] == "249.00" && item.details["currency"] == "USD")
    #expect(item.details["stage"] == "en_route" && item.details["photographer"] == "Dana Reyes")
    #expect(item.details["mapLink"]?.stringValue?.contains("mlat=37.7237") == true)
    #expect(item.details["deliveryURL"] == nil)
    #expect(item.link == "rpp://order/ord_8Yq2")
    // What its calendar event says: the number, who comes, how to get in, where on a map.
    let description = try #require(item.details["description"]?.stringValue)
    #expect(description.hasPrefix("RPP-7K3Q9D (scheduled)\nPhotographer: Dana Reyes\nAccess: Lockbox on side gate"))
    #expect(item.details["geo"]?["latitude"] == .double(37.7237))
  }

  @Test func anUnknownStatusIsKeptAndACancelledOrderIsCancelled() throws {
    guard case .object(var members) = Self.order else { return }
    members["status"] = "on_hold"
    let held = try #require(RPPItems.order(.object(members)))
    #expect(held.status == .active && held.details["status"] == "on_hold" && held.details["stage"] == "on_hold")
    members["status"] = "cancelled"
    #expect(RPPItems.order(.object(members))?.status == .cancelled)
    members["version"] = nil
    #expect(RPPItems.order(.object(members)) == nil)
  }

  @Test func moneyIsExactDecimalTextPerCurrency() {
    #expect(RPPItems.amount(["amountMinor": 24900, "currency": "CHF"])! == ("249.00", "CHF"))
    #expect(RPPItems.amount(["amountMinor": 5, "currency": "USD"])! == ("0.05", "USD"))
    #expect(RPPItems.amount(["amountMinor": -1234, "currency": "EUR"])! == ("-12.34", "EUR"))
    #expect(RPPItems.amount(["amountMinor": 1500, "currency": "JPY"])! == ("1500", "JPY"))
    #expect(RPPItems.amount(["amountMinor": 1500, "currency": "KWD"])! == ("1.500", "KWD"))
  }

  @Test func messagesKnowWhoWroteThem() throws {
    let theirs = try #require(
      RPPItems.message(
        [
          "id": "msg_9", "conversationId": "cnv_41", "senderId": "usr_dana", "senderRole": "photographer",
          "body": "On my way!\nETA 09:05", "version": 1,
        ],
        userID: "uid-ana", names: ["usr_dana": "Dana Reyes"]))
    #expect(theirs.title == "Dana Reyes: On my way!" && theirs.details["fromMe"] == false)
    #expect(theirs.link == "rpp://message/cnv_41")
    let mine = try #require(
      RPPItems.message(
        ["id": "msg_10", "conversationId": "cnv_41", "senderId": "usr_ana", "senderRole": "client", "body": "Thanks"],
        userID: "uid-ana", names: [:]))
    #expect(mine.details["fromMe"] == true && mine.title == "You: Thanks")
  }

  @Test func theKeyringFormKeepsPasswordAndRefreshTokenApart() {
    let typed = RPPStoredSecret(SecretString("hunter2 with spaces"))
    #expect(typed.password?.reveal() == "hunter2 with spaces" && typed.refreshToken == nil)
    let both = RPPStoredSecret(password: SecretString("p\"w"), refreshToken: SecretString("AMf-rt"))
    let back = RPPStoredSecret(both.stored)
    #expect(back == both)
    #expect(!"\(both.stored)".contains("AMf-rt"))
  }

  @Test func firebaseErrorsAreClassifiedByTheCodeBeforeTheProse() {
    func reply(_ message: String) -> HTTPResponse {
      HTTPResponse(
        status: 400, headers: [:],
        body: Array(#"{"error":{"code":400,"message":"\#(message)","errors":[]}}"#.utf8))
    }
    #expect(RPPFirebaseAuth.classify(reply("INVALID_LOGIN_CREDENTIALS"), signingIn: true).isInvalidCredentials)
    #expect(RPPFirebaseAuth.classify(reply("INVALID_PASSWORD"), signingIn: true).isInvalidCredentials)
    // A lock after failed sign-ins: no automatic try for 15 minutes, and the user is told why.
    let locked = RPPFirebaseAuth.classify(
      reply("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled"), signingIn: true)
    guard case .rateLimited(let wait?, _) = locked else {
      Issue.record("a locked account is not rate-limited: \(locked)")
      return
    }
    #expect(wait == 900)
    #expect(
      locked.description
        == "too many failed sign-ins: RPP has paused sign-in for this account; try again in about 15 minutes "
        + "or reset the password")
    #expect(RPPFirebaseAuth.classify(reply("EMAIL_NOT_FOUND"), signingIn: true).isInvalidCredentials)
    #expect(
      RPPFirebaseAuth.classify(reply("USER_DISABLED : The user account has been disabled"), signingIn: true)
        == .invalidCredentials("the account is disabled at RPP; ask your photography partner"))
    #expect(
      RPPFirebaseAuth.classify(reply("INVALID_EMAIL"), signingIn: true)
        == .invalidCredentials("that is not a valid email address"))
    #expect(
      RPPFirebaseAuth.classify(reply("MISSING_PASSWORD"), signingIn: true)
        == .invalidCredentials("no password was given"))
    #expect(
      RPPFirebaseAuth.classify(reply("OPERATION_NOT_ALLOWED : Password sign-in is disabled"), signingIn: true)
        == .unsupported("signing in: password sign-in is switched off for this RPP project"))
    #expect(RPPFirebaseAuth.classify(reply("USER_NOT_FOUND"), signingIn: false) == .sessionExpired)
    #expect(
      RPPFirebaseAuth.classify(reply("INVALID_GRANT_TYPE"), signingIn: false)
        == .unexpectedReply("renewing the session: the service refused Outpost's request (INVALID_GRANT_TYPE)"))
    #expect(
      RPPFirebaseAuth.classify(reply("MISSING_REFRESH_TOKEN"), signingIn: false)
        == .unexpectedReply("renewing the session: the service refused Outpost's request (MISSING_REFRESH_TOKEN)"))
    #expect(RPPFirebaseAuth.classify(reply("TOKEN_EXPIRED"), signingIn: false) == .sessionExpired)
    #expect(RPPFirebaseAuth.classify(reply("INVALID_REFRESH_TOKEN"), signingIn: false) == .sessionExpired)
    guard
      case .unsupported(let detail) = RPPFirebaseAuth.classify(
        reply("API key not valid. Please pass a valid API key."), signingIn: true)
    else {
      Issue.record("a bad API key is a configuration error")
      return
    }
    #expect(detail.contains("firebase_api_key"))
  }

  @Test func anHourTokenIsRenewedFiveMinutesBeforeItsEnd() {
    let start = UTCTimestamp.parse("2026-03-10T12:00:00Z")!
    let session = RPPSession(
      idToken: SecretString("id"), refreshToken: SecretString("refresh"), expiresAt: start.addingTimeInterval(3600),
      lifetime: 3600, userID: "usr_ana", email: nil)
    #expect(!session.isExpiring(at: start))
    #expect(!session.isExpiring(at: start.addingTimeInterval(3600 - 301)))
    #expect(session.isExpiring(at: start.addingTimeInterval(3600 - 300)))
    #expect(session.isExpiring(at: start.addingTimeInterval(3600)))
  }

  @Test func theTokenSaysTheRoleAndPartner() {
    func token(_ claims: String) -> SecretString {
      let payload = Data(claims.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      return SecretString("eyJhbGciOiJSUzI1NiJ9.\(payload).c2ln")
    }
    let client = RPPTokenClaims(token(#"{"role":"client","partnerId":"ptn_sunset","name":"Zoë"}"#))
    #expect(client.role == "client" && client.partnerID == "ptn_sunset")
    #expect(RPPTokenClaims(token(#"{"role":"photographer"}"#)).partnerID == nil)
    #expect(RPPTokenClaims(SecretString("not a jwt")).role == nil)
  }

  @Test func aBookingGetsItsIdempotencyKeyBeforeAnythingIsSent() throws {
    let now = UTCTimestamp.parse("2026-03-10T12:00:00Z")!
    let params: [String: JSONValue] = [
      "service": "svc_photo25, svc_drone", "slot": "2026-03-14T16:00:00Z",
      "address": "12 Ocean Ave, San Francisco, CA 94112, US", "access": "Lockbox",
    ]
    let first = try RPPConnector.prepare(.rppBook, params: params, now: now)
    let second = try RPPConnector.prepare(.rppBook, params: params, now: now)
    let key = try #require(first.params["idempotencyKey"]?.stringValue)
    #expect(UUID(uuidString: key) != nil && key != second.params["idempotencyKey"]?.stringValue)
    #expect(first.params["body"]?["serviceIds"] == ["svc_photo25", "svc_drone"])
    #expect(first.params["body"]?["address"]?["postalCode"] == "94112")
    #expect(first.params["body"]?["address"]?["region"] == "CA")
    #expect(first.params["body"]?["address"]?["accessInstructions"] == "Lockbox")
    let saved = try RPPConnector.prepare(
      .rppBook, params: ["service": "svc_photo25", "slot": "2026-03-14T16:00:00Z", "address": "adr_home"], now: now)
    #expect(saved.params["body"]?["addressId"] == "adr_home" && saved.params["body"]?["address"] == nil)
    #expect(throws: ActionRefusal.self) {
      try RPPConnector.prepare(
        .rppBook, params: ["service": "svc_photo25", "slot": "2026-03-14T16:00:00Z", "address": "somewhere"], now: now)
    }
    #expect(throws: ActionRefusal.self) {
      try RPPConnector.prepare(
        .rppBook, params: ["service": "svc_photo25", "slot": "2026-03-01T16:00:00Z", "address": "adr_home"], now: now)
    }
  }

  @Test func aCancelAfterTheFreePeriodNeedsTheFeeAcceptedAndKeepsIt() throws {
    let item = try #require(RPPItems.order(Self.order))
    let early = UTCTimestamp.parse("2026-03-12T12:00:00Z")!
    let free = try RPPConnector.prepare(.rppCancel, on: item, params: [:], now: early)
    #expect(free.params["acceptFee"] == nil && free.params["version"] == 3)
    let late = UTCTimestamp.parse("2026-03-13T17:00:00Z")!
    #expect(throws: ActionRefusal.self) { try RPPConnector.prepare(.rppCancel, on: item, params: [:], now: late) }
    let accepted = try RPPConnector.prepare(.rppCancel, on: item, params: ["acceptFee": true], now: late)
    #expect(accepted.params["acceptFee"] == ["amountMinor": 12450, "currency": "USD"])
    // Past the reschedule cutoff the precondition refuses at once, offline too.
    #expect(throws: ActionRefusal.self) {
      try RPPConnector.prepare(.rppReschedule, on: item, params: ["slot": "2026-03-20T16:00:00Z"], now: late)
    }
  }

  @Test func theFeedKeepsTheNewestVersionOfAnItemSeenTwice() {
    let old = Item(kind: .order, upstreamID: "ord_1", title: "old", details: ["version": 1])
    let new = Item(kind: .order, upstreamID: "ord_1", title: "new", details: ["version": 2])
    let other = Item(kind: .message, upstreamID: "ord_1", title: "same id, other kind", details: ["version": 1])
    #expect(Item.newestVersions([new, other, old]).map(\.title) == ["new", "same id, other kind"])
  }
}

extension ConnectorError {
  fileprivate var isInvalidCredentials: Bool {
    if case .invalidCredentials = self { return true }
    return false
  }
}

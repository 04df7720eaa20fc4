import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon

/// What the daemon says travels as a phrase (issue 48 §1): each client says it in its own
/// language, the English text beside it stays for logs, scripts and older clients.
@Suite struct PhraseTests {
  static var keys: [String] { PhraseCatalog.keys.map(\.rawValue).sorted() }

  @Test(arguments: keys)
  func everyPhraseHasEveryLanguageWithTheSamePlaceholders(key: String) throws {
    let template = try #require(PhraseCatalog.template(PhraseKey(rawValue: key)))
    let english = LocalizationTests.placeholders(template.en)
    for language in Language.allCases {
      #expect(LocalizationTests.placeholders(template[language]) == english, "\(key) in \(language)")
      // A phrase of words (not only placeholders and names) is translated.
      if language != .en, template.en.contains(where: \.isLetter), key.hasPrefix("connector.") || key.hasPrefix("rpc.")
      {
        #expect(template[language] != template.en, "\(key) in \(language) is untranslated")
      }
    }
  }

  /// A connector's own words in every language (an action's refusal), inside a core phrase and
  /// over the wire.
  @Test func anInlinePhraseIsSaidInTheReadersLanguage() throws {
    let reason = Phrase.inline(LocalizedText(en: "it is done", de: "es ist erledigt", fr: "c'est fait", it: "è fatto"))
    let refusal = Phrase("rpc.actionNotAllowed", .phrase(reason))
    #expect(refusal.text(.de) == "Nicht möglich: es ist erledigt; nichts wurde vorgemerkt")
    #expect(refusal.text(.fr)?.contains("c'est fait") == true)
    #expect(refusal.english.contains("it is done"))
    let decoded = try JSONCoding.convert(try JSONTreeEncoder.encode(refusal), to: Phrase.self)
    #expect(decoded.text(.it)?.contains("è fatto") == true)
    #expect(Phrase(.inline, [.text("only one")]).text(.de) == nil)
  }

  @Test func aPhraseInsideAPhraseIsSaidInTheSameLanguage() {
    let offline = ConnectorError.unreachable("connection refused").phrase
    let error = RPCError.upstreamUnavailable(offline)
    #expect(
      error.message
        == "The service cannot be reached: connection refused. Check the network and the base URL, then try again.")
    #expect(
      error.phrase?.sentence(.de)
        == "Der Dienst ist nicht erreichbar: connection refused. Prüfen Sie das Netz und die Basis-URL und versuchen Sie es dann noch einmal."
    )
    #expect(error.phrase?.sentence(.fr)?.hasPrefix("Le service est injoignable : connection refused.") == true)
  }

  @Test func aPhraseCrossesTheWireWithItsArgumentsAndTimes() throws {
    let since = Date(timeIntervalSince1970: 1_796_000_000)
    let phrase = Phrase(
      .sentences,
      .phrase(Phrase("sync.failing", .time(since), "3", .phrase(ConnectorError.transient("HTTP 502").phrase))),
      .phrase(Phrase("sync.parked", "books")))
    let bytes = try JSONCoding.encode(phrase)
    let back = try JSONCoding.decode(Phrase.self, from: bytes)
    #expect(back == phrase)
    let german = try #require(back.text(.de, time: { _ in "Mi 14:00" }))
    #expect(
      german.hasPrefix(
        "schlägt seit Mi 14:00 fehl, 3 Versuche: der Dienst ist vorübergehend gestört: HTTP 502. Braucht"))
    #expect(german.contains("`outpost sync books`"))
  }

  @Test func aKeyThisBuildDoesNotKnowFallsBackToTheEnglishSentBesideIt() throws {
    let newer = Phrase("connector.somethingNew", "detail")
    #expect(newer.text(.de) == nil)
    #expect(Phrase("session.needsLogin", .phrase(newer)).text(.de) == nil)
    let error = RPCError(code: RPCError.notSupportedCode, phrase: Phrase("rpc.notSupported", .phrase(newer)))
    #expect(error.phrase == Phrase("rpc.notSupported", .phrase(newer)))
    #expect(error.phrase?.text(.de) == nil)
    // A reply whose phrase is not one (an older or odd daemon): no phrase, the message stands.
    let odd = RPCError(code: RPCError.notSupportedCode, message: "Not supported: x", data: ["phrase": .int(3)])
    #expect(odd.phrase == nil)
  }

  @Test func notSupportedSaysItOnce() {
    // It read "Not supported: not supported: exports" (issue 48 §3).
    let error = AccountService.failure(.connector(.unsupported("exports")), name: "books")
    #expect(error.message == "Not supported: exports")
    #expect(error.phrase?.sentence(.it) == "Non supportato: exports")
  }

  static let accountID = "0b6f2c52-2f0e-4d7e-9d0c-6f3c1f6e2a11"

  @Test func aReasonIsStoredAsItsPhraseAndItsEnglish() async throws {
    let store = try Store.inMemory()
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    let account = Account(
      id: Self.accountID, name: "books", kind: "agility", username: nil, baseURL: "https://example.invalid", state: .ok,
      stateChangedAt: now, createdAt: now)
    try await store.addAccount(account)
    let reason = Phrase("session.needsLogin", .phrase(ConnectorError.invalidCredentials("wrong password").phrase))
    let changed = try #require(
      try await store.setAccountState(id: Self.accountID, state: .needsLogin, reason: reason, at: now))
    #expect(changed.stateReasonPhrase == reason)
    #expect(changed.stateReason == reason.english)
    #expect(try await store.accounts().first?.stateReasonPhrase == reason)
    // The same phrase again is no change; another one is.
    #expect(try await store.setAccountState(id: Self.accountID, state: .needsLogin, reason: reason, at: now) == nil)
    #expect(
      try await store.setAccountState(
        id: Self.accountID, state: .needsLogin, reason: Phrase("session.loggedOut"), at: now)
        != nil)
  }

  @Test func anActionsProblemIsStoredAsItsPhraseAndSaidInGerman() async throws {
    let store = try Store.inMemory()
    let now = Date(timeIntervalSince1970: 1_796_000_000)
    try await store.addAccount(
      Account(
        id: Self.accountID, name: "books", kind: "agility", username: nil, baseURL: "https://example.invalid",
        state: .ok, stateChangedAt: now, createdAt: now))
    let action = try await store.enqueueAction(
      accountID: Self.accountID, type: ActionType(rawValue: "test.mark"), itemNumber: nil, target: "p", params: [:])
    let problem = Phrase("queue.keptFailing", .phrase(ConnectorError.transient("HTTP 502").phrase))
    _ = try await store.setActionState(number: action.number, state: .conflict, problem: problem)
    let stored = try #require(try await store.action(number: action.number))
    #expect(stored.problem == "kept failing: the service failed temporarily: HTTP 502")
    #expect(
      stored.problemPhrase?.text(.de) == "schlägt immer wieder fehl: der Dienst ist vorübergehend gestört: HTTP 502")
    let online = Phrase("queue.notSentOnlineOnly", .phrase(Phrase("queue.stoppedBeforeSent")))
    let pending = try await store.enqueueAction(
      accountID: Self.accountID, type: ActionType(rawValue: "test.book"), itemNumber: nil, target: "q", params: [:])
    let discarded = try #require(try await store.discardActionIfPending(number: pending.number, problem: online))
    #expect(discarded.problemPhrase == online)
    #expect(
      discarded.problemPhrase?.text(.fr)
        == "non envoyée (en ligne seulement) : outpostd s'est arrêté avant de pouvoir l'envoyer")
  }

  /// An item's second line is written in the language the request asks for: the service's words
  /// (an order number, a name) as they are, Outpost's words for a value translated (issue 48 §1).
  @Test func aSubtitleIsWrittenInTheLanguageTheClientAsksFor() {
    let order = Item(
      kind: ItemKind(rawValue: "order"), upstreamID: "ord_1", title: "25 HDR photos · 12 Ocean Ave",
      details: ["orderNumber": "RPP-Y51JQK", "stage": "in_progress", "photographer": "Dana Reyes"])
    #expect(ItemHandlers.display(order, language: .de)?.subtitle == "RPP-Y51JQK, läuft, Dana Reyes")
    #expect(ItemHandlers.display(order)?.subtitle == "RPP-Y51JQK, in progress, Dana Reyes")
    let game = Item(
      kind: ItemKind(rawValue: "assignment"), upstreamID: "a1", title: "Volley Bern – VC Lac",
      details: ["league": "1L", "positionLabel": "2nd referee"])
    #expect(ItemHandlers.display(game, language: .fr)?.subtitle == "1L, 2e arbitre")
    #expect(ItemHandlers.spoken("xx") == .en)
  }

  @Test func decimalsAreWrittenAsTheUsersLocaleWritesThem() {
    #expect(NumberStyle.preferred(environment: ["LANG": "de_CH.UTF-8"]).decimal("96.0") == "96.0")
    #expect(NumberStyle.preferred(environment: ["LANG": "de_DE.UTF-8"]).decimal("96.0") == "96,0")
    #expect(NumberStyle.preferred(environment: ["LANG": "fr_CH.UTF-8"]).decimal("96.0") == "96,0")
    #expect(NumberStyle.preferred(environment: ["LANG": "it_CH.UTF-8"]).decimal("96.0") == "96.0")
    #expect(NumberStyle.preferred(environment: ["OUTPOST_LANG": "de", "LANG": "en_US.UTF-8"]).decimal("1.5") == "1,5")
    #expect(NumberStyle.preferred(environment: ["OUTPOST_LANG": "de", "LANG": "de_CH.UTF-8"]).decimal("1.5") == "1.5")
    #expect(NumberStyle.preferred(environment: [:]).decimal("1.5") == "1.5")
  }

  @Test func aSecondLineThatRepeatsTheTitleIsLeftOut() {
    let reminder = Item(
      kind: ItemKind(rawValue: "coaching"), upstreamID: "r1", title: "Evening reading",
      details: ["body": "Evening reading — from your ViiRaa coach."])
    #expect(ItemHandlers.display(reminder)?.subtitle == nil)
    let other = Item(
      kind: ItemKind(rawValue: "coaching"), upstreamID: "r2", title: "Evening reading",
      details: ["body": "Scan your sensor before bed."])
    #expect(ItemHandlers.display(other)?.subtitle == "Scan your sensor before bed.")
  }

  /// The system's English for a failed connect is said in the user's words too: a German user
  /// read "der Dienst ist nicht erreichbar: 127.0.0.1:8080: Connection refused".
  @Test func aRefusedConnectionIsSaidInTheUsersLanguage() {
    let refused = ConnectorError.unreachable("127.0.0.1:8080: Connection refused").phrase
    #expect(refused.text(.de) == "der Dienst ist nicht erreichbar: 127.0.0.1:8080: Verbindung abgelehnt")
    #expect(refused.english == "the service cannot be reached: 127.0.0.1:8080: connection refused")
    #expect(
      ConnectorError.unreachable("connecting timed out").phrase.text(.fr)
        == "le service est injoignable : délai de connexion dépassé")
    // Other words stay as they are.
    #expect(
      ConnectorError.unreachable("the keyring cannot be read").phrase.text(.de)
        == "der Dienst ist nicht erreichbar: the keyring cannot be read")
  }

  /// `outpost status` lists troubled accounts as phrases, state and reason in the reader's words.
  @Test func aTroubledAccountInTheStatusIsSaidInTheReadersLanguage() {
    let reason = ConnectorError.unreachable("127.0.0.1:8080: Connection refused").phrase
    let account = Account(
      id: "a1", name: "books", kind: "agility", username: "me", baseURL: "http://x", state: .needsLogin,
      stateReason: reason.english, stateReasonPhrase: reason, stateChangedAt: Date(), createdAt: Date())
    let line = DaemonHandlers.problem(of: account)
    #expect(
      line.text(.de) == "books: Anmeldung nötig — der Dienst ist nicht erreichbar: 127.0.0.1:8080: Verbindung abgelehnt"
    )
    var quiet = account
    (quiet.stateReason, quiet.stateReasonPhrase) = (nil, nil)
    #expect(DaemonHandlers.problem(of: quiet).text(.it) == "books: accesso richiesto")
  }

  /// One attempt is one, not "1 Versuche".
  @Test func oneAttemptIsSingular() {
    let once = Phrase("sync.failing", .text("gestern"), .text("1"), .text("x"))
    #expect(once.text(.de) == "schlägt seit gestern fehl, 1 Versuch: x")
    let twice = Phrase("sync.failing", .text("gestern"), .text("2"), .text("x"))
    #expect(twice.text(.de) == "schlägt seit gestern fehl, 2 Versuche: x")
  }
}

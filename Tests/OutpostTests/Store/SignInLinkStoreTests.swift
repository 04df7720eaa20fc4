import Foundation
import OutpostConnectors
import OutpostModel
import Testing

@testable import OutpostStore

/// Pending sign-in links (agile-network.md §3): only a state's hash and the expiry in SQLite, at
/// most three per account, each taken once, forgotten with its account or long after expiry.
@Suite struct SignInLinkStoreTests {
  static let start = Date(timeIntervalSince1970: 1_780_000_000)
  let directory = TemporaryDirectory()

  func store(accounts: [String]) async throws -> Store {
    let store = try Store.open(path: directory.file("outpost.sqlite"))
    for (index, id) in accounts.enumerated() {
      try await store.addAccount(
        Account(
          id: id, name: "fan\(index)", kind: "agilenetwork", username: nil, baseURL: "https://x", state: .needsLogin,
          stateChangedAt: Self.start, createdAt: Self.start))
    }
    return store
  }

  func link(_ state: String, _ account: String, minutes: Double) -> PendingSignInLink {
    let at = Self.start.addingTimeInterval(minutes * 60)
    return PendingSignInLink(
      stateHash: SignInLinkRequest.stateHash(state), accountID: account, requestedAt: at,
      expiresAt: at.addingTimeInterval(900))
  }

  @Test func aFourthLinkPushesOutTheOldestAndEachIsTakenOnce() async throws {
    let (a, b) = ("00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000a2")
    let store = try await store(accounts: [a, b])
    for (minute, state) in ["s1", "s2", "s3"].enumerated() {
      #expect(
        try await store.addSignInLink(link(state, a, minutes: Double(minute)), limit: 3, forgetAfter: 86_400).isEmpty)
    }
    // Another account's links do not count against this one's.
    #expect(try await store.addSignInLink(link("other", b, minutes: 3), limit: 3, forgetAfter: 86_400).isEmpty)
    let pushed = try await store.addSignInLink(link("s4", a, minutes: 4), limit: 3, forgetAfter: 86_400)
    #expect(pushed.map(\.stateHash) == [SignInLinkRequest.stateHash("s1")])
    #expect(try await store.signInLinks(accountID: a).count == 3)

    let taken = try await store.takeSignInLink(stateHash: SignInLinkRequest.stateHash("s2"))
    #expect(taken?.accountID == a && taken?.expiresAt == link("s2", a, minutes: 1).expiresAt)
    #expect(try await store.takeSignInLink(stateHash: SignInLinkRequest.stateHash("s2")) == nil)
    #expect(try await store.takeSignInLink(stateHash: SignInLinkRequest.stateHash("s1")) == nil)
  }

  @Test func linksLongExpiredAreForgottenAndAnAccountTakesItsOwnAlong() async throws {
    let (a, b) = ("00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000a2")
    let store = try await store(accounts: [a, b])
    _ = try await store.addSignInLink(link("old", a, minutes: 0), limit: 3, forgetAfter: 3600)
    _ = try await store.addSignInLink(link("kept", b, minutes: 0), limit: 3, forgetAfter: 3600)
    // Two hours later, with an hour's memory: "old" expired 1 h 45 min ago and goes.
    let forgotten = try await store.addSignInLink(link("new", b, minutes: 120), limit: 3, forgetAfter: 3600)
    #expect(
      Set(forgotten.map(\.stateHash)) == [SignInLinkRequest.stateHash("old"), SignInLinkRequest.stateHash("kept")])
    _ = try await store.removeAccount(id: b)
    #expect(try await store.signInLinks(accountID: b).isEmpty)
  }

  @Test func onlyTheHashIsStored() async throws {
    let a = "00000000-0000-4000-8000-0000000000a1"
    let store = try await store(accounts: [a])
    let state = "a-state-only-the-link-carries"
    _ = try await store.addSignInLink(link(state, a, minutes: 0), limit: 3, forgetAfter: 3600)
    #expect(try await store.signInLinks(accountID: a).count == 1)
    try store.close()
    for name in ["outpost.sqlite", "outpost.sqlite-wal"] {
      guard let bytes = FileManager.default.contents(atPath: directory.file(name)) else { continue }
      #expect(!String(decoding: bytes, as: UTF8.self).contains(state), "\(name) holds the state")
    }
    #expect(SignInLinkRequest.stateHash(state).count == 64)
  }
}

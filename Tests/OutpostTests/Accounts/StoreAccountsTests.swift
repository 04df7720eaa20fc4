import Foundation
import OutpostModel
import Testing

@testable import OutpostStore

struct StoreAccountsTests {
  func account(_ name: String, id: String = UUID().uuidString.lowercased()) -> Account {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    return Account(
      id: id, name: name, kind: "volleymanager", username: "referee@example.ch",
      baseURL: "https://volleymanager.volleyball.ch", state: .ok, stateChangedAt: now, createdAt: now)
  }

  @Test func addsListsAndRefusesADuplicateNameRegardlessOfCase() async throws {
    let store = try Store.inMemory()
    try await store.addAccount(account("Lena"))
    await #expect(throws: StoreError.conflict("an account named \"lena\" already exists")) {
      try await store.addAccount(account("lena"))
    }
    #expect(try await store.accounts().map(\.name) == ["Lena"])
    #expect(try await store.account(named: "LENA")?.name == "Lena")
  }

  @Test func stateChangesAreReportedOnlyWhenSomethingChanged() async throws {
    let store = try Store.inMemory()
    let added = account("a")
    try await store.addAccount(added)
    let later = Date(timeIntervalSince1970: 1_790_000_100)
    let first = try await store.setAccountState(
      id: added.id, state: .needsLogin, reason: .verbatim("wrong password"), at: later)
    #expect(first?.state == .needsLogin)
    #expect(first?.stateReason == "wrong password")
    #expect(
      try await store.setAccountState(id: added.id, state: .needsLogin, reason: .verbatim("wrong password"), at: later)
        == nil)
    let back = try await store.setAccountState(id: added.id, state: .ok, reason: nil, at: later, loggedInAt: later)
    #expect(back?.stateReason == nil)
    #expect(back?.lastLoginAt == later)
    // A re-login on a short-session service, state unchanged: nothing is written...
    let writes = store.writeTransactions
    let relogin = later.addingTimeInterval(20 * 60)
    #expect(
      try await store.setAccountState(id: added.id, state: .ok, reason: nil, at: relogin, loggedInAt: relogin) == nil)
    #expect(store.writeTransactions == writes)
    // ...until the recorded login time is an hour old.
    let hourLater = later.addingTimeInterval(3600)
    _ = try await store.setAccountState(id: added.id, state: .ok, reason: nil, at: hourLater, loggedInAt: hourLater)
    #expect(store.writeTransactions == writes + 1)
    #expect(try await store.account(named: "a")?.lastLoginAt == hourLater)
  }

  @Test func sqliteItselfRefusesBadRows() async throws {
    let store = try Store.inMemory()
    var bad = account("x")
    bad.baseURL = "ftp://host"
    await #expect(throws: StoreError.self) { try await store.addAccount(bad) }
    var short = account("y")
    short.id = "not-a-uuid"
    await #expect(throws: StoreError.self) { try await store.addAccount(short) }
    #expect(try await store.accounts().isEmpty)
  }

  @Test func removingReportsWhetherItExisted() async throws {
    let store = try Store.inMemory()
    let added = account("gone")
    try await store.addAccount(added)
    #expect(try await store.removeAccount(id: added.id))
    #expect(try await !store.removeAccount(id: added.id))
  }
}

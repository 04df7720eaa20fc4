import Foundation
import OutpostConnectors
import OutpostRPC
import OutpostStore

/// What `calendar.caldav.*` do. Each checks all it can (the URL, the account, the keyring, the
/// server) before changing anything.
extension CalDAVPushService {
  static let maxPasswordBytes = 8192

  func add(_ params: CalendarCalDAVAdd.Params) async throws(RPCError) -> CalendarCalDAVAdd.Result {
    let collection: CalDAVCollection
    do { collection = try CalDAVCollection(params.url) } catch { throw .invalidParams(Self.detail(error)) }
    let username = params.username.trimmingCharacters(in: .whitespaces)
    if username.isEmpty { throw .invalidParams("the user name is empty") }
    if username.contains(":") { throw .invalidParams("a CalDAV user name cannot contain \":\" (HTTP Basic)") }
    if username.utf8.count > 254 { throw .invalidParams("the user name is longer than 254 bytes") }
    if params.password.isEmpty { throw .invalidParams("the password is empty") }
    if params.password.utf8.count > Self.maxPasswordBytes {
      throw .invalidParams("the password is longer than \(Self.maxPasswordBytes) bytes")
    }
    if params.password.utf8.contains(0) { throw .invalidParams("the password contains a NUL character") }
    var accountID: String?
    if let name = params.account {
      guard let account = try await storeCall({ try await store.account(named: name) }) else {
        throw .accountNotFound(name)
      }
      accountID = account.id
    }
    // A locked keyring would only fail after the server was asked: ask the keyring first.
    if let problem = await vault.problem() {
      throw AccountService.failure(.vault(problem), name: collection.url)
    }
    let password = SecretString(params.password)
    let info: CalDAVCalendarInfo
    do throws(ConnectorError) {
      let client = try CalDAVClient(
        collection: collection, username: username, password: password, transport: transport)
      info = try await client.verifyCalendar()
    } catch {
      throw Self.failure(error, url: collection.url)
    }

    adding.insert(collection.url)
    defer { adding.remove(collection.url) }
    let existing = try await storeCall { try await store.caldavTargets() }.first { $0.url == collection.url }
    let id = existing?.id ?? UUID().uuidString.lowercased()
    let key = VaultKey(kind: Self.keyringKind, accountID: id)
    do throws(VaultError) {
      try await vault.store(password, for: key, label: "Outpost: CalDAV calendar \(collection.url) (\(username))")
    } catch {
      throw AccountService.failure(.vault(error), name: collection.url)
    }
    let target: CalDAVTarget
    do throws(StoreError) {
      target = try await store.saveCalDAVTarget(
        CalDAVTarget(
          id: id, url: collection.url, username: username, accountID: accountID, displayName: info.displayName,
          status: .ok, state: Self.encodeState(CalDAVState(collection: collection.url)), createdAt: Date()))
    } catch {
      if existing == nil { _ = try? await vault.delete(for: key) }
      throw AccountService.storeFailure(error)
    }
    logger.notice(
      "calendar: caldav: pushing into \(collection.url) as \(username) (\(params.account.map { "account \($0)" } ?? "every account"))"
    )
    let first = await pushNow(url: target.url)
    return CalendarCalDAVAdd.Result(
      target: try await targetInfo(id: target.id), push: first.first ?? CalDAVPushSummary(url: target.url))
  }

  func remove(_ params: CalendarCalDAVRemove.Params) async throws(RPCError) -> CalendarCalDAVRemove.Result {
    let url = (try? CalDAVCollection(params.url).url) ?? params.url
    guard let target = try await storeCall({ try await store.caldavTargets() }).first(where: { $0.url == url }) else {
      throw .calendarTargetNotFound(params.url)
    }
    var state = Self.decodeState(target.state, url: target.url)
    var deleted = 0
    if params.purge == true {
      // Outpost's events out of the calendar first: if the server is down, nothing is removed
      // and the user can try again (or remove without purging).
      var problems: [CalDAVPushProblem] = []
      do throws(PushFailure) {
        let client = try await client(for: target)
        let report: CalDAVPushReport
        do throws(ConnectorError) {
          report = try await CalDAVPusher(client: client).push([:], state: &state)
        } catch {
          throw .connector(error)
        }
        deleted = report.deleted.count
        problems = report.errors
      } catch {
        await saveState(target, state)
        throw Self.failure(error, url: url, purging: true)
      }
      if let problem = problems.first {
        await saveState(target, state)
        throw .upstreamUnexpected(
          "\(problems.count) event(s) could not be deleted from \(url) (\(problem)); nothing was removed")
      }
    }
    do throws(StoreError) {
      try await store.removeCalDAVTarget(id: target.id)
    } catch {
      throw AccountService.storeFailure(error)
    }
    _ = try? await vault.delete(for: VaultKey(kind: Self.keyringKind, accountID: target.id))
    logger.notice("calendar: caldav: no longer pushing into \(url) (\(deleted) event(s) deleted there)")
    return CalendarCalDAVRemove.Result(url: url, deleted: deleted, left: params.purge == true ? 0 : state.events.count)
  }

  /// The calendars as clients see them, for `calendar.status`.
  func infos() async throws(RPCError) -> [CalDAVTargetInfo] {
    let targets = try await storeCall { try await store.caldavTargets() }
    let names = try await storeCall { try await store.accounts() }.reduce(into: [String: String]()) {
      $0[$1.id] = $1.name
    }
    return targets.map { Self.info($0, accountNames: names) }
  }

  private func targetInfo(id: String) async throws(RPCError) -> CalDAVTargetInfo {
    let names = try await storeCall { try await store.accounts() }.reduce(into: [String: String]()) {
      $0[$1.id] = $1.name
    }
    guard let target = try await storeCall({ try await store.caldavTargets() }).first(where: { $0.id == id }) else {
      throw .internalError
    }
    return Self.info(target, accountNames: names)
  }

  private func saveState(_ target: CalDAVTarget, _ state: CalDAVState) async {
    _ = try? await store.recordCalDAVPush(
      id: target.id, state: Self.encodeState(state), status: target.status, reason: target.statusReason,
      succeededAt: nil)
  }

  private func storeCall<T: Sendable>(_ body: () async throws -> T) async throws(RPCError) -> T {
    do {
      return try await body()
    } catch let error as StoreError {
      throw AccountService.storeFailure(error)
    } catch {
      throw .internalError
    }
  }

  static func info(_ target: CalDAVTarget, accountNames: [String: String]) -> CalDAVTargetInfo {
    CalDAVTargetInfo(
      url: target.url, username: target.username, account: target.accountID.flatMap { accountNames[$0] },
      displayName: target.displayName, status: target.status.rawValue, statusReason: target.statusReason,
      lastPushAt: target.lastPushAt, events: decodeState(target.state, url: target.url).events.count)
  }

  static func failure(_ error: ConnectorError, url: String) -> RPCError {
    switch error {
    case .invalidCredentials(let detail): .credentialsRejected("\(url): \(detail)")
    case .unsupported(let detail): .notACalendar(detail)
    case .notFound(let detail): .notACalendar("nothing at \(url) (\(detail))")
    case .unreachable, .transient: .upstreamUnavailable(error.phrase)
    case .rateLimited(let retryAfter, _):
      .upstreamUnavailable(error.phrase, retryAfter: retryAfter, slowDown: true)
    case .sessionExpired, .twoFactorRequired, .conflict, .refused, .unexpectedReply, .cursorRefused:
      .upstreamUnexpected(error.description)
    }
  }

  static func failure(_ error: PushFailure, url: String, purging: Bool) -> RPCError {
    let suffix = purging ? "; nothing was removed" : ""
    switch error {
    case .connector(let error):
      let failure = failure(error, url: url)
      return RPCError(code: failure.code, message: failure.message + suffix, data: failure.data)
    case .credentialsMissing, .store:
      return RPCError(code: RPCError.internalErrorCode, message: error.description + suffix)
    case .keyringLocked:
      return .keyringUnavailable("it is locked; unlock it and try again\(suffix)", locked: true)
    }
  }

  private static func detail(_ error: ConnectorError) -> String {
    if case .unsupported(let detail) = error { return detail }
    return error.description
  }
}

import Foundation

/// Test hooks on the data side: change the world under a running client (a game is moved or
/// cancelled, someone else takes a board entry) and read back what "upstream" now holds. The
/// admin endpoints `games/move`, `games/cancel`, `exchanges/take` and `data` offer the same
/// over HTTP.
extension VolleyManagerSandbox {
  enum ChangeOutcome {
    case done
    case unknown
    /// The entry exists but is no longer open.
    case conflict
  }

  /// Moves game `number` to `start` and records the postponement (`lastPostponement`). False
  /// when no game has that number.
  @discardableResult
  public func moveGame(number: Int, to start: Date) async -> Bool {
    moveGameNow(number: number, to: Int(start.timeIntervalSince1970.rounded(.down)))
  }

  /// Cancels the user's convocation for game `number` (`refereeConvocationStatus: cancelled`)
  /// and closes the game's open board entries. False when no game has that number.
  @discardableResult
  public func cancelGame(number: Int) async -> Bool {
    cancelGameNow(number: number)
  }

  /// Another referee applies for the open board entry `id` (status `applied`). False when the
  /// entry is unknown or no longer open.
  @discardableResult
  public func takeExchange(id: String) async -> Bool {
    takeExchangeNow(id: id) == .done
  }

  /// The user's assignments in all associations, ordered by start; empty for an unknown user.
  public func assignments(for username: String) async -> [SandboxAssignment] {
    records(for: username)?.assignments ?? []
  }

  /// The board entries the user sees in all associations, their own included.
  public func exchanges(for username: String) async -> [SandboxExchange] {
    records(for: username)?.exchanges ?? []
  }

  /// The compensations of games already played, in all associations.
  public func compensations(for username: String) async -> [SandboxCompensation] {
    records(for: username)?.compensations ?? []
  }

  /// The user's iCal code (the dashboard's `uniqueId`); nil for an unknown user.
  public func calendarCode(for username: String) async -> String? {
    withState { $0.users[username]?.calendarCode }
  }

  // MARK: Synchronous forms, for the admin endpoints

  func moveGameNow(number: Int, to start: Int) -> Bool {
    withState { state in
      let now = state.data.clock.seconds(at: now())
      return state.data.changeGame(number: number, now: now) { $0.move(game: number, to: start, now: now) }
    }
  }

  func cancelGameNow(number: Int) -> Bool {
    withState { state in
      let now = state.data.clock.seconds(at: now())
      return state.data.changeGame(number: number, now: now) { $0.cancel(game: number, now: now) }
    }
  }

  func takeExchangeNow(id: String) -> ChangeOutcome {
    withState { state in
      let now = state.data.clock.seconds(at: now())
      let person = state.data.someoneElse()
      switch state.data.changeExchange(
        id: id, now: now, { $0.applyAsSomeoneElse(exchange: id, person: person, now: now) })
      {
      case nil: return .unknown
      case false?: return .conflict
      case true?: return .done
      }
    }
  }

  func records(for username: String) -> (
    assignments: [SandboxAssignment], exchanges: [SandboxExchange], compensations: [SandboxCompensation]
  )? {
    withState { state in
      guard let user = state.users[username] else { return nil }
      return state.data.records(of: user, now: state.data.clock.seconds(at: now()))
    }
  }
}

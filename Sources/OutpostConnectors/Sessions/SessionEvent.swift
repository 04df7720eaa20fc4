import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a `SessionKeeper` reports about its account; the daemon turns these into the account's
/// state (and tells the user when the state changes).
public enum SessionEvent: Sendable, Equatable {
  case loggedIn(AccountIdentity, at: Date)
  /// The credentials were rejected (and deleted), or none are stored: the user must log in.
  case needsLogin(reason: Phrase)
  /// The user logged out: the account waits for a login, as it should.
  case loggedOut
  case keyringLocked
  case keyringUnavailable(reason: Phrase)
  /// The service cannot be reached or failed temporarily.
  case offline(reason: Phrase)
  /// A call succeeded after the service had been offline.
  case online
  /// Something the user must look at (two-factor, an unexpected reply).
  case failed(reason: Phrase)
}

/// Why a keeper could not provide a session.
public enum SessionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The account waits for the user to log in; the reason says why.
  case needsLogin(Phrase)
  case vault(VaultError)
  case connector(ConnectorError)

  public var description: String { phrase.english }

  /// What went wrong, for a person, in each client's language.
  public var phrase: Phrase {
    switch self {
    case .needsLogin(let reason): Phrase("session.needsLogin", .phrase(reason))
    case .vault(let error): error.phrase
    case .connector(let error): error.phrase
    }
  }
}

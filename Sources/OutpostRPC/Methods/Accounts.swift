import OutpostModel

/// `accounts.list`: every account, with its state.
public enum AccountsList: RPCMethod {
  public static let name = "accounts.list"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var accounts: [Account]
    public init(accounts: [Account]) { self.accounts = accounts }
  }
}

/// `accounts.add`: verifies the credentials with the service, then stores the secret in the
/// keyring and the account (without the secret) in the database. Nothing is saved when the
/// service says no. For a kind that signs in interactively (`accounts.kinds` lists its
/// `loginMethods`), the secret may be left out: the account is then added in `needs-login`,
/// for `accounts.login.begin`.
public enum AccountsAdd: RPCMethod {
  public static let name = "accounts.add"

  public struct Params: Codable, Sendable, Equatable {
    /// The connector kind, e.g. `volleymanager`.
    public var kind: String
    /// Defaults to the kind (`volleymanager`, then `volleymanager-2`, …).
    public var name: String?
    public var username: String?
    /// Defaults to the service's public address.
    public var baseURL: String?
    /// The password (or token). Travels only over the owner-only socket, goes only to the
    /// service and the keyring, and is never echoed, logged or stored in the database. Absent
    /// for a kind that signs in interactively.
    public var secret: String?
    /// The connector's options by name (an API key, a brand); the connector declares which it
    /// takes. Stored with the account: never put a secret here.
    public var options: [String: String]?

    public init(
      kind: String, name: String? = nil, username: String? = nil, baseURL: String? = nil, secret: String?,
      options: [String: String]? = nil
    ) {
      self.kind = kind
      self.name = name
      self.username = username
      self.baseURL = baseURL
      self.secret = secret
      self.options = options
    }
  }

  public typealias Result = AccountLoginResult
}

/// `accounts.login`: logs an existing account in with a new secret (after `needs-login`, or to
/// replace the stored one); stored only if the service accepts it.
public enum AccountsLogin: RPCMethod {
  public static let name = "accounts.login"

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    public var secret: String

    public init(name: String, secret: String) {
      self.name = name
      self.secret = secret
    }
  }

  public typealias Result = AccountLoginResult
}

public struct AccountLoginResult: Codable, Sendable, Equatable {
  public var account: Account
  public var identity: AccountIdentity

  public init(account: Account, identity: AccountIdentity) {
    self.account = account
    self.identity = identity
  }
}

/// `accounts.logout`: ends the session with the service and deletes the secret from the
/// keyring; the account and its cached data stay, in state `needs-login`.
public enum AccountsLogout: RPCMethod {
  public static let name = "accounts.logout"

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    /// Also end every session of the user at the service, on every device (where the service
    /// offers it; NotSupported otherwise, and nothing changes).
    public var everywhere: Bool?
    public init(name: String, everywhere: Bool? = nil) {
      self.name = name
      self.everywhere = everywhere
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var account: Account
    /// False when the keyring held no secret for the account.
    public var secretDeleted: Bool

    public init(account: Account, secretDeleted: Bool) {
      self.account = account
      self.secretDeleted = secretDeleted
    }
  }
}

/// `accounts.resetPassword`: the service mails the account's address a link to choose a new
/// password (where it offers one; NotSupported otherwise). Nothing changes here: the new password
/// is given with `accounts.login` once chosen (API 1.20.0).
public enum AccountsResetPassword: RPCMethod {
  public static let name = "accounts.resetPassword"

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    public init(name: String) { self.name = name }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var account: Account
    /// The address the service mails (the account's username).
    public var sentTo: String
    public init(account: Account, sentTo: String) {
      self.account = account
      self.sentTo = sentTo
    }
  }
}

/// `accounts.remove`: deletes the account, its keyring secret and everything cached for it.
/// Refused with `ActionsPending` when queued actions would be lost, unless `force`.
public enum AccountsRemove: RPCMethod {
  public static let name = "accounts.remove"

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    public var force: Bool?

    public init(name: String, force: Bool? = nil) {
      self.name = name
      self.force = force
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var account: Account
    /// Queued actions discarded with the account (only with `force`).
    public var discardedActions: Int

    public init(account: Account, discardedActions: Int) {
      self.account = account
      self.discardedActions = discardedActions
    }
  }
}

/// `accounts.status`: one account's state and session; with `check`, an end-to-end check
/// first (keyring, login if needed, one authenticated call), which updates the state.
public enum AccountsStatus: RPCMethod {
  public static let name = "accounts.status"

  public struct Params: Codable, Sendable, Equatable {
    public var name: String
    public var check: Bool?

    public init(name: String, check: Bool? = nil) {
      self.name = name
      self.check = check
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var account: Account
    /// Whether the daemon holds a live session (in memory) for the account.
    public var sessionActive: Bool
    public var identity: AccountIdentity?
    /// How the check went, when one was asked for.
    public var check: Check?

    public init(account: Account, sessionActive: Bool, identity: AccountIdentity?, check: Check?) {
      self.account = account
      self.sessionActive = sessionActive
      self.identity = identity
      self.check = check
    }
  }

  public struct Check: Codable, Sendable, Equatable {
    public var ok: Bool
    /// What failed, when not ok, in English.
    public var problem: String?
    /// The same as a phrase, for the client to say in its language (API 1.18).
    public var problemPhrase: Phrase?

    public init(ok: Bool, problem: String? = nil, problemPhrase: Phrase? = nil) {
      self.ok = ok
      self.problem = problem
      self.problemPhrase = problemPhrase
    }
  }
}

/// Every user's generated data, one book per (user, association), plus what the iCal feed
/// needs to answer conditional requests: a revision and a modification time per user, bumped
/// by every change that user could observe. Lives inside `VolleyManagerState`, under its lock.
struct VolleyManagerData: Sendable {
  struct BookKey: Hashable, Sendable {
    var username: String
    var association: String
  }

  let seed: UInt64
  let perAssociation: Int
  let clock: SandboxClock
  private var books: [BookKey: VolleyManagerBook] = [:]
  /// Game numbers are unique across the sandbox; this finds the one book holding a game.
  private var gameIndex: [Int: BookKey] = [:]
  private var nextNumber: Int
  private var revisions: [String: Int] = [:]
  private var modified: [String: Int] = [:]
  /// Counts identities created after generation (new board entries), keeping them seeded.
  private var created = 0

  /// Generates the configured users' books at once, in a fixed order (by username, then the
  /// user's associations), so game numbers do not depend on which client asks first.
  init(seed: UInt64, perAssociation: Int, clock: SandboxClock, users: [SandboxUser]) {
    self.seed = seed
    self.perAssociation = perAssociation
    self.clock = clock
    nextNumber = 380_000 + Int(seed % 5000)
    for user in users.sorted(by: { $0.username < $1.username }) {
      for association in user.associations { _ = book(user, association) }
    }
  }

  /// The book, generated on first use (users added while the sandbox runs).
  mutating func book(_ user: SandboxUser, _ association: SandboxAssociation) -> VolleyManagerBook {
    let key = BookKey(username: user.username, association: association.shortName)
    if let book = books[key] { return book }
    var generator = VolleyManagerGenerator(seed: seed, user: user.person, association: association, clock: clock)
    let book = generator.book(count: perAssociation, numbers: &nextNumber)
    for number in book.games.keys { gameIndex[number] = key }
    books[key] = book
    return book
  }

  /// Every book of the user, in the order of the user's associations.
  mutating func books(of user: SandboxUser) -> [VolleyManagerBook] {
    user.associations.map { book(user, $0) }
  }

  /// Runs a change on one book. `body` returns whether it changed anything; only then do the
  /// user's revision and modification time move (a refused action must not break caches).
  mutating func change<Result>(
    _ user: SandboxUser, _ association: SandboxAssociation, now: Int,
    _ body: (inout VolleyManagerBook) -> (changed: Bool, result: Result)
  ) -> Result {
    _ = book(user, association)
    let key = BookKey(username: user.username, association: association.shortName)
    let outcome = body(&books[key]!)
    if outcome.changed { touch(user.username, now: now) }
    return outcome.result
  }

  /// The same for the book holding game `number`, whoever it belongs to (admin hooks).
  mutating func changeGame(number: Int, now: Int, _ body: (inout VolleyManagerBook) -> Bool) -> Bool {
    guard let key = gameIndex[number], books[key] != nil else { return false }
    let changed = body(&books[key]!)
    if changed { touch(key.username, now: now) }
    return changed
  }

  /// The same for the book holding exchange entry `id`.
  mutating func changeExchange(id: String, now: Int, _ body: (inout VolleyManagerBook) -> Bool) -> Bool? {
    guard let key = books.first(where: { $0.value.exchanges.contains { $0.id == id } })?.key else { return nil }
    let changed = body(&books[key]!)
    if changed { touch(key.username, now: now) }
    return changed
  }

  func revision(of username: String) -> Int { revisions[username, default: 0] }

  /// Unix seconds of the user's last change: midnight of the reference day until then (the
  /// data is a function of that day), strictly increasing afterwards so Last-Modified moves
  /// even for two changes within one second.
  func modifiedAt(of username: String) -> Int { modified[username] ?? clock.anchorDay * 86_400 }

  private mutating func touch(_ username: String, now: Int) {
    revisions[username, default: 0] += 1
    modified[username] = max(now, modifiedAt(of: username) + 1)
  }

  /// A fresh, seeded identity for something created at run time.
  mutating func newIdentity(_ kind: String) -> String {
    created += 1
    return SandboxIdentifiers.stableUUID("\(kind):\(seed):\(created)")
  }

  /// A referee who is not any sandbox user, for "someone else took it".
  mutating func someoneElse() -> VolleyManagerPerson {
    created += 1
    var rng = SplitMix64(seed: SandboxIdentifiers.fnv1a("someone-else:\(seed):\(created)"))
    return VolleyManagerGenerator.person(using: &rng)
  }
}

extension SandboxUser {
  /// The user as a person record; the display name's first word is taken as the first name.
  var person: VolleyManagerPerson {
    let words = displayName.split(separator: " ", maxSplits: 1)
    return VolleyManagerPerson(
      id: personID, firstName: words.first.map(String.init) ?? displayName,
      lastName: words.count > 1 ? String(words[1]) : "")
  }

  /// The Swiss Volley licence number (`associationId`), shown in the feed's name.
  var svNumber: Int { 10_000 + Int(SandboxIdentifiers.fnv1a("sv-number:\(username)") % 890_000) }
}

/// Builds one user's data in one association from the seed: the same seed, user, association
/// and reference day always give the same games, people and identities, so tests and benchmark
/// runs are comparable. Randomness only decides *which* realistic value is used. The parts
/// that guarantee variety and build the exchange board are in VolleyManagerGeneratorBoard.swift.
struct VolleyManagerGenerator {
  typealias Catalog = VolleyManagerCatalog
  var rng: SplitMix64
  let user: VolleyManagerPerson
  let association: SandboxAssociation
  private let anchorDay: Int
  let now: Int
  private let halls: [Int]
  let categories: [String]
  private let clubs: [String]
  private let convener: VolleyManagerPerson

  init(seed: UInt64, user: VolleyManagerPerson, association: SandboxAssociation, clock: SandboxClock) {
    rng = SplitMix64(seed: SandboxIdentifiers.fnv1a("data:\(seed):\(user.id):\(association.shortName)"))
    self.user = user
    self.association = association
    anchorDay = clock.anchorDay
    // Decisions are taken against midnight of the reference day, not the exact instant, so
    // sandboxes started on the same day hold the same data.
    now = clock.anchorDay * 86_400
    let national = association.originId == 0
    let regional = Catalog.halls.indices.filter { Catalog.halls[$0].regions.contains(association.shortName) }
    if national {
      halls = Array(Catalog.halls.indices)
    } else if !regional.isEmpty {
      halls = regional
    } else {
      // An association the catalogue does not know: a stable handful of halls.
      let start = Int(SandboxIdentifiers.fnv1a(association.shortName) % UInt64(Catalog.halls.count))
      halls = (0..<8).map { (start + $0 * 3) % Catalog.halls.count }
    }
    categories = national ? Catalog.nationalCategories : Catalog.regionalCategories
    clubs = national ? Catalog.nationalClubs : Catalog.regionalClubs
    var convenerRNG = SplitMix64(seed: SandboxIdentifiers.fnv1a("convener:\(association.shortName)"))
    convener = Self.person(using: &convenerRNG)
  }

  /// `count` assignments from 60 days back to about eight months ahead (30 % in the past), and a
  /// board of other referees' entries plus a few of the user's own. `numbers` hands out game
  /// numbers, unique across the whole sandbox (the iCal UID is per game number).
  mutating func book(count: Int, numbers: inout Int) -> VolleyManagerBook {
    let pastCount = count >= 4 ? count * 3 / 10 : count / 2
    var own: [(VolleyManagerGame, VolleyManagerAssignment)] = (0..<count).map { index in
      let offset = index < pastCount ? -60 + Int(rng.next() % 60) : Int(rng.next() % 240)
      return ownAssignment(start: gameStart(dayOffset: offset))
    }
    own.sort { $0.0.start < $1.0.start }
    var games: [Int: VolleyManagerGame] = [:]
    var assignments: [VolleyManagerAssignment] = []
    for (game, assignment) in own {
      numbers += 1 + Int(rng.next() % 7)
      var game = game
      var assignment = assignment
      game.number = numbers
      assignment.gameNumber = numbers
      games[numbers] = game
      assignments.append(assignment)
    }
    ensureVariety(&assignments, games: &games)
    var exchanges = ownBoardEntries(assignments, games: games)
    var others = (0..<max(6, count / 3)).map { _ in boardEntry(start: gameStart(dayOffset: Int(rng.next() % 200))) }
    others.sort { $0.0.start < $1.0.start }
    // Like the own data, the board always shows one entry someone else already applied for.
    if others.count >= 4 && !others.contains(where: { $0.1.status == .applied }) {
      markApplied(&others[others.count - 1].1)
    }
    for (game, entry) in others {
      numbers += 1 + Int(rng.next() % 7)
      var game = game
      var entry = entry
      game.number = numbers
      entry.gameNumber = numbers
      games[numbers] = game
      exchanges.append(entry)
    }
    return VolleyManagerBook(
      association: association, refereeLevel: association.originId == 0 ? 2 : 3, games: games,
      assignments: assignments, exchanges: exchanges)
  }

  // MARK: Games

  /// A Swiss wall-clock start: mostly weekend afternoons, otherwise weekday evenings.
  mutating func gameStart(dayOffset: Int) -> Int {
    var day = anchorDay + dayOffset
    var weekday = SandboxTime.weekday(days: day)
    if (1...5).contains(weekday) && chance(0.6) {
      day += weekday == 5 ? 1 : 6 - weekday + Int(rng.next() % 2)
      weekday = SandboxTime.weekday(days: day)
    }
    let times: [(Int, Int)] =
      switch weekday {
      case 6: [(14, 0), (15, 0), (16, 0), (17, 0), (17, 30), (19, 0), (19, 30)]
      case 0: [(13, 0), (14, 0), (15, 0), (16, 0), (17, 0)]
      default: [(19, 30), (20, 0), (20, 15), (20, 30)]
      }
    let (hour, minute) = pick(times)
    return SandboxTime.utc(zurichLocal: day * 86_400 + hour * 3600 + minute * 60)
  }

  mutating func makeGame(
    start: Int, category: String, userPosition: VolleyManagerPosition? = nil, convocationID: String? = nil
  ) -> VolleyManagerGame {
    let gender = chance(0.5) ? "m" : "f"
    let group = Int(rng.next() % 3)
    let league = VolleyManagerLeague(
      id: 6000 + Int(SandboxIdentifiers.fnv1a("league:\(category):\(gender):\(group)") % 3000), category: category,
      gender: gender, groupName: Catalog.groupName(category: category, gender: gender, group: group),
      phaseName: Catalog.phaseName(category: category, round: Int(rng.next() % 6)),
      associationCode: association.shortName)
    let homeClub = pick(clubs)
    var awayClub = pick(clubs)
    while awayClub == homeClub { awayClub = pick(clubs) }
    var slots: [VolleyManagerPosition: VolleyManagerSlot] = [:]
    for position in Catalog.positions(category: category) {
      if position == userPosition, let convocationID {
        slots[position] = VolleyManagerSlot(convocationID: convocationID, referee: user)
      } else if position == .headOne || chance(0.85) {
        slots[position] = VolleyManagerSlot(convocationID: uuid(), referee: Self.person(using: &rng))
      }
    }
    let hallIndex = pick(halls)
    return VolleyManagerGame(
      id: uuid(), refereeGameID: uuid(), number: 0, start: start, league: league,
      home: team(homeClub, category: category, gender: gender),
      away: team(awayClub, category: category, gender: gender),
      hallIndex: hallIndex, hallID: SandboxIdentifiers.stableUUID("hall:\(hallIndex)"),
      convener: chance(0.9) ? convener : nil, slots: slots)
  }

  /// Lower leagues field club teams ("VBC Kloten H2"); the national leagues the first team.
  private mutating func team(_ club: String, category: String, gender: String) -> VolleyManagerTeam {
    let lower = Catalog.regionalCategories.contains(category)
    let name = lower ? "\(club) \(gender == "m" ? "H" : "D")\(1 + Int(rng.next() % 3))" : club
    return VolleyManagerTeam(
      id: SandboxIdentifiers.stableUUID("team:\(name):\(gender)"),
      identifier: 4000 + Int(SandboxIdentifiers.fnv1a("team:\(name):\(gender)") % 6000), name: name,
      manager: Self.person(using: &rng))
  }

  // MARK: Assignments and compensations

  private mutating func ownAssignment(start: Int) -> (VolleyManagerGame, VolleyManagerAssignment) {
    let id = uuid()
    let category = pick(categories)
    let positions = Catalog.positions(category: category)
    let position =
      positions.count > 2 && chance(0.3) ? pick(Array(positions.dropFirst(2))) : pick([.headOne, .headTwo])
    var game = makeGame(start: start, category: category, userPosition: position, convocationID: id)
    let past = start < now
    if chance(0.08) { postpone(&game) }
    if start + 3 * 3600 < now && chance(0.85) { game.scoresheetClosedAt = start + 8100 + Int(rng.next() % 3600) }
    let pending = !past && chance(0.15)
    let assignment = VolleyManagerAssignment(
      id: id, gameNumber: 0, position: position, cancelled: chance(0.06),
      confirmedAt: pending ? nil : min(now - 86_400, start - (20 + Int(rng.next() % 20)) * 86_400) + 3671,
      hasMessage: chance(0.1), compensation: compensation(start: start, category: category, position: position))
    return (game, assignment)
  }

  mutating func postpone(_ game: inout VolleyManagerGame) {
    game.postponedAt = min(now - 3600 * (1 + Int(rng.next() % 200)), game.start - 2 * 86_400)
    game.postponementConvocations = game.slots.values.map(\.convocationID).sorted()
  }

  private mutating func compensation(start: Int, category: String, position: VolleyManagerPosition)
    -> VolleyManagerCompensation
  {
    let base = Catalog.gameCompensation(category: category)
    let mode = chance(0.65) ? "car" : pick(["public_transport", "public_transport", "train", "other"])
    var record = VolleyManagerCompensation(
      id: uuid(), gameCompensation: position.isHead ? base : base / 2,
      distanceInMetres: (30 + Int(rng.next() % 920)) * 100, transportationMode: mode, paymentDone: false,
      paymentValueDate: "", paidBy: nil, lockedOnSite: association.originId > 0 && chance(0.3))
    if start < now - 21 * 86_400 && chance(0.75) {
      markPaid(&record, start: start)
    } else {
      record.paymentDone = chance(0.35) ? nil : false
      record.paymentValueDate = chance(0.5) ? "" : nil
    }
    return record
  }

  mutating func markPaid(_ record: inout VolleyManagerCompensation, start: Int) {
    let paidAt = min(now - 86_400, start + (14 + Int(rng.next() % 21)) * 86_400)
    record.paymentDone = true
    record.paymentValueDate = chance(0.2) ? SandboxTime.upstream(paidAt) : SandboxTime.dateOnly(paidAt)
    record.paidBy = association.name
  }

  // MARK: Randomness

  static func person(using rng: inout SplitMix64) -> VolleyManagerPerson {
    let female = rng.next() % 2 == 0
    let firstNames = female ? Catalog.femaleFirstNames : Catalog.maleFirstNames
    let first = firstNames[Int(rng.next() % UInt64(firstNames.count))]
    let last = Catalog.lastNames[Int(rng.next() % UInt64(Catalog.lastNames.count))]
    return VolleyManagerPerson(
      id: SandboxIdentifiers.stableUUID("person-name:\(first) \(last)"), firstName: first, lastName: last)
  }

  mutating func uuid() -> String { SandboxIdentifiers.uuid(using: &rng) }
  mutating func chance(_ probability: Double) -> Bool { rng.nextUnitInterval() < probability }
  mutating func pick<Element>(_ items: [Element]) -> Element { items[Int(rng.next() % UInt64(items.count))] }
}

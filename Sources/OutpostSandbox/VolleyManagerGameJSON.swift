/// The nested `refereeGame` / `game` objects shared by assignments, compensations and exchange
/// entries (§3.3, §3.5), in upstream's loose typing: "0"/"1" strings for some flags, integer
/// game numbers, `+00:00` microsecond timestamps, explicit nulls.
enum VolleyManagerGameJSON {
  static func timestamp(_ seconds: Int?) -> SandboxJSON { seconds.map { .string(SandboxTime.upstream($0)) } ?? .null }

  static func flag(_ value: Bool) -> SandboxJSON { .string(value ? "1" : "0") }

  static func person(_ person: VolleyManagerPerson) -> SandboxJSON {
    .object([
      ("__identity", .string(person.id)),
      ("firstName", .string(person.firstName)),
      ("lastName", .string(person.lastName)),
      ("displayName", .string(person.displayName)),
    ])
  }

  /// `activeRefereeConvocation<Pos>`: null for an open slot.
  static func convocation(_ slot: VolleyManagerSlot?) -> SandboxJSON {
    guard let slot else { return .null }
    return .object([
      ("__identity", .string(slot.convocationID)),
      (
        "indoorAssociationReferee",
        .object([
          ("__identity", .string(SandboxIdentifiers.stableUUID("association-referee:\(slot.referee.id)"))),
          (
            "indoorReferee",
            .object([
              ("__identity", .string(SandboxIdentifiers.stableUUID("referee:\(slot.referee.id)"))),
              ("person", person(slot.referee)),
            ])
          ),
        ])
      ),
    ])
  }

  /// `refereeGame`. Exchange entries also carry the flat `active<Pos>RefereeName` strings and,
  /// for the slot on offer, `open<Pos>RefereeName`.
  static func refereeGame(
    _ game: VolleyManagerGame, now: Int, offered: VolleyManagerPosition? = nil, withNames: Bool = false,
    nullGroupWhenValidated: Bool = false
  ) -> SandboxJSON {
    var members: [(String, SandboxJSON)] = [
      ("__identity", .string(game.refereeGameID)),
      ("persistenceObjectIdentifier", .string(game.refereeGameID)),
      ("isGameInFuture", flag(game.start > now)),
    ]
    for position in VolleyManagerPosition.allCases {
      members.append(("activeRefereeConvocation\(position.convocationKey)", convocation(game.slots[position])))
    }
    if withNames {
      for position in VolleyManagerPosition.allCases {
        guard let key = position.nameKey else { continue }
        members.append(
          ("active\(key)RefereeName", game.slots[position].map { .string($0.referee.displayName) } ?? .null))
        let open = position == offered ? game.slots[position].map { SandboxJSON.string($0.referee.displayName) } : nil
        members.append(("open\(key)RefereeName", open ?? .null))
      }
    }
    members.append(("game", Self.game(game, nullGroupWhenValidated: nullGroupWhenValidated)))
    return .object(members)
  }

  /// `refereeGame.game`. Upstream leaves `group` null on some validated games (asking for its
  /// nested paths there gave VolleyKit a 500), so the assignment search does the same for a
  /// fixed third of them (by game number): clients must not assume a league is always there.
  static func game(_ game: VolleyManagerGame, nullGroupWhenValidated: Bool = false, displayName: Bool = false)
    -> SandboxJSON
  {
    var members: [(String, SandboxJSON)] = [
      ("__identity", .string(game.id)),
      ("persistenceObjectIdentifier", .string(game.id)),
      ("number", .int(game.number)),
      ("startingDateTime", timestamp(game.start)),
      // Weekday spelling differs between endpoints upstream; `displayName` marks the
      // compensation search, which writes it out in full.
      ("playingWeekday", .string(SandboxTime.weekdayName(game.start, long: displayName))),
    ]
    if displayName { members.append(("displayName", .string(Self.displayName(game)))) }
    members += [
      (
        "encounter",
        .object([
          ("__identity", .string(SandboxIdentifiers.stableUUID("encounter:\(game.id)"))),
          ("teamHome", team(game.home)),
          ("teamAway", team(game.away)),
        ])
      ),
      (
        "group",
        nullGroupWhenValidated && game.scoresheetClosedAt != nil && game.number % 3 == 0 ? .null : group(game.league)
      ),
      ("hall", hall(game)),
      ("lastPostponement", postponement(game)),
      (
        "scoresheet",
        game.scoresheetClosedAt.map { closedAt in
          .object([
            ("__identity", .string(SandboxIdentifiers.stableUUID("scoresheet:\(game.id)"))),
            ("closedAt", timestamp(closedAt)),
          ])
        } ?? .null
      ),
      ("hasNominationListToReviewByReferee", "0"),
    ]
    return .object(members)
  }

  /// `#388001 | 22.11.2025 19:00 | Team A — Team B (3L, ♀, SVRZ)`, local time.
  static func displayName(_ game: VolleyManagerGame) -> String {
    "#\(game.number) | \(SandboxTime.swissDisplay(game.start)) | \(game.home.name) — \(game.away.name) "
      + "(\(game.league.category), \(game.league.gender == "f" ? "♀" : "♂"), \(game.league.associationCode))"
  }

  private static func team(_ team: VolleyManagerTeam) -> SandboxJSON {
    .object([("__identity", .string(team.id)), ("name", .string(team.name)), ("identifier", .int(team.identifier))])
  }

  private static func group(_ league: VolleyManagerLeague) -> SandboxJSON {
    let id = "\(league.id):\(league.groupName)"
    return .object([
      ("__identity", .string(SandboxIdentifiers.stableUUID("group:\(id)"))),
      ("name", .string(league.groupName)),
      (
        "phase",
        .object([
          ("__identity", .string(SandboxIdentifiers.stableUUID("phase:\(id):\(league.phaseName)"))),
          ("name", .string(league.phaseName)),
          (
            "league",
            .object([
              ("__identity", .string(SandboxIdentifiers.stableUUID("league:\(league.id)"))),
              ("gender", .string(league.gender)),
              (
                "leagueCategory",
                .object([
                  ("__identity", .string(SandboxIdentifiers.stableUUID("category:\(league.category)"))),
                  ("name", .string(league.category)),
                ])
              ),
            ])
          ),
        ])
      ),
    ])
  }

  private static func hall(_ game: VolleyManagerGame) -> SandboxJSON {
    let hall = game.hall
    return .object([
      ("__identity", .string(game.hallID)),
      ("name", .string(hall.name)),
      (
        "primaryPostalAddress",
        .object([
          ("__identity", .string(SandboxIdentifiers.stableUUID("address:\(game.hallID)"))),
          ("additionToAddress", .null),
          // Upstream's combinedAddress is "often just the street".
          ("combinedAddress", .string(hall.street)),
          ("postalCode", .string(hall.postalCode)),
          ("city", .string(hall.city)),
          ("country", .object([("countryCode", "CH"), ("name", "Schweiz")])),
          (
            "geographicalLocation",
            .object([
              ("plusCode", .string(SandboxPlusCode.encode(latitude: hall.latitude, longitude: hall.longitude))),
              ("latitude", .double(hall.latitude)),
              ("longitude", .double(hall.longitude)),
            ])
          ),
        ])
      ),
    ])
  }

  private static func postponement(_ game: VolleyManagerGame) -> SandboxJSON {
    guard let postponedAt = game.postponedAt else { return .null }
    return .object([
      ("__identity", .string(SandboxIdentifiers.stableUUID("postponement:\(game.id):\(postponedAt)"))),
      ("createdAt", timestamp(postponedAt)),
      (
        "activeRefereeConvocationsAtTimeOfAcceptedPostponement",
        .array(game.postponementConvocations.map { .object([("__identity", .string($0))]) })
      ),
    ])
  }
}

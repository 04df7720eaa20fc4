/// The tasks each user starts with: deterministic from the seed and the email, laid out around
/// the sandbox's start so they look current on any day: one overdue since yesterday and done,
/// one without a due date, the rest due over the next three weeks.
enum TasksSeed {
  private static let titles = [
    "Renew the parking permit", "Book the dentist", "Send the club newsletter", "Pay the electricity bill",
    "Return the library books", "Order new referee whistles", "Plan the team dinner", "Water the balcony plants",
    "Fix the bike's back light", "Call the insurance about the claim", "Buy a birthday present for Mia",
    "Update the shared calendar", "Clean out the cellar", "Prepare the tax documents", "Reply to the landlord",
    "Change the winter tyres",
  ]

  static func rows(owners: [String], perUser: Int, seed: UInt64, startMicroseconds: Int64) -> [TasksRow] {
    let start = Int(startMicroseconds / 1_000_000)
    let midnight = start.floorDivided(by: 86_400) * 86_400
    var rows: [TasksRow] = []
    for owner in owners {
      var rng = SplitMix64(seed: seed ^ SandboxIdentifiers.fnv1a("tasks-seed:\(owner)"))
      var titles = Self.titles.shuffled(using: &rng)
      for index in 0..<perUser {
        if titles.isEmpty { titles = Self.titles.shuffled(using: &rng) }
        let title = titles.removeLast() + (index >= Self.titles.count ? " (\(index / Self.titles.count + 1))" : "")
        // Yesterday first, then spread over the three weeks ahead.
        let day = index == 0 ? -1 : 1 + (index - 1) * 20 / max(perUser - 2, 1)
        let hour = 8 + Int(rng.next() % 11)
        let due: Int64? = index == 2 ? nil : Int64(midnight + day * 86_400 + hour * 3600) * 1_000_000
        // Last touched before the start, oldest first, with microseconds as Postgres stamps them.
        let updated = startMicroseconds - Int64((perUser - index) * 3_600_000_000) + Int64(rng.next() % 1_000_000)
        rows.append(
          TasksRow(
            id: rows.count + 1, owner: owner, title: title, dueAt: due, done: index == 0, updatedAt: updated))
      }
    }
    return rows
  }
}

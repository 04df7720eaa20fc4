/// agility.md §5.4: which rows of a file are already there, which may be, and which are new.
/// Existing rows are indexed once (by external id, by import hash, by amount), so a 50,000-row
/// file against as many existing rows stays linear apart from the few candidates per amount.
public enum BankCSVDeduplicator {
  /// §5.4.3: dates at most this many days apart (posting lag).
  public static let maxDayDistance = 3
  /// §5.4.3: token Jaccard similarity needed when neither description contains the other.
  public static let minJaccard = 0.5

  public static func plan(_ file: BankCSVFile, accountID: String, existing: [BankCSVExisting]) -> BankCSVPlan {
    var externalIDs = Set<String>()
    var importHashes = Set<String>()
    // Candidates for §5.4.3, by amount: rows from another source, or pending rows.
    var byAmount: [Int64: [Int]] = [:]
    for (index, row) in existing.enumerated() {
      if let hash = row.importHash { importHashes.insert(hash) }
      guard row.accountID == accountID else { continue }
      if let id = row.externalID { externalIDs.insert(id) }
      if row.source != .csv || row.status == .pending { byAmount[row.amountCents, default: []].append(index) }
    }

    var alreadyPresent: [BankCSVRow] = []
    var pairs: [(row: Int, existing: Int, distance: Int)] = []
    var undecided: [Int] = []
    for (index, row) in file.rows.enumerated() {
      // 1. The same external id on this account; 2. the same import hash.
      if let id = row.externalID, externalIDs.contains(id) {
        alreadyPresent.append(row)
        continue
      }
      if importHashes.contains(row.fingerprint) {
        alreadyPresent.append(row)
        continue
      }
      undecided.append(index)
      guard let candidates = byAmount[row.amountCents] else { continue }
      for candidate in candidates {
        let other = existing[candidate]
        let distance = abs(other.date.dayNumber - row.date.dayNumber)
        guard distance <= maxDayDistance, similar(row.normalised, other.normalised) else { continue }
        pairs.append((index, candidate, distance))
      }
    }

    // 3. Each existing row matches once and the closest date wins; ties by file order, then by
    // the order of `existing`, so the plan is the same every time.
    pairs.sort { ($0.distance, $0.row, $0.existing) < ($1.distance, $1.row, $1.existing) }
    var matchOf: [Int: (existing: Int, distance: Int)] = [:]
    var usedExisting = Set<Int>()
    for pair in pairs where matchOf[pair.row] == nil && !usedExisting.contains(pair.existing) {
      matchOf[pair.row] = (pair.existing, pair.distance)
      usedExisting.insert(pair.existing)
    }

    var new: [BankCSVRow] = []
    var review: [BankCSVReview] = []
    new.reserveCapacity(undecided.count)
    for index in undecided {
      let row = file.rows[index]
      if let match = matchOf[index] {
        review.append(BankCSVReview(row: row, match: existing[match.existing], dayDistance: match.distance))
      } else {
        // 4. Everything else is new.
        new.append(row)
      }
    }
    return BankCSVPlan(
      new: new, alreadyPresent: alreadyPresent, needsReview: review, rejected: file.rejected,
      balanceWarnings: file.balanceWarnings, skipped: file.skipped)
  }

  /// Token Jaccard ≥ 0.5, or one normalised description contains the other. An empty description
  /// (everything dropped by §5.3) is similar to nothing.
  public static func similar(_ a: String, _ b: String) -> Bool {
    guard !a.isEmpty, !b.isEmpty else { return false }
    if a == b || a.contains(b) || b.contains(a) { return true }
    let left = Set(a.split(separator: " "))
    let right = Set(b.split(separator: " "))
    let shared = left.intersection(right).count
    let union = left.count + right.count - shared
    return union > 0 && Double(shared) / Double(union) >= minJaccard
  }
}

/// agility.md §5.2.7: a file's running balance column, checked pair by pair in file order. Banks
/// write files oldest first (BofA) or newest first (Chase), and a card's balance is what is owed
/// (it grows with purchases, which are negative here), so the relation that holds for most pairs
/// is the file's, and a pair that breaks it means a missing row or a wrong sign.
enum BankCSVBalanceCheck {
  struct Entry {
    var line: Int
    /// 0 for a balance-only line.
    var amount: Int64
    var balance: Int64
    /// A rejected row or a row without a balance came before: nothing to compare with.
    var chainStart: Bool
  }

  enum Relation: CaseIterable {
    /// balance_i = balance_{i−1} + amount_i
    case oldestFirstAdding
    /// balance_{i−1} = balance_i + amount_{i−1}
    case newestFirstAdding
    /// balance_i = balance_{i−1} − amount_i
    case oldestFirstSubtracting
    /// balance_{i−1} = balance_i − amount_{i−1}
    case newestFirstSubtracting

    func holds(_ previous: Entry, _ current: Entry) -> Bool {
      expected(previous, current) == (isNewestFirst ? previous.balance : current.balance)
    }

    /// What the checked balance should have been.
    func expected(_ previous: Entry, _ current: Entry) -> Int64 {
      switch self {
      case .oldestFirstAdding: previous.balance &+ current.amount
      case .oldestFirstSubtracting: previous.balance &- current.amount
      case .newestFirstAdding: current.balance &+ previous.amount
      case .newestFirstSubtracting: current.balance &- previous.amount
      }
    }

    var isNewestFirst: Bool { self == .newestFirstAdding || self == .newestFirstSubtracting }
  }

  static func check(_ entries: [Entry]) -> (warnings: [BankCSVBalanceWarning], newestFirst: Bool) {
    var counts = [Int](repeating: 0, count: Relation.allCases.count)
    var pairs = 0
    for index in entries.indices.dropFirst() where !entries[index].chainStart {
      pairs += 1
      for (rank, relation) in Relation.allCases.enumerated() where relation.holds(entries[index - 1], entries[index]) {
        counts[rank] += 1
      }
    }
    guard pairs > 0 else { return ([], false) }
    // Ties go to the earlier case: oldest first and adding is the common statement.
    let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
    let relation = Relation.allCases[best]
    var warnings: [BankCSVBalanceWarning] = []
    for index in entries.indices.dropFirst() where !entries[index].chainStart {
      let previous = entries[index - 1]
      let current = entries[index]
      guard !relation.holds(previous, current) else { continue }
      let (checked, from) = relation.isNewestFirst ? (previous, current) : (current, previous)
      let message =
        "line \(checked.line): the balance \(BankCSVMoney.plain(checked.balance)) does not follow from line "
        + "\(from.line)'s balance \(BankCSVMoney.plain(from.balance)) and the amount "
        + "\(BankCSVMoney.plain(relation.isNewestFirst ? previous.amount : current.amount)) (expected "
        + "\(BankCSVMoney.plain(relation.expected(previous, current)))): rows are missing between lines "
        + "\(previous.line) and \(current.line), or an amount has the wrong sign"
      warnings.append(BankCSVBalanceWarning(line: current.line, message: message))
    }
    return (warnings, relation.isNewestFirst)
  }
}

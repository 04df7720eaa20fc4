import OutpostModel
import OutpostRPC

/// How accounts read in a terminal.
enum AccountText {
  /// "offline (der Dienst ist nicht erreichbar: …)": the state and its reason in the user's language.
  static func state(_ account: Account) -> String {
    let name = stateName(account.state)
    guard let reason = account.stateReason else { return name }
    return "\(name) (\(Terminal.say(account.stateReasonPhrase, or: reason)))"
  }

  static func stateName(_ state: AccountState) -> String {
    switch state {
    case .ok: localized(.accountStateOK)
    case .needsLogin: localized(.accountStateNeedsLogin)
    case .keyringLocked: localized(.accountStateKeyringLocked)
    case .offline: localized(.accountStateOffline)
    case .error: localized(.accountStateError)
    }
  }

  static func identity(_ result: AccountLoginResult) -> String {
    identity(result.identity, fallback: result.account.username ?? result.account.name)
  }

  static func identity(_ identity: AccountIdentity?, fallback: String) -> String {
    let name = identity?.displayName ?? fallback
    guard let groups = identity?.groups, !groups.isEmpty else { return name }
    return "\(name) [\(groups.joined(separator: ", "))]"
  }

  static func status(_ result: AccountsStatus.Result) -> String {
    let account = result.account
    var rows: [(String, String)] = [
      (localized(.accountState), state(account)),
      (
        localized(.accountSession),
        localized(result.sessionActive ? .accountSessionActive : .accountSessionNone)
      ),
    ]
    if result.sessionActive, let identity = result.identity {
      rows.append((localized(.accountIdentity), self.identity(identity, fallback: account.username ?? "")))
    }
    if let last = account.lastLoginAt { rows.append((localized(.accountLastLogin), Terminal.localTime(last))) }
    let width = rows.map(\.0.count).max()! + 2
    var text = "\(account.name)  \(account.kind)  \(account.username ?? "")  \(account.baseURL)"
    for (label, value) in rows { text += "\n" + label + String(repeating: " ", count: width - label.count) + value }
    if let check = result.check {
      text +=
        "\n"
        + (check.ok
          ? localized(.accountCheckOK)
          : localized(.accountCheckFailed, Terminal.say(check.problemPhrase, or: check.problem ?? "?")))
    }
    return text
  }

  /// Columns padded to their widest cell.
  static func table(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    return all.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
      }.joined()
    }.joined(separator: "\n")
  }
}

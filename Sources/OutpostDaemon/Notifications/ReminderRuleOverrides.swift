import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostReminders
import OutpostStore

/// One account's own start reminders (for every kind that takes them), set with `outpost reminders rules
/// --account NAME …` and kept in the store's meta table; what is not set follows `[reminders]`.
struct ReminderRuleOverride: Codable, Sendable, Equatable {
  /// `HH:MM`, or `off`; nil: as configured.
  var eveningBefore: String?
  /// 0 for none; nil: as configured.
  var beforeMinutes: Int?

  static let metaKey = "reminder-rules"

  /// The rules `base` becomes for an account with this override.
  func applied(to base: ReminderRules) -> ReminderRules {
    var rules = base
    for kind in NotificationSettings.startKinds {
      var start = base[kind]
      if let eveningBefore {
        if eveningBefore == "off" {
          start.eveningBefore = nil
        } else if let time = try? LocalTime.parse(eveningBefore) {
          start.eveningBefore = .init(
            time: time, minimumLead: base[kind].eveningBefore?.minimumLead ?? .seconds(3 * 3600))
        }
      }
      if let beforeMinutes { start.beforeStart = beforeMinutes > 0 ? .seconds(beforeMinutes * 60) : nil }
      rules.kinds[kind] = start
    }
    return rules
  }

  /// How `rules` reads for clients: the rules most kinds follow, then each kind whose own
  /// differ (a kind that declares its own evening time), so that what is shown is what fires.
  static func describe(_ rules: ReminderRules, account: String?) -> [RemindersRules.Rule] {
    let kinds = NotificationSettings.startKinds
    func rule(_ kindRules: ReminderRules.KindRules, kind: ItemKind?) -> RemindersRules.Rule {
      RemindersRules.Rule(
        account: account, eveningBefore: kindRules.eveningBefore.map { "\($0.time)" },
        beforeMinutes: kindRules.beforeStart.map { Int($0.components.seconds / 60) }, kind: kind?.rawValue,
        kindNoun: kind.flatMap { ConnectorRegistry.itemKind($0)?.nouns })
    }
    // The rules most kinds follow are the general line; the others are said per kind.
    let plain = kinds.map { rule(rules[$0], kind: nil) }
    guard
      let general = plain.max(by: { one, other in
        plain.count { $0 == one } < plain.count { $0 == other }
      })
    else { return [rule(.none, kind: nil)] }
    let own = kinds.filter { rule(rules[$0], kind: nil) != general }.sorted { $0.rawValue < $1.rawValue }
    return [general] + own.map { rule(rules[$0], kind: $0) }
  }
}

extension ReminderService {
  /// Lists the rules, and changes one account's first when asked; re-plans after a change.
  func rules(_ params: RemindersRules.Params) async throws(RPCError) -> RemindersRules.Result {
    let accounts: [String: String]
    do { accounts = try await store.accounts().reduce(into: [:]) { $0[$1.name.lowercased()] = $1.id } } catch {
      throw AccountService.storeFailure(error)
    }
    var overrides = await loadOverrides()
    if let name = params.account {
      guard let id = accounts[name.lowercased()] else { throw .accountNotFound(name) }
      var override = params.reset == true ? ReminderRuleOverride() : overrides[id] ?? ReminderRuleOverride()
      if let evening = params.eveningBefore {
        guard evening == "off" || (try? LocalTime.parse(evening)) != nil else {
          throw .invalidParams("the evening reminder is a time like 19:30, or off; not \(evening)")
        }
        override.eveningBefore = evening
      }
      if let minutes = params.beforeMinutes {
        guard (0...10080).contains(minutes) else {
          throw .invalidParams("minutes before the start: 0–10080, not \(minutes)")
        }
        override.beforeMinutes = minutes
      }
      overrides[id] = override == ReminderRuleOverride() ? nil : override
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let text = String(decoding: (try? encoder.encode(overrides)) ?? Data("{}".utf8), as: UTF8.self)
      do { try await store.setMetaValue(ReminderRuleOverride.metaKey, text) } catch {
        throw AccountService.storeFailure(error)
      }
      await replan()
    }
    let names = Dictionary(uniqueKeysWithValues: accounts.map { ($1, $0) })
    var listed: [RemindersRules.Rule] = []
    for (id, override) in overrides.sorted(by: { (names[$0.key] ?? "") < (names[$1.key] ?? "") }) {
      guard let name = names[id] else { continue }
      listed += ReminderRuleOverride.describe(override.applied(to: rules), account: name)
    }
    return RemindersRules.Result(rules: ReminderRuleOverride.describe(rules, account: nil) + listed)
  }

  /// Account id → its override, as stored.
  func loadOverrides() async -> [String: ReminderRuleOverride] {
    guard let text = try? await store.metaValue(ReminderRuleOverride.metaKey) else { return [:] }
    return (try? JSONDecoder().decode([String: ReminderRuleOverride].self, from: Data(text.utf8))) ?? [:]
  }
}

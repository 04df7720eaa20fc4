import Foundation
import OutpostConnectors
import OutpostRPC
import OutpostStore

/// `notifications.*` and `reminders.*`.
enum NotificationHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    let store = services.store
    let centre = services.notifications

    registry.register(NotificationsList.self) { params, _ in
      let category = try params.category.map(Self.category)
      let limit = params.limit ?? 50
      guard (1...1000).contains(limit) else { throw RPCError.invalidParams("limit must be 1–1000, not \(limit)") }
      do throws(StoreError) {
        let names = try await store.accounts().reduce(into: [String: String]()) { $0[$1.id] = $1.name }
        let listed = try await store.notifications(unreadOnly: params.unread ?? false, category: category, limit: limit)
        return NotificationsList.Result(
          notifications: listed.map { Self.info($0, names: names) }, unread: try await store.unreadNotificationCount())
      } catch {
        throw AccountService.storeFailure(error)
      }
    }

    registry.register(NotificationsRead.self) { params, _ in
      let all = params.all ?? false
      guard all != (params.ids != nil) else {
        throw RPCError.invalidParams("give either ids or all, not both or neither")
      }
      if let ids = params.ids, ids.isEmpty { throw RPCError.invalidParams("ids is empty") }
      // A number the centre does not have is a typo to correct, not "0 marked".
      for id in params.ids ?? [] {
        let known: Bool
        do throws(StoreError) { known = try await store.notification(id: id) != nil } catch {
          throw AccountService.storeFailure(error)
        }
        if !known {
          throw RPCError.invalidParams("there is no notification \(id) (`outpost notifications` lists them)")
        }
      }
      do throws(StoreError) {
        let marked = try await centre.markRead(ids: all ? nil : params.ids)
        return NotificationsRead.Result(marked: marked, unread: try await store.unreadNotificationCount())
      } catch {
        throw AccountService.storeFailure(error)
      }
    }

    registry.register(NotificationsPrefs.self) { params, _ in
      let enable = try (params.enable ?? []).map(Self.category)
      let disable = try (params.disable ?? []).map(Self.category)
      if let both = Set(enable).intersection(disable).first {
        throw RPCError.invalidParams("\(both.rawValue) is both enabled and disabled")
      }
      var quiet: QuietHours??
      if let text = params.quietHours {
        if text == "off" {
          quiet = .some(nil)
        } else if let hours = QuietHours(text) {
          quiet = .some(hours)
        } else {
          throw RPCError.invalidParams("quiet hours look like 22:00-07:00 (or off), not \(text)")
        }
      }
      var accountID: String?
      var accountKind: String?
      if let name = params.account {
        guard let account = try await services.store.account(named: name) else { throw RPCError.accountNotFound(name) }
        accountID = account.id
        accountKind = account.kind
      }
      // One account's switches, or everyone's.
      let keys = { (categories: [NotificationCategory]) in
        categories.map { category in
          accountID.map { NotificationPreferences.key(category.rawValue, accountID: $0) } ?? category.rawValue
        }
      }
      var switches = try await Self.serviceSwitches(store, accountID: accountID)
      // For one account, a category its service switches is that switch alone: no key of this
      // desktop's is kept for it, which would be ignored (and read as a second setting).
      let local = { (categories: [NotificationCategory]) in
        categories.filter { accountID == nil || (switches[$0.rawValue] ?? []).isEmpty }
      }
      let (enableKeys, disableKeys) = (keys(local(enable)), keys(local(disable)))
      // One setting: a category the account's service switches is switched there too (queued
      // when it cannot be reached), before this desktop's, so a refusal changes nothing. Each
      // change is waited for, so the list below says what the service holds now, or that the
      // change waits in the queue.
      let wanted = enable.map { ($0, true) } + disable.map { ($0, false) }
      for (category, on) in wanted {
        for found in switches[category.rawValue] ?? [] where found.on != on {
          guard let action = found.action else { continue }
          _ = try await ActionHandlers.queue(
            action.rawValue, on: .account(found.account.name), params: [found.detail: .bool(on)], wait: true,
            services)
        }
      }
      if !wanted.isEmpty { switches = try await Self.serviceSwitches(store, accountID: accountID) }
      var preferences = await centre.preferences
      if !enable.isEmpty || !disable.isEmpty || quiet != nil {
        do throws(StoreError) {
          preferences = try await centre.update { prefs in
            for key in enableKeys { prefs.disabled.remove(key) }
            for key in disableKeys { prefs.disabled.insert(key) }
            if let quiet { prefs.quietHours = quiet }
          }
        } catch {
          throw AccountService.storeFailure(error)
        }
      }
      return NotificationsPrefs.Result(
        categories: ConnectorRegistry.notificationCategories(of: accountKind).map { name in
          let found = switches[name] ?? []
          // Off at the service is what the service holds: a change still queued is not there yet.
          let off = found.filter { !$0.on && !$0.waiting }.map(\.account.name)
          let waiting = found.filter(\.waiting).map(\.account.name)
          // For one account whose service switches the category, that switch is the one
          // setting (as shown); for all, each account's own line says.
          let enabled =
            found.isEmpty
            ? preferences.enabled(name, accountID: accountID)
            : accountID != nil ? found.allSatisfy(\.on) : found.contains(where: \.on)
          return .init(
            name: name, enabled: enabled, offAtService: off.isEmpty ? nil : off,
            waitingForService: waiting.isEmpty ? nil : waiting)
        }, quietHours: preferences.quietHours?.description, available: await centre.available ?? false,
        server: await centre.serverName)
    }

    registry.register(RemindersList.self) { params, _ in
      RemindersList.Result(reminders: try await services.reminders.list(all: params.all ?? false))
    }
    registry.register(RemindersSnooze.self) { params, _ in
      RemindersSnooze.Result(
        reminder: try await services.reminders.snooze(number: params.number, duration: params.duration))
    }
    registry.register(RemindersRules.self) { params, _ in try await services.reminders.rules(params) }
    registry.register(RemindersDismiss.self) { params, _ in
      RemindersDismiss.Result(reminder: try await services.reminders.dismiss(number: params.number))
    }
  }

  static func serviceSwitches(_ store: Store, accountID: String?) async throws -> [String: [ServiceCategorySwitch]] {
    do throws(StoreError) {
      return try await ServiceCategorySwitch.read(store, accountID: accountID)
    } catch {
      throw AccountService.storeFailure(error)
    }
  }

  static func category(_ name: String) throws(RPCError) -> NotificationCategory {
    let known = ConnectorRegistry.notificationCategories
    guard known.contains(name) else {
      throw .invalidParams("unknown category \"\(name)\"; use one of \(known.joined(separator: ", "))")
    }
    return NotificationCategory(rawValue: name)
  }

  static func info(_ notification: StoredNotification, names: [String: String]) -> NotificationInfo {
    NotificationInfo(
      id: notification.id, category: notification.category.rawValue,
      account: notification.accountID.map { names[$0] ?? $0 }, item: notification.itemNumber,
      summary: notification.summary, body: notification.body, link: notification.link,
      createdAt: notification.createdAt, readAt: notification.readAt, delivery: notification.delivery.rawValue)
  }
}

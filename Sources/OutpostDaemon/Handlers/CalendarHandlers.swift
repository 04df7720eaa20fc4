import Foundation
import OutpostConnectors
import OutpostRPC

/// `calendar.*`.
enum CalendarHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    let calendars = services.calendars
    registry.register(CalendarExport.self) { params, _ in
      var accountID: String?
      if let name = params.account {
        guard let account = try await services.store.account(named: name) else { throw RPCError.accountNotFound(name) }
        accountID = account.id
      }
      let rendered = try await calendars.render(accountID: accountID, name: params.account)
      return CalendarExport.Result(calendar: String(decoding: rendered.bytes, as: UTF8.self), events: rendered.events)
    }

    registry.register(CalendarStatus.self) { _, _ in
      let files = await calendars.files().map { file in
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        return CalendarStatus.File(name: file.name, path: file.path, bytes: size)
      }
      return CalendarStatus.Result(
        filesEnabled: calendars.enabled, directory: calendars.directory, files: files,
        lastWrittenAt: await calendars.lastRun, caldav: try await services.caldav.infos())
    }

    registry.register(CalendarCalDAVAdd.self) { params, _ in try await services.caldav.add(params) }
    registry.register(CalendarCalDAVRemove.self) { params, _ in try await services.caldav.remove(params) }
    registry.register(CalendarCalDAVSync.self) { params, _ in
      var url: String?
      if let given = params.url {
        let normalized = (try? CalDAVCollection(given).url) ?? given
        guard try await services.caldav.infos().contains(where: { $0.url == normalized }) else {
          throw RPCError.calendarTargetNotFound(given)
        }
        url = normalized
      }
      return CalendarCalDAVSync.Result(pushes: await services.caldav.pushNow(url: url))
    }

    registry.register(CalendarURL.self) { _, _ in
      let names = try await services.store.accounts().map(\.name)
      guard let addresses = services.feed.addresses(accountNames: names) else {
        throw RPCError(
          code: RPCError.feedUnavailableCode,
          message:
            "The calendar feed is not serving: it is off (config calendar.feed) or could not start; see the daemon's log"
        )
      }
      return CalendarURL.Result(
        feeds: addresses.map { CalendarURL.Feed(calendar: $0.calendar, http: $0.http, webcal: $0.webcal) })
    }
  }
}

import Foundation
import OutpostModel
import OutpostRPC

/// `daemon.hello` and `daemon.status`.
enum DaemonHandlers {
  /// Method namespaces and optional behaviours, for clients to feature-test.
  static let capabilities = [
    "daemon", "events", "events.since", "accounts", "items", "sync", "actions", "calendar", "calendar.caldav",
    "snapshot", "notifications", "reminders",
  ]

  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    registry.register(DaemonHello.self) { params, context in
      if let client = params.client {
        services.logger.debug("hello from \(client)", metadata: ["connection": "\(context.peer.connectionID)"])
      }
      return DaemonHello.Result(
        product: ProductInfo.name, version: ProductInfo.version, apiVersion: ProductInfo.apiVersion,
        capabilities: capabilities)
    }

    registry.register(DaemonStatus.self) { _, _ in
      var components: [DaemonStatus.Component] = []
      do {
        try await services.store.ping()
        components.append(.init(name: "store", health: .ok))
      } catch {
        components.append(
          .init(name: "store", health: .failed, detail: "the database does not answer; see the daemon's log"))
      }
      components.append(.init(name: "rpc", health: .ok))
      components.append(.init(name: "events", health: .ok))
      switch await services.notifications.available {
      case true?: components.append(.init(name: "notifications", health: .ok))
      case false?:
        components.append(
          .init(
            name: "notifications", health: .degraded,
            detail: "no notification server on the session bus: notifications are kept, see `outpost notifications`"))
      case nil: break
      }
      // Accounts that are not fine say so here too (a failing sync, a login to give).
      if let accounts = try? await services.store.accounts(), !accounts.isEmpty {
        let troubled = accounts.filter { $0.state != .ok }
        components.append(
          .init(
            name: "accounts", health: troubled.isEmpty ? .ok : .degraded,
            detail: troubled.isEmpty
              ? nil
              : troubled.map { "\($0.name): \($0.state.rawValue)\($0.stateReason.map { " — " + $0 } ?? "")" }
                .joined(separator: "\n")))
      }
      let now = Date()
      return DaemonStatus.Result(
        version: ProductInfo.version, pid: getpid(), startedAt: services.startedAt,
        uptimeSeconds: (now.timeIntervalSince(services.startedAt) * 1000).rounded() / 1000,
        socketPath: services.paths.socketPath, storePath: services.store.path,
        configPath: services.paths.configFilePath,
        counts: .init(
          connections: services.connectionCount, subscribers: services.events.subscriberCount,
          eventsRetained: services.events.retainedCount, lastEventSeq: services.events.lastSeq),
        components: components)
    }
  }
}

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
        components.append(.init(name: "store", health: .failed, lines: [Phrase("status.storeSilent")]))
      }
      components.append(.init(name: "rpc", health: .ok))
      components.append(.init(name: "events", health: .ok))
      switch await services.notifications.available {
      case true?: components.append(.init(name: "notifications", health: .ok))
      case false?:
        components.append(
          .init(name: "notifications", health: .degraded, lines: [Phrase("status.noNotificationServer")]))
      case nil: break
      }
      // Accounts that are not fine say so here too (a failing sync, a login to give).
      if let accounts = try? await services.store.accounts(), !accounts.isEmpty {
        let troubled = accounts.filter { $0.state != .ok }
        components.append(
          troubled.isEmpty
            ? .init(name: "accounts", health: .ok)
            : .init(name: "accounts", health: .degraded, lines: troubled.map(Self.problem)))
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

  /// "books: offline — the service cannot be reached: …", in each reader's language.
  static func problem(of account: Account) -> Phrase {
    let reason = account.stateReasonPhrase ?? account.stateReason.map(Phrase.verbatim)
    guard let reason else { return Phrase("status.account", .text(account.name), .phrase(account.state.phrase)) }
    return Phrase("status.accountWithReason", .text(account.name), .phrase(account.state.phrase), .phrase(reason))
  }
}

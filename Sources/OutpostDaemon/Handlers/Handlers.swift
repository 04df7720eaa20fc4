import OutpostRPC

/// Every handler the daemon serves, registered in one place. The schema tests compare this set
/// with `RPCMethods.all` and `rpc-schema/openrpc.json`.
enum Handlers {
  static func registry(services: DaemonServices) -> RPCHandlerRegistry {
    var registry = RPCHandlerRegistry()
    DaemonHandlers.register(into: &registry, services: services)
    EventsHandlers.register(into: &registry, services: services)
    AccountHandlers.register(into: &registry, accounts: services.accounts, calendars: services.calendars)
    ItemHandlers.register(into: &registry, services: services)
    ActionHandlers.register(into: &registry, services: services)
    QueryHandlers.register(into: &registry, services: services)
    ImportHandlers.register(into: &registry, services: services)
    CalendarHandlers.register(into: &registry, services: services)
    SnapshotHandlers.register(into: &registry, services: services)
    NotificationHandlers.register(into: &registry, services: services)
    return registry
  }
}

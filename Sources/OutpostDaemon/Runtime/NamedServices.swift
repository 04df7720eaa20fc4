import ServiceLifecycle

extension [ServiceGroupConfiguration.ServiceConfiguration] {
  /// The daemon's services, each named by its type in the group's log lines.
  ///
  /// ServiceLifecycle names a service it is given bare by `"\(service)"`: a reflective walk over
  /// every stored property, whose first conformance checks scan the binary's conformance records.
  /// That cost 2 to 4 ms of every start, before the socket was served (docs/performance.md).
  static func named(_ services: [any Service]) -> Self {
    services.map { service in
      ServiceGroupConfiguration.ServiceConfiguration(
        service: service, serviceName: _typeName(type(of: service), qualified: false))
    }
  }
}

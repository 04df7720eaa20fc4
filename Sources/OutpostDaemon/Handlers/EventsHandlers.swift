import OutpostRPC

/// `events.subscribe` and `events.unsubscribe`.
enum EventsHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    registry.register(EventsSubscribe.self) { params, context in
      if let since = params.since, since < 0 {
        throw RPCError.invalidParams("since must be 0 or a sequence number the daemon gave")
      }
      if let types = params.types, types.isEmpty || types.contains(where: \.isEmpty) {
        throw RPCError.invalidParams("types must list non-empty prefixes, or be left out for all events")
      }
      let (result, activate) = services.events.subscribe(peer: context.peer, params: params)
      context.whenReplied(activate)
      return result
    }

    registry.register(EventsUnsubscribe.self) { _, context in
      EventsUnsubscribe.Result(unsubscribed: services.events.unsubscribe(context.peer))
    }
  }
}

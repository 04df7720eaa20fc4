import Foundation
import Logging
import OutpostModel
import OutpostRPC
import OutpostStore
import Synchronization

/// Records events in the store and pushes them to subscribed connections, in sequence order.
/// Keeps the newest `retained` events in memory too, so a reconnecting client's `since` is
/// answered without touching the database.
final class EventHub: Sendable {
  private struct Subscriber {
    var peer: any RPCPeer
    var prefixes: [String]?
    /// Before the subscribe reply is on the wire, events wait here (replay first, then live).
    var pending: [OutpostEvent]?

    func wants(_ event: OutpostEvent) -> Bool {
      prefixes.map { $0.contains { event.type.hasPrefix($0) } } ?? true
    }
  }

  private struct State {
    var recent: [OutpostEvent]
    var lastSeq: Int64
    var subscribers: [UInt64: Subscriber] = [:]
  }

  private let store: Store
  private let retained: Int
  private let logger: Logger
  private let state: Mutex<State>
  /// In-process listeners (snapshots, notifications): called for every event, in order, on the
  /// store's writer, so they must only hand the event on, never wait.
  private let listeners = Mutex<[@Sendable (OutpostEvent) -> Void]>([])

  init(store: Store, retained: Int, logger: Logger) async throws {
    self.store = store
    self.retained = retained
    self.logger = logger
    let log = try await store.eventLog(limit: retained)
    self.state = Mutex(State(recent: log.recent, lastSeq: log.lastSeq))
  }

  var subscriberCount: Int { state.withLock { $0.subscribers.count } }
  var retainedCount: Int { state.withLock { $0.recent.count } }
  var lastSeq: Int64 { state.withLock { $0.lastSeq } }

  /// Records an event and pushes it to every subscriber that wants it.
  @discardableResult
  func publish(_ type: String, _ data: JSONValue = [:]) async throws(StoreError) -> OutpostEvent {
    try await store.appendEvent(type: type, data: data, retain: retained) { [self] event in
      // Runs in the store's serial writer, so events fan out in sequence order.
      fanOut(event)
    }
  }

  /// Adds an in-process listener; see `listeners`.
  func listen(_ listener: @escaping @Sendable (OutpostEvent) -> Void) {
    listeners.withLock { $0.append(listener) }
  }

  private func fanOut(_ event: OutpostEvent) {
    for listener in listeners.withLock({ $0 }) { listener(event) }
    let line: [UInt8]
    do {
      line = try RPCDispatcher.notification(EventNotification.self, event)
    } catch {
      logger.error("cannot encode event \(event.seq): \(error)")
      return
    }
    // The pushes happen after the lock is released: a push to a peer that hung up closes its
    // connection, whose close handler unsubscribes, which takes this lock again (a recursive
    // lock of a Mutex ends the process).
    let live = state.withLock { state -> [(UInt64, any RPCPeer)] in
      state.recent.append(event)
      if state.recent.count > retained { state.recent.removeFirst(state.recent.count - retained) }
      state.lastSeq = max(state.lastSeq, event.seq)
      var live: [(UInt64, any RPCPeer)] = []
      for (id, subscriber) in state.subscribers where subscriber.wants(event) {
        if subscriber.pending != nil {
          state.subscribers[id]!.pending!.append(event)
        } else {
          live.append((id, subscriber.peer))
        }
      }
      return live
    }
    let gone = live.filter { !$0.1.push(line) }
    if !gone.isEmpty { drop(gone) }
  }

  /// Forgets subscribers whose connection is gone, unless they subscribed again meanwhile.
  private func drop(_ gone: [(UInt64, any RPCPeer)]) {
    state.withLock { state in
      for (id, peer) in gone where state.subscribers[id].map({ $0.peer === peer }) ?? false {
        state.subscribers[id] = nil
      }
    }
  }

  /// Subscribes `peer`; the returned activation pushes the replay and anything that arrived
  /// meanwhile, and must run once the reply is on the wire.
  func subscribe(peer: any RPCPeer, params: EventsSubscribe.Params) -> (EventsSubscribe.Result, @Sendable () -> Void) {
    let result = state.withLock { state -> EventsSubscribe.Result in
      let oldest = state.recent.first?.seq
      var replay: [OutpostEvent] = []
      var resyncNeeded = false
      if let since = params.since {
        if since > state.lastSeq {
          resyncNeeded = true
        } else if since < state.lastSeq {
          // Every event after `since` must still be here, or the client has missed some.
          if let oldest, since + 1 >= oldest {
            replay = state.recent.filter { $0.seq > since }
          } else {
            resyncNeeded = true
          }
        }
      }
      var subscriber = Subscriber(peer: peer, prefixes: params.types, pending: nil)
      replay = replay.filter(subscriber.wants)
      subscriber.pending = replay
      state.subscribers[peer.connectionID] = subscriber
      return EventsSubscribe.Result(
        currentSeq: state.lastSeq, oldestSeq: oldest, replayed: replay.count, resyncNeeded: resyncNeeded)
    }
    let id = peer.connectionID
    return (result, { [self] in activate(id) })
  }

  /// Pushes the subscriber's waiting events in batches outside the lock (see `fanOut`); events
  /// that arrive meanwhile join the queue, and only once it is empty do new ones go out live,
  /// so the order holds.
  private func activate(_ id: UInt64) {
    while true {
      let batch = state.withLock { state -> (peer: any RPCPeer, events: [OutpostEvent])? in
        guard let subscriber = state.subscribers[id], let pending = subscriber.pending else { return nil }
        if pending.isEmpty {
          state.subscribers[id]!.pending = nil
          return nil
        }
        state.subscribers[id]!.pending = []
        return (subscriber.peer, pending)
      }
      guard let batch else { return }
      for event in batch.events {
        guard let line = try? RPCDispatcher.notification(EventNotification.self, event), batch.peer.push(line) else {
          drop([(id, batch.peer)])
          return
        }
      }
    }
  }

  /// Returns whether the peer had a subscription.
  @discardableResult
  func unsubscribe(_ peer: any RPCPeer) -> Bool {
    state.withLock { $0.subscribers.removeValue(forKey: peer.connectionID) != nil }
  }
}

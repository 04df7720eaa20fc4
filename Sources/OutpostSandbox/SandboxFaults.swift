import Synchronization

/// How badly one module's upstream misbehaves, set with `POST /__admin/faults`.
struct SandboxFaultSettings: Sendable, Equatable {
  /// Added before every reply of the module.
  var latencyMilliseconds = 0
  /// Fraction (0…1) of requests answered 503 instead of being served.
  var errorRate = 0.0
  /// Every Nth request (counted from the last change of these settings) is answered 429; 0 never.
  var rateLimitEvery = 0
  /// The `Retry-After` of those 429s.
  var retryAfterSeconds = 2
  /// Fraction (0…1) of replies with a body whose transfer stops halfway: the full Content-Length
  /// is announced, half the body is sent, then the connection closes.
  var truncateRate = 0.0
  /// Fraction (0…1) of replies with a body whose body is cut to invalid JSON, with a
  /// Content-Length that matches, so only a parser notices.
  var malformedRate = 0.0

  static let keys = [
    "latencyMilliseconds", "errorRate", "rateLimitEvery", "retryAfterSeconds", "truncateRate", "malformedRate",
  ]
  static let maximumLatencyMilliseconds = 60_000

  var json: SandboxJSON {
    .object([
      ("latencyMilliseconds", .int(latencyMilliseconds)), ("errorRate", .double(errorRate)),
      ("rateLimitEvery", .int(rateLimitEvery)), ("retryAfterSeconds", .int(retryAfterSeconds)),
      ("truncateRate", .double(truncateRate)), ("malformedRate", .double(malformedRate)),
    ])
  }

  /// Applies the keys present in `body`, after checking all of them, so a bad value changes nothing.
  func updated(by body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxFaultSettings {
    var copy = self
    if let value = try body.int("latencyMilliseconds") {
      guard (0...Self.maximumLatencyMilliseconds).contains(value) else {
        throw SandboxAdminError("latencyMilliseconds must be 0…\(Self.maximumLatencyMilliseconds)")
      }
      copy.latencyMilliseconds = value
    }
    if let value = try body.int("rateLimitEvery") {
      guard value >= 0 else { throw SandboxAdminError("rateLimitEvery must be 0 (off) or more") }
      copy.rateLimitEvery = value
    }
    if let value = try body.int("retryAfterSeconds") {
      guard (0...86_400).contains(value) else { throw SandboxAdminError("retryAfterSeconds must be 0…86400") }
      copy.retryAfterSeconds = value
    }
    let rates: [(String, WritableKeyPath<SandboxFaultSettings, Double>)] = [
      ("errorRate", \.errorRate), ("truncateRate", \.truncateRate), ("malformedRate", \.malformedRate),
    ]
    for (key, path) in rates {
      guard let value = try body.double(key) else { continue }
      guard (0...1).contains(value) else { throw SandboxAdminError("\(key) must be between 0 and 1") }
      copy[keyPath: path] = value
    }
    return copy
  }
}

/// What the host does to a request before the module sees it.
enum SandboxFault: Sendable, Equatable {
  case rateLimited(retryAfterSeconds: Int)
  case unavailable
}

/// Applies each module's fault settings around its replies, with one seeded RNG per module, so
/// a run with the same seed and the same requests injects the same faults.
final class SandboxFaultInjector: Sendable {
  private struct ModuleFaults {
    var settings = SandboxFaultSettings()
    var requestsSinceChange = 0
    var rng: SplitMix64
    var injected: [String: Int] = [:]
  }

  private let modules: Mutex<[SandboxServiceName: ModuleFaults]>

  init(seed: UInt64) {
    modules = Mutex(
      Dictionary(
        uniqueKeysWithValues: SandboxServiceName.allCases.map {
          ($0, ModuleFaults(rng: SplitMix64(seed: seed ^ SandboxIdentifiers.fnv1a("faults:\($0.rawValue)"))))
        }))
  }

  /// The latency to add, and the fault that replaces the module's answer, if any.
  func before(_ name: SandboxServiceName) -> (latency: Int, fault: SandboxFault?) {
    modules.withLock { modules in
      guard var module = modules[name] else { return (0, nil) }
      defer { modules[name] = module }
      module.requestsSinceChange += 1
      let settings = module.settings
      if settings.rateLimitEvery > 0 && module.requestsSinceChange % settings.rateLimitEvery == 0 {
        module.injected["rateLimited", default: 0] += 1
        return (settings.latencyMilliseconds, .rateLimited(retryAfterSeconds: settings.retryAfterSeconds))
      }
      if settings.errorRate > 0 && module.rng.nextUnitInterval() < settings.errorRate {
        module.injected["unavailable", default: 0] += 1
        return (settings.latencyMilliseconds, .unavailable)
      }
      return (settings.latencyMilliseconds, nil)
    }
  }

  /// Damages the module's reply when the dice say so. Only replies with a body: an empty 204
  /// cannot be cut short.
  func after(_ response: SandboxResponse, _ name: SandboxServiceName) -> SandboxResponse {
    guard response.body.count > 1 else { return response }
    return modules.withLock { modules in
      guard var module = modules[name] else { return response }
      defer { modules[name] = module }
      var damaged = response
      if module.settings.truncateRate > 0 && module.rng.nextUnitInterval() < module.settings.truncateRate {
        module.injected["truncated", default: 0] += 1
        damaged.truncatedBodyBytes = response.body.count / 2
      } else if module.settings.malformedRate > 0 && module.rng.nextUnitInterval() < module.settings.malformedRate {
        module.injected["malformed", default: 0] += 1
        damaged.body = Array(response.body.prefix(response.body.count / 2))
      }
      return damaged
    }
  }

  /// Replaces the settings; the rate-limit count starts again, so `rateLimitEvery: 2` means
  /// "the second request from now".
  func update(_ name: SandboxServiceName, _ body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    let current = modules.withLock { $0[name]?.settings ?? SandboxFaultSettings() }
    let settings = try current.updated(by: body)
    modules.withLock {
      $0[name]?.settings = settings
      $0[name]?.requestsSinceChange = 0
    }
    return json(name)
  }

  /// The settings plus how many faults of each kind were injected so far.
  func json(_ name: SandboxServiceName) -> SandboxJSON {
    let module = modules.withLock { $0[name] }
    guard let module, case .object(var members) = module.settings.json else { return .null }
    let kinds = ["rateLimited", "unavailable", "truncated", "malformed"]
    members.append(("injected", .object(kinds.map { ($0, .int(module.injected[$0] ?? 0)) })))
    return .object(members)
  }
}

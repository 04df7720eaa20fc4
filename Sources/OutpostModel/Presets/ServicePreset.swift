/// A named set of settings of one service that comes from configuration, not from code: one
/// of the Agile Network's brands (agile-network.md §1: its name, colours, link scheme and
/// domain, Keycloak realm and client, API addresses). Outpost ships the known ones in
/// `share/outpost/presets.toml`; the user's `config.toml` adds more or changes single values
/// with the same `[[agile.brands]]` tables.
///
/// Nested tables are flattened to dotted keys (`keycloak.realm`, `deep_link.scheme`), every
/// value kept as text, so a connector reads them like its options.
public struct ServicePreset: Codable, Sendable, Equatable {
  public var id: String
  public var values: [String: String]

  public init(id: String, values: [String: String]) {
    self.id = id
    self.values = values
  }

  public subscript(key: String) -> String? { values[key] }

  /// The preset with `other`'s values laid over its own, key by key: a user who points one
  /// brand at another host writes only `keycloak.base_url`.
  public func overlaid(with other: ServicePreset) -> ServicePreset {
    ServicePreset(id: id, values: values.merging(other.values) { _, new in new })
  }
}

/// Every configured preset, by the table that lists them (`agile.brands`), in file order.
public struct ServicePresets: Codable, Sendable, Equatable {
  public var tables: [String: [ServicePreset]]

  public init(tables: [String: [ServicePreset]] = [:]) { self.tables = tables }

  public func presets(in table: String) -> [ServicePreset] { tables[table] ?? [] }

  public func preset(_ id: String, in table: String) -> ServicePreset? {
    presets(in: table).first { $0.id == id }
  }

  /// These presets with `user`'s laid over them: a known id takes the user's values over the
  /// shipped ones, a new id is added after the shipped ones.
  public func overlaid(with user: ServicePresets) -> ServicePresets {
    var merged = tables
    for (table, presets) in user.tables {
      var list = merged[table] ?? []
      for preset in presets {
        if let index = list.firstIndex(where: { $0.id == preset.id }) {
          list[index] = list[index].overlaid(with: preset)
        } else {
          list.append(preset)
        }
      }
      merged[table] = list
    }
    return ServicePresets(tables: merged)
  }
}

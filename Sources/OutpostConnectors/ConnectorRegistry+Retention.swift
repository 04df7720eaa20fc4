import OutpostModel

extension ConnectorRegistry {
  /// What the purge keeps, from what every kind declares (`ItemKindDeclaration.retention`) and
  /// what every view reads: a view that reads a kind's last 800 days keeps them, whatever the
  /// kind says, so no view loses its data to the purge. `defaultDays`: `sync.retention_days`.
  public static func retentionPolicy(defaultDays: Int) -> RetentionPolicy {
    var readFor: [ItemKind: Int] = [:]
    for query in queries {
      guard let source = query.fromStore else { continue }
      for kind in source.kinds { readFor[kind] = max(readFor[kind] ?? 0, source.pastDays) }
    }
    var rules: [ItemKind: RetentionPolicy.Rule] = [:]
    for declaration in itemKinds where rules[declaration.kind] == nil {
      rules[declaration.kind] = RetentionPolicy.Rule(
        retention: declaration.retention, readForDays: readFor[declaration.kind] ?? 0)
    }
    return RetentionPolicy(rules: rules, defaultDays: defaultDays)
  }
}

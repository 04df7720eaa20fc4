import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The built-in kinds of connector, by the name users type. Adding a service means adding its
/// folder and one line in `kinds`; the daemon, the queue, the RPC layer and the CLI find
/// everything else (sessions, actions and their preconditions) through the entry.
public enum ConnectorRegistry {
  public static let kinds: [ConnectorKind] = [
    .acting(VolleyManagerConnector.self),
    .syncing(ICalFeedConnector.self),
    .acting(TasksConnector.self),
    .acting(AgileNetworkConnector.self),
    .acting(RPPConnector.self),
    .acting(ViiRaaConnector.self),
    .acting(AgilityConnector.self),
  ]

  public static var descriptors: [ConnectorDescriptor] { kinds.map(\.descriptor) }

  public static func kind(_ name: String) -> ConnectorKind? { kinds.first { $0.descriptor.kind == name } }

  public static func descriptor(for kind: String) -> ConnectorDescriptor? { self.kind(kind)?.descriptor }

  /// The item kinds that are appointments (agenda, calendars, bars), as the connectors declare.
  public static var appointmentKinds: Set<ItemKind> {
    Set(kinds.flatMap(\.descriptor.itemKinds).filter(\.appointment).map(\.kind))
  }

  /// Every kind of item, as its connector declares it.
  public static var itemKinds: [ItemKindDeclaration] { kinds.flatMap(\.descriptor.itemKinds) }

  /// Looked up once per listed item (`items.list` shows thousands): built once, not per call.
  public static func itemKind(_ kind: ItemKind) -> ItemKindDeclaration? { itemKindsByKind[kind] }

  private static let itemKindsByKind: [ItemKind: ItemKindDeclaration] = Dictionary(
    itemKinds.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })

  /// The kinds of item that take the start reminders the user configures.
  public static var startReminderKinds: [ItemKind] { itemKinds.filter(\.startReminders).map(\.kind) }

  /// The service apps' link schemes, in registry order.
  public static var linkSchemes: [LinkScheme] { kinds.flatMap(\.descriptor.linkSchemes) }

  /// The link schemes with those the configured presets bring (each brand's own), each once.
  public static func linkSchemes(presets: ServicePresets) -> [LinkScheme] {
    var seen = Set<String>()
    let configured = descriptors.flatMap { descriptor -> [LinkScheme] in
      guard let declaration = descriptor.presets else { return [] }
      return presets.presets(in: declaration.table).compactMap(declaration.linkScheme(for:))
    }
    return (linkSchemes + configured).filter { seen.insert($0.name).inserted }
  }

  /// The configuration tables of presets some connector reads (`agile.brands`).
  public static var presetTables: Set<String> { Set(descriptors.compactMap(\.presets?.table)) }

  /// The preset an account's options name, for a kind that takes one.
  public static func preset(kind: String, options: [String: String]?, in presets: ServicePresets) -> ServicePreset? {
    guard let declaration = descriptor(for: kind)?.presets, let id = options?[declaration.option] else { return nil }
    return presets.preset(id, in: declaration.table)
  }

  /// Every notification category: Outpost's own, then each connector's, each once.
  public static var notificationCategories: [String] { notificationCategories(of: nil) }

  /// Outpost's own categories and those the service `kind` declares (every service's: nil).
  public static func notificationCategories(of kind: String?) -> [String] {
    var seen = Set<String>()
    let kinds = kind.map { name in descriptors.filter { $0.kind == name }.flatMap(\.itemKinds) } ?? itemKinds
    let declared = kinds.flatMap(\.announcements).map(\.category)
    let core = [
      "reminder", "changed", "cancelled", "action-failed", "queue-replayed", "needs-login", "sync-failing", "signed-in",
    ]
    return (core + declared).filter {
      seen.insert($0).inserted
    }
  }

  /// Every live query of every connector, in registry order.
  public static var queries: [QueryDeclaration] { kinds.flatMap(\.queries) }

  public static func query(_ name: String) -> (kind: ConnectorKind, declaration: QueryDeclaration)? {
    for kind in kinds {
      if let declaration = kind.queries.first(where: { $0.name == name }) { return (kind, declaration) }
    }
    return nil
  }

  /// Every kind of file import of every connector, in registry order.
  public static var imports: [ImportDeclaration] {
    kinds.flatMap { ($0.connectorType as? any ImportingConnector.Type)?.imports ?? [] }
  }

  public static func importKind(_ name: String) -> (kind: ConnectorKind, declaration: ImportDeclaration)? {
    for kind in kinds {
      if let declaration = (kind.connectorType as? any ImportingConnector.Type)?.imports.first(where: {
        $0.name == name
      }) {
        return (kind, declaration)
      }
    }
    return nil
  }

  /// Every action of every connector, in registry order.
  public static var actions: [ActionDeclaration] { kinds.flatMap(\.actions) }

  public static func action(_ name: ActionType) -> (kind: ConnectorKind, declaration: ActionDeclaration)? {
    for kind in kinds {
      if let declaration = kind.actions.first(where: { $0.name == name }) { return (kind, declaration) }
    }
    return nil
  }
}

/// One kind of connector, with its type erased: how to make an account's session keeper, what
/// it can do, and the precondition of each action.
public struct ConnectorKind: Sendable {
  public let descriptor: ConnectorDescriptor
  public let actions: [ActionDeclaration]
  /// What it answers live (`QueryingConnector`) or from the store (`StoreViewingConnector`);
  /// none for most. Asked when a query comes, not when `kinds` is built at every start: a
  /// failed cast to a protocol walks all of the binary's conformance records, and the fourteen
  /// of `kinds` were 0.5 ms of a socket-activated start (docs/performance.md, "Start to ready").
  public var queries: [QueryDeclaration] {
    ((connectorType as? any QueryingConnector.Type)?.queries ?? [])
      + ((connectorType as? any StoreViewingConnector.Type)?.storeViews ?? [])
  }
  /// The connector's type, for what it may also be (`SecretAddressConnector`).
  let connectorType: any Connector.Type
  let makeKeeper:
    @Sendable (
      ConnectorAccount, any HTTPTransport, any CredentialVault, Phrase?,
      @escaping @Sendable (SessionEvent) async -> Void
    ) -> any AccountSession
  let preparation: @Sendable (ActionType, Item, [String: JSONValue], Date) throws(ActionRefusal) -> PreparedAction
  let accountPreparation: @Sendable (ActionType, [String: JSONValue], Date) throws(ActionRefusal) -> PreparedAction

  /// A connector that syncs and acts.
  public static func acting<C: SyncingConnector & ActingConnector>(_ type: C.Type) -> ConnectorKind {
    ConnectorKind(
      descriptor: C.descriptor, actions: C.actions, connectorType: C.self,
      makeKeeper: keeperMaker(C.self),
      preparation: { type, item, params, now throws(ActionRefusal) in
        try C.prepare(type, on: item, params: params, now: now)
      },
      accountPreparation: { type, params, now throws(ActionRefusal) in
        try C.prepare(type, params: params, now: now)
      })
  }

  /// A connector that only syncs.
  public static func syncing<C: SyncingConnector>(_ type: C.Type) -> ConnectorKind {
    ConnectorKind(
      descriptor: C.descriptor, actions: [], connectorType: C.self,
      makeKeeper: keeperMaker(C.self),
      preparation: { type, _, _, _ throws(ActionRefusal) in throw .notAllowed("\(type.rawValue) is not declared") },
      accountPreparation: { type, _, _ throws(ActionRefusal) in
        throw .notAllowed("\(type.rawValue) is not declared")
      })
  }

  /// A question answered from the store (`QueryDeclaration.fromStore`), by the connector.
  public func answerFromStore(
    _ name: String, params: [String: JSONValue], items: [Item], points: [SeriesPoint] = [], options: [String: String],
    now: Date
  ) throws(ActionRefusal) -> JSONValue {
    guard let viewing = connectorType as? any StoreViewingConnector.Type else {
      throw .notAllowed("\(descriptor.displayName) answers nothing from the store")
    }
    return try viewing.answer(name, params: params, items: items, points: points, options: options, now: now)
  }

  /// An import of files, by the connector (`ImportingConnector`).
  public func importFiles(_ name: String, files: [ImportFile], context: ImportContext) throws(ActionRefusal)
    -> ImportPlan
  {
    guard let importing = connectorType as? any ImportingConnector.Type else {
      throw .notAllowed("\(descriptor.displayName) imports no files")
    }
    return try importing.importFiles(name, files: files, context: context)
  }

  private static func keeperMaker<C: Connector>(_ type: C.Type)
    -> @Sendable (
      ConnectorAccount, any HTTPTransport, any CredentialVault, Phrase?,
      @escaping @Sendable (SessionEvent) async -> Void
    ) -> any AccountSession
  {
    { account, transport, vault, stoppedReason, report in
      SessionKeeper(
        connector: C(account: account, transport: transport), account: account, vault: vault,
        stoppedReason: stoppedReason, report: report)
    }
  }

  /// Checks an action on the account (a booking) before it is queued: its parameters, then
  /// the connector's own preparation (which fixes its idempotency key).
  public func prepare(_ declaration: ActionDeclaration, params: JSONValue?, now: Date) throws(ActionRefusal)
    -> PreparedAction
  {
    guard declaration.onAccount else {
      let kinds = declaration.targets.map(\.rawValue).joined(separator: " or ")
      throw .invalidParams("\(declaration.name.rawValue) is done to a \(kinds) item: name its number")
    }
    let checked = try declaration.validate(params)
    return try accountPreparation(declaration.name, checked, now)
  }

  /// Checks an action before it is queued: its parameters against the declaration, then the
  /// connector's precondition against the item as last synced.
  public func prepare(_ declaration: ActionDeclaration, on item: Item, params: JSONValue?, now: Date)
    throws(ActionRefusal) -> PreparedAction
  {
    guard declaration.targets.contains(item.kind) else {
      if declaration.onAccount {
        throw .invalidParams("\(declaration.name.rawValue) is done to an account, not to an item: name the account")
      }
      // The kinds by their nouns in each language ("Tauschangebot", not "exchange").
      func nouns(_ language: Language) -> (targets: String, item: String) {
        let noun = { (kind: ItemKind) in ConnectorRegistry.itemKind(kind)?.noun(in: language) ?? kind.rawValue }
        return (declaration.targets.map { "«\(noun($0))»" }.joined(separator: ", "), "«\(noun(item.kind))»")
      }
      let name = declaration.name.rawValue
      let (en, de, fr, it) = (nouns(.en), nouns(.de), nouns(.fr), nouns(.it))
      throw .said(
        LocalizedText(
          en: "\(name) applies to \(en.targets), not to \(en.item)",
          de: "\(name) gilt für \(de.targets), nicht für \(de.item)",
          fr: "\(name) s'applique à \(fr.targets), pas à \(fr.item)",
          it: "\(name) vale per \(it.targets), non per \(it.item)"))
    }
    let checked = try declaration.validate(params)
    return try preparation(declaration.name, item, checked, now)
  }
}

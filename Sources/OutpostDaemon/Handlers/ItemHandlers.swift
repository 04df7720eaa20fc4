import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import OutpostSync

/// `items.*` and `sync.*`.
enum ItemHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    let store = services.store
    registry.register(ItemsList.self) { params, _ in
      let (items, accounts) = try await selection(params, store: store)
      let language = spoken(params.language)
      return ItemsList.Result(
        items: items.map { listed($0, accounts, details: params.details != false, language: language) },
        freshness: try await freshness(params, services))
    }

    registry.register(ItemsLines.self) { params, _ in
      var params = params
      params.details = false
      let (items, _) = try await selection(params, store: store)
      return ItemsLines.Result(
        lines: items.map {
          ItemLine(number: $0.number, item: $0.item, display: display($0.item, language: spoken(params.language)))
        }, freshness: try await freshness(params, services))
    }

    registry.register(ItemsShow.self) { params, _ in
      guard let stored = try await store.item(number: params.number) else { throw RPCError.itemNotFound(params.number) }
      return listed(stored, try await accountNames(store), language: spoken(params.language), fields: true)
    }

    registry.register(ItemsResolve.self) { params, _ in
      let link: DeepLink
      let schemes = ConnectorRegistry.linkSchemes(presets: services.presets)
      switch DeepLink.parse(params.link, schemes: schemes) {
      case .success(let parsed): link = parsed
      case .failure(let problem): throw RPCError.invalidParams(problem.description)
      }
      if case .command(let command) = link { return ItemsResolve.Result(item: nil, webPage: nil, command: command) }
      if case .signInCallback(let scheme, let fields) = link {
        let signedIn = try await services.accounts.completeSignInLink(scheme: scheme, fields: fields)
        return ItemsResolve.Result(item: nil, webPage: nil, signedIn: signedIn)
      }
      let accounts = try await accountNames(store)
      let found: StoredItem?
      if case .item(let number) = link {
        found = try await store.item(number: number)
      } else {
        found = link.pick(try await store.items(accountID: nil, kinds: nil, startingIn: nil))
      }
      let listedItem = found.map { listed($0, accounts, fields: true) }
      // A brand's link to something the store does not hold (older content, an expert not
      // followed) opens the brand's own page for it.
      if found == nil, case .service(let own) = link,
        let page = schemes.lazy.compactMap({ $0.webPage(for: own) }).first
      {
        return ItemsResolve.Result(item: nil, webPage: page)
      }
      return ItemsResolve.Result(
        item: listedItem, webPage: webPage(link: link, item: found, account: found.flatMap { accounts[$0.accountID] }))
    }

    registry.register(SyncRun.self) { params, _ in
      let targets = try await store.accounts().filter {
        params.account == nil || $0.name.lowercased() == params.account!.lowercased()
      }
      if let name = params.account, targets.isEmpty { throw RPCError.accountNotFound(name) }
      var results: [SyncRun.AccountSync] = []
      for account in targets {
        guard params.wait == true else {
          let engine = services.sync
          let full = params.full == true
          Task { _ = await engine.sync(accountID: account.id, full: full) }
          results.append(.init(account: account.name, outcome: .started))
          continue
        }
        guard let report = await services.sync.sync(accountID: account.id, full: params.full == true) else {
          results.append(.init(account: account.name, outcome: .unsupported))
          continue
        }
        switch report.outcome {
        case .synced:
          let stored = report.seriesChanges.values.reduce(0) { $0 + $1.stored }
          let removed = report.seriesChanges.values.reduce(0) { $0 + $1.removed }
          results.append(
            .init(
              account: account.name, outcome: .synced, changes: .init(report.changes),
              points: stored + removed > 0 ? .init(stored: stored, removed: removed) : nil))
        case .notModified: results.append(.init(account: account.name, outcome: .notModified))
        case .unsupported: results.append(.init(account: account.name, outcome: .unsupported))
        case .stopped:
          let stopped = Phrase("sync.stopped")
          results.append(.init(account: account.name, outcome: .failed, error: stopped.english, errorPhrase: stopped))
        case .failed(let error, let retryAt):
          let parked = await services.sync.status(accountID: account.id)?.parked == true
          results.append(
            .init(
              account: account.name, outcome: .failed, error: error.english, errorPhrase: error, retryAt: retryAt,
              parked: parked ? true : nil))
        }
      }
      // With --wait the calendars are current when the reply comes (normally they follow a
      // moment after a sync, off the request path).
      if params.wait == true,
        results.contains(where: { ($0.changes.map { $0.new + $0.changed + $0.cancelled + $0.removed } ?? 0) > 0 })
      {
        await services.calendars.regenerateNow()
      }
      return SyncRun.Result(accounts: results)
    }

    registry.register(SyncStatusMethod.self) { _, _ in
      var statuses: [SyncStatusMethod.AccountStatus] = []
      for account in try await store.accounts() {
        let status = await services.sync.status(accountID: account.id) ?? SyncStatus()
        statuses.append(
          .init(
            account: account.name, lastAttemptAt: status.lastAttemptAt, lastSuccessAt: status.lastSuccessAt,
            nextRunAt: status.nextRunAt, lastError: status.lastError, offline: status.offline, running: status.running,
            failures: status.consecutiveFailures > 0 ? status.consecutiveFailures : nil,
            failingSince: status.failingSince, parked: status.parked ? true : nil,
            progress: status.progress.map { .init(pages: $0.pages, rows: $0.rows) },
            lastErrorPhrase: status.lastErrorPhrase))
      }
      return SyncStatusMethod.Result(accounts: statuses)
    }
  }

  static func accountNames(_ store: Store) async throws -> [String: Account] {
    Dictionary(uniqueKeysWithValues: try await store.accounts().map { ($0.id, $0) })
  }

  /// The items `items.list` and `items.lines` select, with every account by id (for their names).
  /// Without details (`details: false`), only the members `display` reads are read.
  static func selection(
    _ params: ItemsList.Params, store: Store
  ) async throws -> (items: [StoredItem], accounts: [String: Account]) {
    let all: [Account]
    var accountID: String?
    if let name = params.account {
      let found = try await store.accounts(selecting: name)
      guard let account = found.selected else { throw RPCError.accountNotFound(name) }
      (all, accountID) = (found.all, account.id)
    } else {
      all = try await store.accounts()
    }
    let accounts = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    var range: ClosedRange<Date>?
    if params.from != nil || params.to != nil {
      let from = params.from ?? .distantPast
      let to = params.to ?? .distantFuture
      guard from <= to else { throw RPCError.invalidParams("from is after to") }
      range = from...to
    }
    var accountIDs: Set<String>?
    if let service = params.service {
      guard ConnectorRegistry.kind(service) != nil else {
        let known = ConnectorRegistry.descriptors.map(\.kind).joined(separator: ", ")
        throw RPCError.invalidParams("unknown service \"\(service)\"; known: \(known)")
      }
      accountIDs = Set(all.filter { $0.kind == service }.map(\.id))
    }
    let needle = params.text?.trimmingCharacters(in: .whitespaces).lowercased()
    let statuses = params.statuses.map(Set.init)
    // The kinds asked for and, for an agenda, only the appointments among them: SQLite leaves
    // out an account's other items (content, transactions) instead of them being read, built
    // and dropped here.
    var kinds = params.kinds?.map(ItemKind.init(rawValue:))
    if params.appointments == true {
      let appointments = ConnectorRegistry.appointmentKinds
      kinds = (kinds ?? Array(appointments)).filter(appointments.contains).sorted { $0.rawValue < $1.rawValue }
    }
    if kinds?.isEmpty == true { return ([], accounts) }
    let items = try await store.items(
      accountID: accountID, kinds: kinds, startingIn: range,
      detailKeys: params.details == false ? displayDetailKeys : nil
    ).filter { stored in
      (accountIDs?.contains(stored.accountID) ?? true) && (statuses?.contains(stored.item.status) ?? true)
        && (needle.map { text in
          text.isEmpty || stored.item.title.lowercased().contains(text)
            || (stored.item.location?.lowercased().contains(text) ?? false)
        } ?? true)
    }
    return (items, accounts)
  }

  /// Without `details`, the item's details are left out; `display` is made from them first.
  static func listed(
    _ stored: StoredItem, _ accounts: [String: Account], details: Bool = true, language: Language = .en,
    fields: Bool = false
  ) -> ListedItem {
    let account = accounts[stored.accountID]
    var item = stored.item
    let shown = display(item, language: language, fields: fields)
    if !details { item.details = .object([:]) }
    return ListedItem(
      number: stored.number, account: account?.name ?? stored.accountID, service: account?.kind, item: item,
      updatedAt: stored.updatedAt, removedAt: stored.removedAt, display: shown)
  }

  /// The language a request asks for; English when it names none or one Outpost does not speak.
  static func spoken(_ language: String?) -> Language { language.flatMap(Language.init(rawValue:)) ?? .en }

  /// Every member of the details that `display` reads, for any kind: all `items.list` reads of
  /// the details when it leaves them out.
  static let displayDetailKeys: Set<String> = ConnectorRegistry.itemKinds.reduce(["allDay"]) {
    $0.union($1.displayKeys)
  }

  /// How the item shows, as its connector declares its kind; its labelled fields only for
  /// one item shown in full (`items.show`), not in every line of a list.
  static func display(_ item: Item, language: Language = .en, fields withFields: Bool = false) -> ItemDisplay? {
    guard let declaration = ConnectorRegistry.itemKind(item.kind) else { return nil }
    let amount = declaration.amount(of: item)
    // What the subtitle says already is not a field again.
    let labelled =
      withFields ? declaration.labelledFields(of: item, in: language, except: Set(declaration.subtitle)) : []
    let fields = labelled.map {
      ItemDisplay.Field(
        label: $0.label, value: $0.value,
        format: $0.format == .metres
          ? DetailField.Format.decimal.rawValue
          : [.day, .time, .decimal, .money].contains($0.format) ? $0.format.rawValue : nil)
    }
    return ItemDisplay(
      noun: declaration.noun(in: language), subtitle: declaration.subtitle(of: item, in: language),
      amount: amount?.value, currency: amount?.currency, allDay: item.details["allDay"] == .bool(true) ? true : nil,
      fields: fields.isEmpty ? nil : fields)
  }

  /// The page to open: the web address given, the item's own web address, or the page of its
  /// service that lists the user's items (as the connector declares it).
  static func webPage(link: DeepLink, item: StoredItem?, account: Account?) -> String? {
    if case .web(let url, _) = link { return url }
    if case .string(let url)? = item?.item.details["url"], url.hasPrefix("https://") || url.hasPrefix("http://") {
      return url
    }
    guard let account, account.baseURL.hasPrefix("https://") || account.baseURL.hasPrefix("http://") else {
      return nil
    }
    let base = account.baseURL.hasSuffix("/") ? String(account.baseURL.dropLast()) : account.baseURL
    return base + (ConnectorRegistry.descriptor(for: account.kind)?.webHome ?? "")
  }
}

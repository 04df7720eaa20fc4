import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore

/// `imports.*`: files the user has (a CGM export) read into an account by its connector. The
/// new items are stored at once, so they show offline; one queued action sends them to the
/// service, performed by the sync engine when it can be reached.
enum ImportHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    registry.register(ImportsKinds.self) { params, _ in
      if let service = params.service, ConnectorRegistry.kind(service) == nil {
        let known = ConnectorRegistry.descriptors.map(\.kind).joined(separator: ", ")
        throw RPCError.invalidParams("unknown service \"\(service)\"; known: \(known)")
      }
      return ImportsKinds.Result(
        imports: ConnectorRegistry.imports.filter { params.service == nil || $0.service == params.service })
    }
    registry.register(ImportsRun.self) { params, _ in try await run(params, services) }
  }

  static func run(_ params: ImportsRun.Params, _ services: DaemonServices) async throws -> ImportsRun.Result {
    guard let (kind, declaration) = ConnectorRegistry.importKind(params.kind) else {
      let known = ConnectorRegistry.imports.map(\.name).joined(separator: ", ")
      throw RPCError.invalidParams("unknown import \"\(params.kind)\"; known: \(known.isEmpty ? "none" : known)")
    }
    guard !params.files.isEmpty else { throw RPCError.invalidParams("name at least one file") }
    guard params.files.count <= 100 else { throw RPCError.invalidParams("at most 100 files at once") }
    let checked: [String: JSONValue]
    do {
      checked = try declaration.parameters.validate(params.params, for: declaration.name)
    } catch {
      if case .invalid(let reason) = error { throw RPCError.invalidParams(reason) }
      throw RPCError.invalidParams(error.description)
    }
    let account = try await QueryHandlers.account(params.account, of: kind.descriptor, services)
    let files = try params.files.map { try read($0, limit: declaration.maxBytes) }

    let store = services.store
    var existing: [ItemKind: Set<String>] = [:]
    for dedupKind in declaration.dedupKinds {
      existing[dedupKind] = try await store.upstreamIDs(accountID: account.id, kind: dedupKind)
        .union(store.seriesKeys(accountID: account.id, kind: dedupKind))
    }
    let context = try await store.items(accountID: account.id, kinds: declaration.contextKinds).map(\.item)
    let plan: ImportPlan
    do throws(ActionRefusal) {
      plan = try kind.importFiles(
        declaration.name, files: files,
        context: ImportContext(
          existing: existing, items: context, options: account.options ?? [:], params: checked, now: Date()))
    } catch {
      switch error {
      case .invalidParams(let detail): throw RPCError.invalidParams(detail)
      case .notAllowed(let detail): throw RPCError.actionNotAllowed(detail)
      case .refused(let reason): throw RPCError.actionNotAllowed(reason)
      case .invalid(let reason): throw RPCError.invalidParams(reason)
      }
    }
    if params.dryRun == true || plan.isEmpty {
      return ImportsRun.Result(account: account.name, summary: plan.summary, stored: 0, action: nil)
    }
    // Stored like a sync that lists only these (nothing else of the account is touched), with
    // the action that sends them in the same transaction: both or neither.
    let outcome = try await store.applySync(
      accountID: account.id, items: plan.items, points: plan.points, complete: [],
      window: SyncWindow(from: .distantPast, to: .distantFuture), cursor: nil,
      queueing: plan.action.map { Store.ActionDraft(type: $0.0, target: $0.1.target, params: $0.1.params) })
    let stored = outcome.changes.count + outcome.seriesChanges.values.reduce(0) { $0 + $1.stored }
    var number: Int64?
    if let action = outcome.queued {
      number = action.number
      services.logger.notice(
        "import \(declaration.name) into \(account.name): \(stored) item(s) or point(s) stored, action #\(action.number) queued to send them"
      )
      let engine = services.sync
      Task { _ = await engine.syncQueued(accountID: account.id) }
    }
    await services.snapshots.refreshSoon()
    return ImportsRun.Result(
      account: account.name, summary: plan.summary, stored: stored, action: number)
  }

  /// One file, refused before it is read when it is too large, with what to do about it.
  static func read(_ path: String, limit: Int) throws -> ImportFile {
    guard path.hasPrefix("/") else { throw RPCError.invalidParams("\(path): give the file's absolute path") }
    let name = (path as NSString).lastPathComponent
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw RPCError.invalidParams("\(path): no such file, or it cannot be read")
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw RPCError.invalidParams("\(path): not a regular file")
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size <= limit else {
      throw RPCError.invalidParams("\(name): not imported: the file is \(size) bytes; the limit is \(limit)")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RPCError.invalidParams("\(path): cannot be read (permissions?)")
    }
    return ImportFile(name: name, bytes: Array(data))
  }
}

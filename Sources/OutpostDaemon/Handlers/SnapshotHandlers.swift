import OutpostModel
import OutpostRPC
import OutpostSnapshot

/// `snapshot.*`.
enum SnapshotHandlers {
  static func register(into registry: inout RPCHandlerRegistry, services: DaemonServices) {
    registry.register(SnapshotGet.self) { params, _ in
      let name = params.format ?? SnapshotFormat.json.rawValue
      guard let format = SnapshotFormat(rawValue: name) else {
        let known = SnapshotFormat.allCases.map(\.rawValue).joined(separator: ", ")
        throw RPCError.invalidParams("unknown format \"\(name)\"; use one of \(known)")
      }
      let snapshot: Snapshot
      do {
        snapshot = try await services.snapshots.current(
          language: params.language.flatMap(Language.init(rawValue:)), region: params.region)
      } catch {
        throw RPCError(code: RPCError.internalErrorCode, message: "the store cannot be read: \(error)")
      }
      return SnapshotGet.Result(
        format: format.rawValue, content: String(decoding: format.render(snapshot), as: UTF8.self),
        validUntil: snapshot.validUntil)
    }
  }
}

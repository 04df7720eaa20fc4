import OutpostModel

// `outpost agenda` (and every `items.list` or `items.lines` request) writes its params by hand
// (JSONDirectlyEncodable): the generic encoder's keyed container, instantiated on first use, is a
// short command's cost, not its work (issue 20). The same bytes as the synthesized Encodable, which
// Foundation's encoder checks in SyncCodingProperties. The daemon reads them the generic way.

extension ItemsList.Params: JSONDirectlyEncodable {
  public func writeJSON(into object: inout JSONObjectWriter) {
    object.member("account", account)
    object.member("appointments", appointments)
    object.member("details", details)
    object.member("from", from)
    object.member("kinds", kinds)
    object.member("language", language)
    object.member("service", service)
    object.member("statuses", statuses?.map(\.rawValue))
    object.member("text", text)
    object.member("to", to)
  }
}

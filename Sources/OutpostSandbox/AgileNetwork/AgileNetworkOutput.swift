import GraphQL

/// The executed result as the client gets it: `data` and `errors` in §5's shape, with the
/// reply-level faults (an enum value the schema lacks, an extra field) applied on the way out.
enum AgileNetworkOutput {
  static func reply(_ result: GraphQLResult, mode: AgileResponseMode, faults: AgileNetworkFaults) -> SandboxResponse {
    var members: [(String, SandboxJSON)] = []
    // No data and no error from a field: the request failed before execution (variables that
    // do not fit, an unknown operation name), which is 400 like a validation error.
    let executed = result.data != nil || result.errors.contains { !$0.path.elements.isEmpty || $0.originalError != nil }
    if !executed {
      return AgileNetworkReplies.requestError(
        .badRequest, mode, AgileNetworkReplies.errors(result.errors, requestFailed: true))
    }
    if var data = result.data.map(AgileNetworkJSON.json) {
      if faults.unknownEnumValue { data = withUnknownEnum(data) }
      if faults.extraField { data = withExtraField(data) }
      members.append(("data", data))
    } else {
      members.append(("data", .null))
    }
    if !result.errors.isEmpty {
      members.append(("errors", .array(AgileNetworkReplies.errors(result.errors, requestFailed: !executed))))
    }
    return .json(.ok, .object(members), contentType: mode.contentType)
  }

  /// Members that hold enum values in §6's types.
  static let enumMembers: Set<String> = ["status", "kind", "type", "provider", "interval", "source"]
  static let unknownValue = "UNKNOWN_FUTURE_VALUE"

  static func withUnknownEnum(_ json: SandboxJSON) -> SandboxJSON {
    switch json {
    case .object(let members):
      .object(
        members.map { key, value in
          if enumMembers.contains(key), case .string = value { return (key, .string(unknownValue)) }
          return (key, withUnknownEnum(value))
        })
    case .array(let items): .array(items.map(withUnknownEnum))
    default: json
    }
  }

  static func withExtraField(_ json: SandboxJSON) -> SandboxJSON {
    switch json {
    case .object(let members): .object(members.map { ($0, withExtraField($1)) } + [("experimentalField", "sandbox")])
    case .array(let items): .array(items.map(withExtraField))
    default: json
    }
  }
}

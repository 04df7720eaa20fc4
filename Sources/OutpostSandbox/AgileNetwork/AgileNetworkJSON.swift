import GraphQL
import OrderedCollections

/// Between the sandbox's JSON and GraphQLSwift's `Map`: variables go in, results come out with
/// their member order kept (the order of the query's selections).
enum AgileNetworkJSON {
  static func map(_ json: SandboxJSON) -> Map {
    switch json {
    case .string(let text): .string(text)
    case .int(let number): .number(Number(number))
    case .double(let number): .number(Number(number))
    case .bool(let flag): .bool(flag)
    case .null: .null
    case .array(let items): .array(items.map(map))
    case .object(let members):
      .dictionary(OrderedDictionary(members.map { ($0.0, map($0.1)) }, uniquingKeysWith: { _, last in last }))
    }
  }

  static func json(_ map: Map) -> SandboxJSON {
    switch map {
    case .undefined, .null: .null
    case .bool(let flag): .bool(flag)
    case .number(let number):
      number.storageType == .double ? .double(number.doubleValue) : .int(number.intValue)
    case .string(let text): .string(text)
    case .array(let items): .array(items.map(json))
    case .dictionary(let members): .object(members.map { ($0.key, json($0.value)) })
    }
  }
}

import OutpostModel

/// A request id: JSON-RPC allows a string, a number or null. Fractional numbers are refused as
/// an invalid request (the specification says they SHOULD NOT be used, and echoing them back
/// exactly is not possible with every JSON library).
public enum RPCID: Sendable, Hashable, Codable {
  case string(String)
  case number(Int64)
  case null

  init?(_ value: JSONValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .int(let number): self = .number(number)
    case .null: self = .null
    default: return nil
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let number = try? container.decode(Int64.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    case .null: try container.encodeNil()
    }
  }
}

extension HTTPTransportError {
  /// The connector class of a request that got no HTTP answer, as the engine acts on it: out
  /// of reach is offline, a timeout or a broken connection is retried, a bad URL is the user's.
  public var connectorError: ConnectorError {
    switch self {
    case .unreachable(let detail): .unreachable(detail)
    case .timedOut: .transient("the request timed out")
    case .connectionLost(let detail): .transient("the connection broke: \(detail)")
    case .tls(let detail): .unreachable("the secure connection failed: \(detail)")
    case .invalidURL(let url): .unsupported("not a usable URL: \(url)")
    case .responseTooLarge(let limit): .unexpectedReply("the reply was larger than \(limit) bytes")
    case .cancelled: .transient("the request was cancelled")
    }
  }
}

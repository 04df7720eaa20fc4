import OutpostConnectors

/// The tests' HTTP clients: AsyncHTTPClient, as the daemon uses it. They live as long as the test
/// process (AsyncHTTPClient wants a shutdown before a client goes, and a process-wide one never
/// goes), so tests share them instead of making one each.
enum TestHTTP {
  /// For requests that do real work (a sync, a CalDAV push): generous under a loaded machine.
  static let transport = AsyncHTTPTransport(options: options(read: 60))
  /// For readiness polls, where a quick "not yet" is what the caller wants.
  static let quick = AsyncHTTPTransport(options: options(read: 2))

  private static func options(read seconds: Int64) -> AsyncHTTPTransport.Options {
    var options = AsyncHTTPTransport.Options()
    options.connectTimeout = .seconds(min(seconds, 10))
    options.readTimeout = .seconds(seconds)
    return options
  }
}

import OutpostConnectors

/// The calendar tests' HTTP client, shared for the life of the test process (AsyncHTTPClient wants
/// a shutdown before a client goes; a process-wide one never goes).
let testTransport = AsyncHTTPTransport(
  options: {
    var options = AsyncHTTPTransport.Options()
    options.readTimeout = .seconds(20)
    return options
  }())
